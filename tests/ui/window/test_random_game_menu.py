"""Game ▸ Random Game deals another installed game; Random Game Not Yet Played deals only a game
without statistics, and says so when there is none left."""

from __future__ import annotations

from collections.abc import Callable

from every_game import every_game_known

from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]


def test_random_game_deals_another_game(make_window: MakeWindow) -> None:
    window = make_window("klondike", 1)
    every_game_known(window)
    for _ in range(3):
        before = window.game.variant_id if window.game else None
        window.acts.random_game.trigger()
        assert window.game is not None and window.game.variant_id != before


def test_random_unplayed_deals_the_one_game_not_played(make_window: MakeWindow) -> None:
    window = make_window("klondike", 1)
    every_game_known(window)
    session = window.session
    assert session is not None
    games = list(window.variants())
    for variant_id in games:
        if variant_id != "yukon":
            session.stats.record(variant_id, {}, False, 1.0, 1)
    window.acts.random_unplayed.trigger()
    assert window.game is not None and window.game.variant_id == "yukon"
    session.stats.record("yukon", {}, False, 1.0, 1)
    window.acts.random_unplayed.trigger()
    assert window.game.variant_id == "yukon"  # nothing left: the table stays as it is
    assert "every game" in window.status.message.text()
