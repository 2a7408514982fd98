"""Work put off until the window's first frame: it runs once, after the paint, never before."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from aisle.testing.start_probe import start_script
from aisle.ui.qt.first_frame import after_first_frame
from aisle.ui.window.main_window import MainWindow


def _widest_picture(window: MainWindow) -> int:
    """How wide the undo icon's largest picture is (0: no icon yet)."""
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


def test_pieces_of_one_widget_share_one_filter_and_run_newest_first(
        qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    calls: list[int] = []
    for number in (1, 2, 3):
        after_first_frame(widget, lambda n=number: calls.append(n))  # type: ignore[misc]
    assert len(widget.findChildren(QObject)) == 1  # one filter sees the widget's events
    widget.show()
    widget.repaint()
    assert calls == []  # never inside the paint
    QApplication.sendPostedEvents()
    qtbot.waitUntil(lambda: calls == [3, 2, 1])
    # Asked for once the widget has painted: it waits for the next paint.
    after_first_frame(widget, lambda: calls.append(4))
    qtbot.wait(20)
    assert calls == [3, 2, 1]
    widget.repaint()
    qtbot.waitUntil(lambda: calls == [3, 2, 1, 4])


def test_toolbar_icons_arrive_after_the_first_frame_without_moving_anything(
    make_window: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    window = make_window("klondike", 3)
    toolbar = window.acts.toolbar
    # The style's icons come in once the table has been painted (make_window waits for it).
    qtbot.waitUntil(lambda: _widest_picture(window) > 0)
    height_with_icons = toolbar.sizeHint().height()
    assert toolbar.height() == height_with_icons
    fresh = MainWindow(window.settings)
    qtbot.addWidget(fresh)
    fresh.resize(window.size())
    # Before: no icons, the toolbar held at their height, so the table keeps its place.
    assert _widest_picture(fresh) == 0
    assert fresh.acts.toolbar.sizeHint().height() == height_with_icons
    fresh.show()
    qtbot.waitExposed(fresh)
    table_top = fresh.view.geometry().top()
    assert fresh.acts.toolbar.height() == height_with_icons
    fresh.acts.load_icons()
    assert _widest_picture(fresh) > 0
    assert fresh.acts.toolbar.sizeHint().height() == height_with_icons
    qtbot.wait(20)
    assert fresh.acts.toolbar.height() == height_with_icons
    assert fresh.view.geometry().top() == table_top


def test_shortcuts_arrive_after_the_first_frame_each_key_once(
    make_window: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    from PySide6.QtGui import QKeySequence

    window = make_window("klondike", 3)
    acts = window.acts
    qtbot.waitUntil(lambda: bool(acts.undo.shortcuts()))
    assert acts.new_game.shortcuts() == [QKeySequence(QKeySequence.StandardKey.New)]
    assert QKeySequence("Ctrl+Q") in acts.quit.shortcuts()
    assert acts.deal.shortcuts() == [QKeySequence("Ctrl+D")]
    for action in window.actions():
        keys = action.shortcuts()
        assert len(keys) == len(set(key.toString() for key in keys)), action.objectName()
    assert acts.restart.shortcuts() == [QKeySequence("Ctrl+R")]  # as AisleRiot binds it
    fresh = MainWindow(window.settings)  # never shown: no key yet (none can be pressed)
    qtbot.addWidget(fresh)
    assert fresh.acts.undo.shortcuts() == []
    fresh.acts.load_shortcuts()
    assert fresh.acts.undo.shortcuts() == acts.undo.shortcuts()


#: At the first painted table: whether the writer's thread runs yet and whether it is held; a
#: moment later, whether it was let go.
_WRITER_START = start_script("""
def at_first_paint(QApplication, QTimer):
    import threading
    from aisle.ui.window.main_window import MainWindow
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
    writer = window.session.writer
    running = any(thread.name == "aisle-writer" for thread in threading.enumerate())
    print("AT-PAINT", running, writer._held, flush=True)
    def later():
        print("LATER", writer._held, flush=True)
        QApplication.quit()
    QTimer.singleShot(1000, later)
""", size=None)


def test_nothing_is_written_beside_the_first_frame(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", AISLE_DATA_DIR=str(tmp_path / "data"),
               AISLE_CACHE_DIR=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    for game in ("klondike", "freecell"):  # a first start, and one that leaves a deal
        out = subprocess.run([sys.executable, "-c", _WRITER_START, "--game", game, "--seed", "3"],
                             env=env, capture_output=True, text=True, timeout=120,
                             check=True).stdout
        lines = [line for line in out.splitlines() if line.startswith(("AT-PAINT", "LATER"))]
        assert lines == ["AT-PAINT False True", "LATER False"]


#: At the first painted table: the game plugins imported so far.
_PLUGINS_START = start_script("""
def at_first_paint(QApplication, QTimer):
    print("PLUGINS", sorted(name for name in sys.modules if name.startswith("aisle_")
                            and "." not in name), flush=True)
    QTimer.singleShot(500, QApplication.quit)
""", size=None)


def test_a_start_imports_the_plugin_of_its_game_alone(tmp_path: Path) -> None:
    """The last game played is not imported when the start deals another (the window's
    New Game asked for it while being built)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", AISLE_DATA_DIR=str(tmp_path / "data"),
               AISLE_CACHE_DIR=str(tmp_path / "cache"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    lines: list[str] = []
    for game in ("freecell", "klondike"):
        out = subprocess.run([sys.executable, "-c", _PLUGINS_START, "--game", game, "--seed", "3"],
                             env=env, capture_output=True, text=True, timeout=120,
                             check=True).stdout
        lines = [line for line in out.splitlines() if line.startswith("PLUGINS")]
    assert lines == ["PLUGINS ['aisle_klondike']"]
