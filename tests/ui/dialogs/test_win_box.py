"""A win worth seeing: the win box tells the figures, the streak and the records beaten, offers
New Game and Select Game; the cards leap off the foundations (animations on) and are back home
whatever ends the show."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene
from pytestqt.qtbot import QtBot

from aisle.stats import WinReport
from aisle.ui.dialogs.select_game import SelectGameDialog
from aisle.ui.dialogs.small import win_summary
from aisle.ui.table.celebration import Celebration
from aisle.ui.window.main_window import MainWindow
from aisle.variant import Variant

from ..window.test_main_window import WonOnDeal

MakeWindow = Callable[..., MainWindow]
Register = Callable[[type[Variant]], None]


def test_the_win_box_tells_time_moves_score_and_offers_select_game(
        register: Register, make_window: MakeWindow, qtbot: QtBot) -> None:
    register(WonOnDeal)
    window = make_window("toy-won", 4)
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None and dialog.won and dialog.report is not None
    text = dialog.informativeText()
    assert "Time: " in text and "1 move" in text and "Score: " in text
    assert "Your first win of this game." in text
    dialog.named_button("select_game").click()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    qtbot.waitUntil(lambda: any(isinstance(child, SelectGameDialog) and child.isVisible()
                                for child in window.findChildren(SelectGameDialog)))


def test_a_second_win_counts_the_streak_and_no_first_win(
        register: Register, make_window: MakeWindow, qtbot: QtBot) -> None:
    register(WonOnDeal)
    window = make_window("toy-won", 4)
    window.acts.deal.trigger()
    first = window.end_dialog
    assert first is not None
    first.named_button("new_game").click()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    window.acts.deal.trigger()
    second = window.end_dialog
    assert second is not None and second.report is not None
    assert second.report.streak == 2 and not second.report.first_win
    assert "2 wins in a row" in second.informativeText()


def test_the_summary_names_each_record_beaten() -> None:
    report = WinReport(75.0, 80, 52, 52, 3, False, True, True)
    lines = win_summary(report).split("\n")
    assert lines[:3] == ["Time: 1:15", "80 moves", "Score: 52 of 52"]
    assert "3 wins in a row" in lines
    assert "A new record: your best time." in lines and "A new record: your fewest moves." in lines
    plain = win_summary(WinReport(75.0, 80, 52, 52, 1, False, False, False)).split("\n")
    assert len(plain) == 3


def _cards(scene: QGraphicsScene, count: int) -> list[QGraphicsRectItem]:
    items = []
    for n in range(count):
        item = scene.addRect(0, 0, 70, 100)
        item.setPos(500 + 10 * (n % 4), 20)
        item.setZValue(n)
        item.setVisible(n >= count - 4)  # as on foundations: only the top cards show
        items.append(item)
    return items


def test_the_cards_leap_then_come_home(qtbot: QtBot) -> None:
    scene = QGraphicsScene()
    items = _cards(scene, 12)
    homes = [(QPointF(item.pos()), item.zValue(), item.isVisible()) for item in items]
    ended: list[bool] = []
    show = Celebration()
    show.start(list(reversed(items)), 1000, 700, 100, seed=5, done=lambda: ended.append(True))
    show.advance(200)
    leaping = items[-1]
    assert leaping.pos() != homes[-1][0] and leaping.isVisible()
    show.advance(30_000)
    assert ended == [True] and not show.running
    assert [(item.pos(), item.zValue(), item.isVisible()) for item in items] == homes


def test_anything_that_follows_ends_the_show_with_every_card_home(qtbot: QtBot) -> None:
    scene = QGraphicsScene()
    items = _cards(scene, 8)
    homes = [(QPointF(item.pos()), item.isVisible()) for item in items]
    ended: list[bool] = []
    show = Celebration()
    show.start(items, 1000, 700, 100, done=lambda: ended.append(True))
    show.advance(500)
    assert any(item.pos() != home for item, (home, _shown) in zip(items, homes, strict=True))
    show.stop()
    assert [(item.pos(), item.isVisible()) for item in items] == homes and not ended


def test_no_show_with_animations_off(register: Register, make_window: MakeWindow) -> None:
    register(WonOnDeal)
    window = make_window("toy-won", 4)
    window.acts.animations.setChecked(False)
    assert window.scene.celebrate() is None
    window.acts.animations.setChecked(True)
    assert window.scene.celebrate() is not None


def test_the_win_box_waits_while_the_cards_begin_to_leap(
        register: Register, make_window: MakeWindow, qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # It came up at once, over the show: the cards flew behind it.
    from aisle.ui.window import main_window

    monkeypatch.setattr(main_window, "WIN_BOX_AFTER_MS", 300)
    register(WonOnDeal)
    window = make_window("toy-won", 4)
    # The toy's foundations hold no card to leap: a show that runs stands in for one.
    monkeypatch.setattr(window.scene, "celebrate", lambda: SimpleNamespace(running=True))
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None and not dialog.isVisible()
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    dialog.named_button("new_game").click()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    # Won again, and a new game dealt before the box came: the box never comes, and is gone.
    window.acts.deal.trigger()
    waiting = window.end_dialog
    assert waiting is not None and not waiting.isVisible()
    gone: list[bool] = []
    waiting.destroyed.connect(lambda *_args: gone.append(True))
    window.dealer.new_game()
    qtbot.waitUntil(lambda: bool(gone), timeout=2000)
    assert window.end_dialog is None
    # Won again, and the winning move taken back before the box came: no win to tell.
    window.acts.deal.trigger()
    waiting = window.end_dialog
    assert waiting is not None and not waiting.isVisible()
    waiting.destroyed.connect(lambda *_args: gone.append(True))
    window.player.undo()
    qtbot.waitUntil(lambda: len(gone) == 2, timeout=2000)
    assert window.end_dialog is None and window.game is not None and not window.game.history
