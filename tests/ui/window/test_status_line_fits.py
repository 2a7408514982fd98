"""A game's own status line is shown whole in the status bar of an 800x600 window, in every
language, whatever the deal (Kansas names the base card's rank: the longest rank name counts)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QApplication

from aisle import i18n
from aisle.registry.games import new_game
from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]
#: Deals enough to meet every base rank, and the games whose lines are checked.
SEEDS = range(1, 120)
GAMES = ("kansas",)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_games_status_line_fits_at_800_pixels(make_window: MakeWindow, language: str,
                                                  game_id: str) -> None:
    # A random deal's number is nine digits long, and its field in the status bar as wide.
    window = make_window(game_id, 123_456_789, size=(800, 600))
    window.switch_language(language)
    QApplication.processEvents()  # the status bar laid out anew around the language's texts
    assert window.width() == 800
    label = window.status.message
    lines: dict[str, str] = {}
    for seed in SEEDS:
        text = new_game(game_id, seed).status_text
        assert text is not None
        lines.setdefault(text.translate(), "")
    assert len(lines) >= 13  # every base rank met
    too_long = []
    for line in lines:
        label.setText(line)
        window.status.bar.fit()  # the deal number and the time give way if they must
        if label.is_elided():
            width = label.fontMetrics().horizontalAdvance(line)
            too_long.append(f"{line!r}: {width} px, room {label.room()}")
    assert not too_long, too_long


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_in_the_narrowest_window_the_deal_and_time_step_aside_for_the_games_line(
        make_window: MakeWindow, language: str) -> None:
    window = make_window("forty-thieves", 123_456_789, size=(300, 200))
    window.switch_language(language)
    QApplication.processEvents()
    status = window.status
    assert window.width() < 500  # the window keeps to its smallest size
    assert not status.message.is_elided(), status.message.text()  # "Stock left: 64", whole
    assert status.deal in status.bar.dropped and status.deal.isHidden()
    assert status.score.isVisible()
    window.resize(1200, 700)
    QApplication.processEvents()
    assert status.bar.dropped == () and status.deal.isVisible() and status.time.isVisible()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_in_the_narrowest_window_freecells_line_keeps_its_number(
        make_window: MakeWindow, language: str) -> None:
    """"Zusammen bewegbare Karten: 4": the score steps aside too, after the deal and the time,
    when the game's line needs it; the solver's word stays."""
    from aisle.ui.solver.indicator import Shown

    window = make_window("freecell", 123_456_789, size=(440, 380))
    window.switch_language(language)
    window.solver.indicator.show_state(Shown.SOLVING)  # the solver's longest word, as at a start
    window.solver.indicator.setVisible(True)
    QApplication.processEvents()
    status = window.status
    status.bar.fit()
    QApplication.processEvents()
    assert not status.message.is_elided(), status.message.text()
    assert status.deal in status.bar.dropped
    window.resize(1200, 700)
    QApplication.processEvents()
    assert status.bar.dropped == () and status.score.isVisible()
