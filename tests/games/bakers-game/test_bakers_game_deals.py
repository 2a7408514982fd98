"""Baker's Game's deals (pinned), its registration, whole games played by the hints and by the
solver, and the conformance kit."""

from __future__ import annotations

from aisle_bakers_game import BakersGame

from aisle.engine import Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance

test_bakers_game_conforms = conformance(BakersGame)


def test_the_entry_point_registers_bakers_game() -> None:
    info = available_variants()["bakers-game"]
    assert info.variant is BakersGame and info.plugin == "bakers-game"


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("bakers-game", 10)
    result = solve(game, Budget(seconds=300, positions=2000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)
