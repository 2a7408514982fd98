"""Work put off until the window's first frame: it runs once, after the paint, never before."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from aisle.ui.first_frame import after_first_frame
from aisle.ui.main_window import MainWindow


def _widest_picture(window: MainWindow) -> int:
    """How wide the undo icon's largest picture is (1: the blank stand-in)."""
    return max((size.width() for size in window.acts.undo.icon().availableSizes()), default=0)


def test_work_runs_once_after_the_first_paint(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[bool] = []
    after_first_frame(widget, lambda: calls.append(widget.isVisible()))
    qtbot.wait(20)
    assert calls == []  # not shown yet, so not painted
    widget.show()
    qtbot.waitUntil(lambda: calls == [True])
    widget.update()
    widget.repaint()
    qtbot.wait(20)
    assert calls == [True]


def test_work_of_a_widget_gone_before_it_ran_is_dropped(qtbot: QtBot) -> None:
    widget = QWidget()
    calls: list[int] = []
    after_first_frame(widget, lambda: calls.append(1))
    widget.show()
    widget.repaint()  # painted, the work queued
    widget.deleteLater()
    qtbot.wait(20)
    assert calls == []


def test_toolbar_icons_arrive_after_the_first_frame_without_moving_anything(
    make_window: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = make_window("klondike", 3)
    toolbar = window.acts.toolbar
    # The style's icons come in once the table has been painted (make_window waits for it).
    qtbot.waitUntil(lambda: _widest_picture(window) > 1)
    height_with_icons = toolbar.sizeHint().height()
    fresh = MainWindow(window.settings)
    qtbot.addWidget(fresh)
    # Before: a blank stand-in of the same size, so the toolbar (and so the table) keeps its size.
    assert _widest_picture(fresh) == 1
    assert fresh.acts.toolbar.sizeHint().height() == height_with_icons
    fresh.acts.load_icons()
    assert _widest_picture(fresh) > 1
    assert fresh.acts.toolbar.sizeHint().height() == height_with_icons
