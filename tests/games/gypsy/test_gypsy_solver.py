"""Gypsy's solver: the staged hunt reaches its wins (issue 29)."""

from __future__ import annotations

import pytest

from aisle.engine import Game, Status
from aisle.kit.solver_model import KitModel
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict
from aisle.solver.position import copy_board, copy_game
from aisle.solver.staged import StagedSearch


def _model(game: Game) -> KitModel:
    model = type(game.variant)(game.options).solver_model(copy_board(game.board))
    assert isinstance(model, KitModel)
    return model


@pytest.mark.parametrize("seed", [3, 10])
def test_the_staged_hunt_wins_with_short_stages(seed: int) -> None:
    """Short stages explored with the hunch win these deals in a few thousand positions; at
    Spider's long stages the same hunt spends 60,000 and wins neither."""
    game = new_game("gypsy", seed, {})
    model = _model(game)
    assert model.stage(model.start()) is not None
    search = StagedSearch(model, Budget(600, positions=60_000), None, float("inf"), False)
    assert search.run() is Verdict.WON
    replay = copy_game(game)
    for action in search.solution:
        replay.play(action)
    assert replay.status is Status.WON


def test_long_stages_spend_the_same_budget_without_a_win() -> None:
    """The comparison that shows what the model's short stages are for."""
    game = new_game("gypsy", 3, {})
    model = _model(game)
    model.stage_expansions, model.last_stage_expansions, model.hunch_in_stages = 1000, 20000, False
    search = StagedSearch(model, Budget(600, positions=60_000), None, float("inf"), False)
    assert search.run() is Verdict.UNKNOWN


def test_most_of_the_budget_goes_to_the_staged_hunt() -> None:
    game = new_game("gypsy", 1)
    model = _model(game)
    assert (model.hunt_shares, model.proof_share) == (game.variant.solver_hunt_shares,
                                                      game.variant.solver_proof_share)
    assert model.hunt_shares[1] > 0.5 > model.proof_share  # the stages win it; proofs rarely come
