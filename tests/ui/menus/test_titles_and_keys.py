"""Window titles never carry the application's name twice, in any language; keys are named the
way Qt names them for the language, and the Enter key has one name everywhere."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aisle import help as pages
from aisle import i18n
from aisle.i18n import _
from aisle.ui.dialogs.help_browser import HelpWindow, open_help
from aisle.ui.dialogs.info import ShortcutsDialog
from aisle.ui.qt.key_names import ENTER, key_text, keys_text
from aisle.ui.window.main_window import MainWindow

LANGUAGES = ("en", "de", "ru", "it")
HELP_SOURCE = Path(__file__).resolve().parents[3] / "help" / "aisle.md"


def titled_by_qt(title: str, name: str) -> str:
    """The title a window manager gets: Qt adds " — <display name>" to a title that does not
    already end with it (QPlatformWindow::formatWindowTitle)."""
    return title if title.endswith(name) else f"{title} — {name}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_title_names_the_application_twice(
        make_window: Callable[..., MainWindow], qtbot: QtBot, language: str) -> None:
    name = "Aisle"  # the application's display name (aisle.ui.app)
    window = make_window("klondike", 1)
    i18n.set_language(language)
    assert window.windowTitle().endswith(name)  # the main window's title ends with it already
    assert titled_by_qt(window.windowTitle(), name).count(name) == 1
    for page in (pages.GENERAL_PAGE, "klondike", "doublets"):
        help_window = open_help(window, page)
        assert isinstance(help_window, HelpWindow)
        page_title = pages.load_page(page).title
        shown = titled_by_qt(help_window.windowTitle(), name)
        # "How to play Aisle" may name it; the title around the page's title may not.
        assert shown.replace(page_title, "").count(name) == 1, shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_enter_key_has_one_name_in_the_shortcuts_dialog(
        make_window: Callable[..., MainWindow], qtbot: QtBot, language: str) -> None:
    window = make_window("klondike", 1)
    i18n.set_language(language)
    dialog = ShortcutsDialog(window.actions(), window)
    qtbot.addWidget(dialog)
    rows = dict(dialog.rows())
    enter = key_text(QKeySequence("Return"))
    assert enter == key_text(QKeySequence("Enter"))
    assert rows[_("Deal (on the stock)")].endswith(enter)
    assert rows[_("Pick up or put down the focused cards")] == rows[_("Deal (on the stock)")]
    assert rows[_("Double-click the focused slot")].endswith("+" + enter)
    assert not any(re.search(r"\bReturn\b", keys) for keys in rows.values())


def test_qt_names_the_keys_and_our_catalog_the_enter_key(
        make_window: Callable[..., MainWindow]) -> None:
    make_window("klondike", 1)
    i18n.set_language("de")  # the window installs Qt's German key names
    QApplication.processEvents()
    assert keys_text("Ctrl+Shift+Z") == "Strg+Umschalt+Z"
    assert keys_text("Ctrl+Return") == "Strg+" + ENTER.translate()
    assert keys_text("PgUp", "Return") == "Bild aufwärts, " + ENTER.translate()


def test_the_help_writes_keys_as_qt_does() -> None:
    """The keys in the general help page's table are in Qt's own words and order (Ctrl+Shift+Z,
    Esc), so the help and the menus agree; their translations follow Qt's names likewise."""
    cells = re.findall(r"^\| ([^|]+?) \|", HELP_SOURCE.read_text(encoding="utf-8"), re.MULTILINE)
    keys = [cell for cell in cells if " " not in cell and cell not in ("Key", "---")]
    assert "Ctrl+Shift+Z" in keys and "Esc" in keys
    portable = QKeySequence.SequenceFormat.PortableText
    for key in keys:
        assert QKeySequence(key, portable).toString(portable) == key
