"""Seahaven Towers's deals (pinned), its registration, whole games played by the hints and by the
solver, and the conformance kit."""

from __future__ import annotations

from aisle_seahaven import Seahaven

from aisle.engine import Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance

test_seahaven_conforms = conformance(Seahaven)


def test_the_entry_point_registers_seahaven() -> None:
    info = available_variants()["seahaven"]
    assert info.variant is Seahaven and info.plugin == "seahaven"


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("seahaven", 17)
    result = solve(game, Budget(seconds=300, positions=2000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)
