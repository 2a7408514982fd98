"""Game ▸ Random Game: any installed game but the one on the table; or one not yet played."""

from __future__ import annotations

import random

from aisle.random_game import pick_game

GAMES = ["klondike", "freecell", "spider", "yukon"]


def test_any_game_but_the_one_on_the_table() -> None:
    chooser = random.Random(1)
    picked = {pick_game(GAMES, "spider", [], False, chooser) for _ in range(200)}
    assert picked == {"klondike", "freecell", "yukon"}


def test_only_games_not_yet_played_when_asked() -> None:
    chooser = random.Random(2)
    picked = {pick_game(GAMES, "klondike", ["klondike", "spider"], True, chooser) for _ in range(200)}
    assert picked == {"freecell", "yukon"}


def test_the_current_game_when_it_is_the_only_one_left() -> None:
    assert pick_game(["klondike"], "klondike", [], False) == "klondike"
    assert pick_game(GAMES, "yukon", ["klondike", "freecell", "spider"], True) == "yukon"


def test_nothing_when_every_game_was_played() -> None:
    assert pick_game(GAMES, None, GAMES, True) is None
    assert pick_game([], None, [], False) is None
