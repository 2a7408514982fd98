"""The first frame does without PySide6's `Qt` namespace (built whole on first touch, a tenth of
the start-up): the numbers it uses instead are Qt's own, and a real start shows no `Qt` before
its first paint."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsView, QLabel

from aisle.ui.qt import qt_values
from aisle.ui.qt.qt_values import set_properties


@pytest.mark.parametrize(("name", "enum"), [
    ("SCROLL_BAR_ALWAYS_OFF", Qt.ScrollBarPolicy.ScrollBarAlwaysOff),
    ("ALIGN_LEFT", Qt.AlignmentFlag.AlignLeft),
    ("ALIGN_RIGHT", Qt.AlignmentFlag.AlignRight),
    ("ALIGN_ABSOLUTE", Qt.AlignmentFlag.AlignAbsolute),
    ("ALIGN_HORIZONTAL_MASK", Qt.AlignmentFlag.AlignHorizontal_Mask),
    ("ALIGN_TOP", Qt.AlignmentFlag.AlignTop),
    ("ALIGN_VCENTER", Qt.AlignmentFlag.AlignVCenter),
    ("STRONG_FOCUS", Qt.FocusPolicy.StrongFocus),
    ("PLAIN_TEXT", Qt.TextFormat.PlainText),
    ("WINDOW_SHORTCUT", Qt.ShortcutContext.WindowShortcut),
    ("NO_ARROW", Qt.ArrowType.NoArrow),
    ("UP_ARROW", Qt.ArrowType.UpArrow),
    ("COLOR_SCHEME_LIGHT", Qt.ColorScheme.Light),
    ("COLOR_SCHEME_DARK", Qt.ColorScheme.Dark),
    ("TOOL_BUTTON_ICON_ONLY", Qt.ToolButtonStyle.ToolButtonIconOnly),
    ("TOOL_BUTTON_TEXT_BESIDE_ICON", Qt.ToolButtonStyle.ToolButtonTextBesideIcon),
])
def test_each_number_is_qts_own(name: str, enum: object) -> None:
    assert getattr(qt_values, name) == enum.value  # type: ignore[attr-defined]


def test_properties_set_by_number_read_back_as_enums(qtbot: object) -> None:
    view = QGraphicsView()
    set_properties(view, horizontalScrollBarPolicy=qt_values.SCROLL_BAR_ALWAYS_OFF,
                   alignment=qt_values.ALIGN_LEFT | qt_values.ALIGN_TOP,
                   focusPolicy=qt_values.STRONG_FOCUS)
    assert view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert view.alignment() == Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
    assert view.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_a_misspelt_property_is_an_error_not_a_new_one() -> None:
    label = QLabel()
    with pytest.raises(ValueError, match="textFromat"):
        set_properties(label, textFromat=qt_values.PLAIN_TEXT)
    assert label.dynamicPropertyNames() == []


#: Starts Aisle as a player would (offscreen), and at its first painted table says whether
#: PySide6's `Qt` namespace exists yet; then lives on a moment so the pictures are kept.
_START = r"""
import importlib.machinery, sys
def patch(app):
    opened = app.open_game
    def open_game(window, *args):
        from PySide6.QtCore import QEvent, QObject, QTimer
        from PySide6.QtWidgets import QApplication
        class First(QObject):
            done = False
            def eventFilter(self, watched, event):
                if event.type() == QEvent.Type.Paint and not self.done:
                    QApplication.postEvent(self, QEvent(QEvent.Type.User))  # once painted
                elif event.type() == QEvent.Type.User and watched is self and not self.done:
                    self.done = True
                    import PySide6.QtCore
                    print("QT-BUILT", "Qt" in PySide6.QtCore.__dict__, flush=True)
                    QTimer.singleShot(1500, QApplication.quit)
                return False
        global first
        first = First()
        first.installEventFilter(first)
        window.view.viewport().installEventFilter(first)
        opened(window, *args)
    app.open_game = open_game
class Hook:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "aisle.ui.app":
            return None
        sys.meta_path.remove(Hook)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            patch(module)
        spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, Hook)
from aisle.cli import main
sys.exit(main(["--game", "klondike", "--seed", "3"]))
"""


def _built_at_first_paint(folder: Path) -> bool:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", AISLE_DATA_DIR=str(folder / "data"),
               AISLE_CACHE_DIR=str(folder / "cache"), XDG_CONFIG_HOME=str(folder / "config"))
    out = subprocess.run([sys.executable, "-c", _START], env=env, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    return next(line.split()[1] for line in out.splitlines() if line.startswith("QT-BUILT")) == "True"


def test_a_start_paints_its_table_before_building_the_qt_namespace(tmp_path: Path) -> None:
    # The first start draws the baize and keeps the pictures; the second restores the window's
    # geometry (fitted to the offscreen screen: another size, another baize).
    for _warming in range(2):
        _built_at_first_paint(tmp_path)
    assert _built_at_first_paint(tmp_path) is False
