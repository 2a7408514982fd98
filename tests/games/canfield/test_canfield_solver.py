"""Canfield's table under the kit's exact model (the game itself is solved with its own model,
plugins/aisle_canfield/solving.py, tests in test_canfield_model.py) and its family's hunts
(`CanfieldFamily.solver_hunt_shares`): best-first first. On deal 8 the best-first hunt wins
within a thousand positions, where the depth-first hunt has not won after three thousand; the
win replays; the solver wins the deal."""

from __future__ import annotations

from aisle.engine import Game, Status
from aisle.kit.solver_model import KitModel
from aisle.kit.solver_models import model_of as kit_model_of
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.model_search import BestFirst, ModelSearch

DEAL = 8


def model_of(game: Game) -> KitModel:
    model = kit_model_of(game.variant, game.board)  # the kit's, not the game's own
    assert isinstance(model, KitModel)
    return model


def test_the_best_first_hunt_wins_where_the_depth_first_one_is_still_looking() -> None:
    game = new_game("canfield", DEAL)
    depth_first = ModelSearch(model_of(game), Budget(600, positions=3_000), None, float("inf"), hunch=True)
    assert depth_first.run() is Verdict.UNKNOWN
    best_first = BestFirst(model_of(game), Budget(600, positions=1_000), None, float("inf"), hunch=True)
    assert best_first.run() is Verdict.WON
    replay = new_game("canfield", DEAL)
    replay.auto_up = False
    for action in best_first.solution:
        replay.play(action)
    assert replay.status is Status.WON


def test_the_solver_wins_the_deal() -> None:
    result = solve(new_game("canfield", DEAL), Budget(600, positions=3_000))
    assert result.verdict is Verdict.WON
