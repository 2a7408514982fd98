"""Aunt Mary's solver hunts (`AuntMary.solver_hunt_shares`): a game may name its own order of
the hunts, before its family's; most of Aunt Mary's budget goes to the exhaustive search, which
proves its lost deals (so for Easthaven's and Agnes's). Canfield's table, under the kit's model
(the game itself plays its own, plugins/aisle_canfield/solving.py), keeps its family's shares and
Whitehead the model's own (Gypsy names its own too: most to the staged hunt, tests/games/gypsy)."""

from __future__ import annotations

import pytest
from aisle_agnes.game import Agnes
from aisle_aunt_mary.game import AuntMary
from aisle_easthaven.game import Easthaven

from aisle.kit.solver_model import KitModel
from aisle.kit.solver_models import model_of as kit_model_of
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve


def model_of(game_id: str, deal: int = 1) -> KitModel:
    game = new_game(game_id, deal)
    model = kit_model_of(game.variant, game.board)  # the kit's, even where a game has its own
    assert isinstance(model, KitModel)
    return model


@pytest.mark.parametrize("game", [AuntMary, Easthaven, Agnes])
def test_the_game_names_its_own_shares_of_the_budget(game: type[AuntMary | Easthaven | Agnes]) -> None:
    model = model_of(game.id)
    assert model.hunt_shares == game.solver_hunt_shares
    assert model.proof_share == game.solver_proof_share
    assert sum(model.hunt_shares) < model.proof_share + 0.5  # the exhaustive search gets the most


def test_games_that_name_none_keep_their_familys_or_the_models_shares() -> None:
    assert model_of("canfield").hunt_shares == (0.02, 0.6)
    whitehead = model_of("whitehead")
    assert (whitehead.hunt_shares, whitehead.proof_share) == (KitModel.hunt_shares,
                                                              KitModel.proof_share)


def test_a_lost_deal_is_still_proved_lost() -> None:
    result = solve(new_game("aunt-mary", 11), Budget(600, positions=5_000))
    assert result.verdict is Verdict.LOST
