"""Accordion's deals (pinned), its registration, whole games played by the hints, the solver's
model against the engine, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_accordion import Accordion

from aisle.engine import Game, Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.testing.solver_model import cross_check

test_accordion_conforms = conformance(Accordion)


def play_by_hints(seed: int) -> Game:
    game = new_game("accordion", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
        assert position(game) not in seen
        seen.add(position(game))
    return game


def test_the_entry_point_registers_accordion() -> None:
    info = available_variants()["accordion"]
    assert info.variant is Accordion and info.plugin == "accordion"


@pytest.mark.parametrize(("seed", "score"), [(1, 46), (2, 39), (6, 48)])
def test_whole_games_played_by_the_hints_end_lost(seed: int, score: int) -> None:
    game = play_by_hints(seed)
    assert (game.status, game.score, len(game.history)) == (Status.LOST, score, score)
    assert game.legal_actions() == [] and game.hint() is None


def test_the_solver_model_agrees_with_the_engine() -> None:
    assert cross_check(Accordion, None, seeds=(1, 2), steps=50) > 60
