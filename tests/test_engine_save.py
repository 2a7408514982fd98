"""Saving and restoring: exact round trips, and clear errors for every kind of bad input."""

from __future__ import annotations

import json

import pytest
from toy_game import ToyGame

from aisle.engine import Deal, Game, SaveError
from aisle.registry.games import restore_game
from aisle.testing import position, random_play

VARIANTS = {"toy": ToyGame}


def _saved(**changes: object) -> str:
    game = random_play(ToyGame, {"redeals": "one"}, 4, steps=60, sweep_every=0)
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data)


def test_round_trip_keeps_history_redo_time_and_moves() -> None:
    game = random_play(ToyGame, {"redeals": "one"}, 4, steps=80, sweep_every=0)
    game.undo()
    game.undo()
    game.elapsed = 61.25
    restored = restore_game(game.to_json(), VARIANTS)
    assert position(restored) == position(game)
    assert len(restored.history) == len(game.history) and len(restored.future) == 2
    assert (restored.moves, restored.elapsed, restored.seed) == (game.moves, 61.25, 4)
    restored.redo()
    game.redo()
    assert position(restored) == position(game)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        ("{", "not JSON"),
        ("[1, 2]", "not a saved game"),
        ('{"format": "other"}', "not a saved game"),
        ("[" * 100000 + "]" * 100000, "not JSON"),
    ],
)
def test_garbage_is_refused(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        restore_game(text, VARIANTS)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"version": 99}, "newer Aisle"),
        ({"version": "1"}, "wrong type"),
        ({"variant": "golf"}, "unknown game"),
        ({"seed": -5}, "deal number"),
        ({"seed": 10**40}, "deal number"),
        ({"seed": True}, "wrong type"),
        ({"options": {"redeals": "seven"}}, "takes one of"),
        ({"history": [{"move": ["stock", 1, "foundation-1"]}]}, "does not replay"),
        ({"history": [{"fly": 1}]}, "does not replay"),
        ({"history": "lots"}, "wrong type"),
        ({"moves": 10**12}, "out of range"),
        ({"elapsed": float("inf")}, "out of range"),
        ({"elapsed": -1}, "out of range"),
        ({"position": []}, "does not match"),
    ],
)
def test_bad_fields_are_refused_with_the_reason(changes: dict[str, object], message: str) -> None:
    with pytest.raises(SaveError, match=message):
        restore_game(_saved(**changes), VARIANTS)


def test_missing_field_is_named() -> None:
    data = json.loads(_saved())
    del data["history"]
    with pytest.raises(SaveError, match="no 'history'"):
        restore_game(json.dumps(data), VARIANTS)


def test_a_fresh_game_round_trips() -> None:
    game = Game.new(ToyGame, 0)
    game.play(Deal())
    assert restore_game(game.to_json(), VARIANTS).to_json() == game.to_json()
