"""Beleaguered Castle's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

from aisle_beleaguered_castle import BeleagueredCastle

from aisle.engine import Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.solver_model import cross_check

test_beleaguered_castle_conforms = conformance(BeleagueredCastle)


def test_the_entry_point_registers_beleaguered_castle() -> None:
    info = available_variants()["beleaguered-castle"]
    assert info.variant is BeleagueredCastle and info.plugin == "beleaguered-castle"


def test_the_solvers_model_agrees_with_the_rules() -> None:
    assert cross_check(BeleagueredCastle, {}, seeds=(1, 2), steps=60) > 20


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("beleaguered-castle", 3)
    result = solve(game, Budget(seconds=300, positions=10_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 48)
