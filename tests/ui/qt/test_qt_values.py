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

from aisle.testing.start_probe import start_script
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


#: Says at the first painted table whether PySide6's `Qt` namespace exists yet; then lives on
#: a moment so the pictures are kept.
_START = start_script("""
def at_first_paint(QApplication, QTimer):
    import PySide6.QtCore
    print("QT-BUILT", "Qt" in PySide6.QtCore.__dict__, flush=True)
    QTimer.singleShot(1500, QApplication.quit)
""", size=None)


def _built_at_first_paint(folder: Path) -> bool:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", AISLE_DATA_DIR=str(folder / "data"),
               AISLE_CACHE_DIR=str(folder / "cache"), XDG_CONFIG_HOME=str(folder / "config"))
    out = subprocess.run([sys.executable, "-c", _START, "--game", "klondike", "--seed", "3"], env=env,
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return next(line.split()[1] for line in out.splitlines() if line.startswith("QT-BUILT")) == "True"


def test_a_start_paints_its_table_before_building_the_qt_namespace(tmp_path: Path) -> None:
    # The first start draws the baize and keeps the pictures; the second restores the window's
    # geometry (fitted to the offscreen screen: another size, another baize).
    for _warming in range(2):
        _built_at_first_paint(tmp_path)
    assert _built_at_first_paint(tmp_path) is False
