"""Fortress's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

from aisle_fortress import Fortress

from aisle.engine import Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.solver_model import cross_check

test_fortress_conforms = conformance(Fortress)


def test_the_entry_point_registers_fortress() -> None:
    info = available_variants()["fortress"]
    assert info.variant is Fortress and info.plugin == "fortress"


def test_the_solvers_model_agrees_with_the_rules() -> None:
    # Random play ends fast in Fortress (most deals are lost): eight deals give enough positions.
    assert cross_check(Fortress, {}, seeds=tuple(range(1, 9)), steps=60) > 20


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("fortress", 1)
    result = solve(game, Budget(seconds=300, positions=10_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)
