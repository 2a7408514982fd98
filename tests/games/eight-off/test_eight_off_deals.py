"""Eight Off's deals (pinned), its registration, whole games played by the hints and by the
solver, and the conformance kit."""

from __future__ import annotations

from aisle_eight_off import EightOff

from aisle.engine import Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance

test_eight_off_conforms = conformance(EightOff)


def test_the_entry_point_registers_eight_off() -> None:
    info = available_variants()["eight-off"]
    assert info.variant is EightOff and info.plugin == "eight-off"


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("eight-off", 5)
    result = solve(game, Budget(seconds=300, positions=2000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)
