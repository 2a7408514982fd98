"""Switching language in the running window retranslates what is on screen at once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from PySide6.QtGui import QAction
from toy_game import ToyGame

from aisle import i18n
from aisle.ui.window.main_window import MainWindow

#: A few German messages, in case the real catalog is not written yet (it comes first if it is).
_GERMAN = {
    "&Game": "&Spiel",
    "&Undo Move": "Zug &rückgängig",
    "Score: {score} of {max}": "Punkte: {score} von {max}",
    "Select Game": "Spiel wählen",
    "Toy": "Spielzeug",
}


@pytest.fixture
def german(tmp_path: Path) -> None:
    catalog = Catalog(locale="de", domain=i18n.DOMAIN)
    for msgid, msgstr in _GERMAN.items():
        catalog.add(msgid, msgstr)
    folder = tmp_path / "locale"
    (folder / "de" / "LC_MESSAGES").mkdir(parents=True)
    with (folder / "de" / "LC_MESSAGES" / "aisle.po").open("wb") as handle:
        write_po(handle, catalog)
    i18n.add_locale_folder(i18n.DOMAIN, folder)


def test_switching_language_retranslates_the_open_window(
    german: None, toy: type[ToyGame], make_window: Callable[..., MainWindow]
) -> None:
    window = make_window("toy", 1)
    english = {
        "game menu": window.acts.game_menu.title(),
        "undo": window.acts.undo.text(),
        "score": window.status.score.text(),
        "options": window.acts.options_menu.title().replace("&", ""),
    }
    window.extras.select_game()
    dialog = window.extras.open["select_game"]
    assert dialog.windowTitle() == "Select Game"
    window.acts.language_menu.aboutToShow.emit()
    german_action = window.acts.language_menu.findChild(QAction, "language_de")
    assert german_action is not None and german_action.text().replace("&", "") == "Deutsch"
    german_action.trigger()
    assert i18n.language() == "de"
    assert window.settings.language == "de"
    now = {
        "game menu": window.acts.game_menu.title(),
        "undo": window.acts.undo.text(),
        "score": window.status.score.text(),
        "options": window.acts.options_menu.title().replace("&", ""),
    }
    for key, text in now.items():
        assert text != english[key], key
    assert now["game menu"] == i18n._("&Game")
    assert dialog.windowTitle() == i18n._("Select Game")
    assert dialog.windowTitle() != "Select Game"
    window.acts.language_menu.aboutToShow.emit()
    english_action = window.acts.language_menu.findChild(QAction, "language_en")
    assert english_action is not None
    english_action.trigger()
    assert window.acts.game_menu.title() == english["game menu"]
    assert window.status.score.text() == english["score"]


def test_a_screen_reader_is_told_the_menus_names_changed(
        make_window: Callable[..., MainWindow], monkeypatch: pytest.MonkeyPatch) -> None:
    # Qt tells it of a widget's own name, not of a menu entry's text: the menus were read in
    # the language before.
    from PySide6.QtGui import QAccessible, QAccessibleEvent

    window = make_window("klondike", 1)
    told: list[tuple[object, int]] = []

    def heard(event: QAccessibleEvent) -> None:
        if event.type() == QAccessible.Event.NameChanged:
            told.append((event.object(), event.child()))

    monkeypatch.setattr(QAccessible, "updateAccessibility", heard)
    window.switch_language("de")
    try:
        bar = window.menuBar()
        assert {(bar, index) for index in range(len(bar.actions()))} <= set(told)
        game_menu = window.acts.game_menu
        assert (game_menu, 0) in told and len(told) >= len(bar.actions()) + len(game_menu.actions())
    finally:
        window.switch_language("en")
