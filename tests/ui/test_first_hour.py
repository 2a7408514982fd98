"""What a new player notices in the first hour: no empty game menu, status fields that stay put."""

from __future__ import annotations

from collections.abc import Callable

from aisle.ui.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]


def test_a_game_without_options_shows_no_game_menu(make_window: MakeWindow) -> None:
    window = make_window("yukon", 3)
    menu = window.acts.options_menu
    assert not window.game.variant.options  # type: ignore[union-attr]
    assert not menu.menuAction().isVisible()
    # A game with options brings its menu back, named after the game, with its choices.
    window.start_game("klondike", 3)
    assert menu.menuAction().isVisible() and menu.isEnabled()
    assert menu.title() == "Klondike" and menu.actions()
    window.start_game("freecell", 3)
    assert not menu.menuAction().isVisible()


def test_status_fields_keep_their_place_when_the_deal_number_gets_shorter(
        make_window: MakeWindow) -> None:
    window = make_window("klondike", 123_456_789)
    bar = window.status

    def places() -> list[int]:
        return [label.geometry().left() for label in (bar.score, bar.time, bar.deal)]

    window.status.bar.layout().activate()  # type: ignore[union-attr]
    before = places()
    assert window.start_game("klondike", 7)
    window.status.bar.layout().activate()  # type: ignore[union-attr]
    assert window.status.deal.text() == "Deal 7"
    assert places() == before
