"""Scorpion's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_scorpion import Scorpion

from aisle.engine import Game, Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.variant import Variant

test_conformance = conformance(Scorpion)


def play_by_hints(seed: int) -> Game:
    game = new_game("scorpion", seed)
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None  # while the game is on there is one
        game.play(hint.action)
    return game


def test_the_entry_point_registers_scorpion() -> None:
    info = available_variants()["scorpion"]
    assert info.variant is Scorpion and info.plugin == "scorpion"


def test_a_whole_game_won_by_following_the_hints() -> None:
    game = play_by_hints(10)
    assert (game.status, game.score, len(game.history)) == (Status.WON, 100, 50)


def test_a_whole_game_that_the_hints_take_to_its_end() -> None:
    game = play_by_hints(1)
    assert (game.status, game.score, len(game.history)) == (Status.LOST, 42, 29)
    assert game.legal_actions() == [] and game.hint() is None


@pytest.mark.parametrize("seed", [1, 10])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("scorpion", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
