"""Help ▸ Keyboard Shortcuts (keys never wrap, the wheel scrolls briskly) and View ▸ Configure
Shortcuts (record, clear, defaults, conflicts refused by name, remembered, applied at once)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QKeySequence, QWheelEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QStyle, QTableWidget
from pytestqt.qtbot import QtBot

from aisle import i18n
from aisle.storage import Settings, _settings_from
from aisle.ui.dialogs.info import ShortcutsDialog
from aisle.ui.dialogs.shortcuts import ShortcutsEditor
from aisle.ui.menus.key_bindings import KeyBindings, action_label, is_table_key
from aisle.ui.window.main_window import MainWindow

LANGUAGES = ("en", "de", "ru", "it")


def window_with_keys(make_window: Callable[..., MainWindow], qtbot: QtBot) -> MainWindow:
    window = make_window("klondike", 1)
    qtbot.waitUntil(lambda: bool(window.acts.undo.shortcuts()))
    return window


def open_dialog(window: MainWindow, qtbot: QtBot, name: str) -> object:
    opener = {"shortcuts": window.extras.shortcuts,
              "shortcuts_editor": window.extras.configure_shortcuts}[name]
    opener()
    dialog = window.extras.open[name]
    qtbot.waitExposed(dialog)
    return dialog


def one_line_fits(table: QTableWidget, row: int, column: int) -> bool:
    """The cell's text fits its width on one line (what the item delegate can draw)."""
    item = table.item(row, column)
    assert item is not None
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    room = table.columnWidth(column) - 2 * margin
    metrics = table.fontMetrics()
    lines = metrics.boundingRect(QRect(0, 0, room, 10_000), Qt.TextFlag.TextWordWrap,
                                 item.text())
    return lines.height() <= metrics.lineSpacing() * 1.5


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_key_cell_wraps(make_window: Callable[..., MainWindow], qtbot: QtBot,
                           language: str) -> None:
    window = window_with_keys(make_window, qtbot)
    i18n.set_language(language)
    dialog = open_dialog(window, qtbot, "shortcuts")
    assert isinstance(dialog, ShortcutsDialog)
    table = dialog.table
    texts = [table.item(row, 1).text() for row in range(table.rowCount())]
    assert any("," in text for text in texts)  # "Ctrl+Home, Ctrl+End" and the like are there
    for row in range(table.rowCount()):
        assert one_line_fits(table, row, 1), (language, texts[row])
    # The actions keep a readable column beside them.
    assert table.columnWidth(0) >= table.fontMetrics().averageCharWidth() * 25


def test_one_wheel_notch_scrolls_several_rows(make_window: Callable[..., MainWindow],
                                              qtbot: QtBot) -> None:
    window = window_with_keys(make_window, qtbot)
    dialog = open_dialog(window, qtbot, "shortcuts")
    assert isinstance(dialog, ShortcutsDialog)
    dialog.resize(dialog.width(), 260)  # so that the list scrolls
    qtbot.waitUntil(lambda: dialog.table.verticalScrollBar().maximum() > 0)
    bar = dialog.table.verticalScrollBar()
    viewport = dialog.table.viewport()
    centre = QPointF(viewport.rect().center())
    notch = QWheelEvent(centre, QPointF(viewport.mapToGlobal(centre)), QPoint(0, 0),
                        QPoint(0, -120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, notch)
    moved = bar.value()
    assert moved >= min(bar.maximum(), 2 * dialog.table.rowHeight(0))


def editor(window: MainWindow, qtbot: QtBot) -> ShortcutsEditor:
    dialog = open_dialog(window, qtbot, "shortcuts_editor")
    assert isinstance(dialog, ShortcutsEditor)
    return dialog


def record(dialog: ShortcutsEditor, action_name: str, key: str, alternate: bool = False) -> None:
    dialog.select(action_name)
    edit = dialog.alternate_edit if alternate else dialog.key_edit
    edit.setKeySequence(QKeySequence(key))
    edit.editingFinished.emit()


def test_a_recorded_key_works_at_once_and_is_remembered(
    make_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:
    window = window_with_keys(make_window, qtbot)
    dialog = editor(window, qtbot)
    record(dialog, "hint", "Ctrl+J")
    assert window.acts.hint.shortcuts() == [QKeySequence("Ctrl+J")]
    assert window.settings.shortcuts == {"hint": ["Ctrl+J"]}
    assert dialog.refused is None
    # Remembered: the settings written and read back give the next window the same key.
    again, dropped = _settings_from({"version": 1, "shortcuts": window.settings.shortcuts})
    assert dropped == 0
    other = make_window("klondike", 1)
    other.settings.shortcuts = again.shortcuts
    other.key_bindings.apply()
    assert other.acts.hint.shortcuts() == [QKeySequence("Ctrl+J")]
    # The key triggers the action, in the window (the editor closed, the other window gone).
    dialog.close()
    other.close()
    fired: list[bool] = []
    window.acts.hint.triggered.connect(lambda: fired.append(True))
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window.view, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert fired


def test_a_key_of_another_action_is_refused_by_name(
    make_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:
    window = window_with_keys(make_window, qtbot)
    dialog = editor(window, qtbot)
    before = window.acts.hint.shortcuts()
    record(dialog, "hint", "Ctrl+D")
    assert window.acts.hint.shortcuts() == before
    assert window.acts.deal.shortcuts() == [QKeySequence("Ctrl+D")]
    assert dialog.refused is not None and action_label(window.acts.deal) in dialog.refused
    assert dialog.key_edit.keySequence() == before[0]  # the field shows the keys as they were
    box = dialog.findChild(QMessageBox, "shortcut_refused")
    assert box is not None and action_label(window.acts.deal) in box.text()
    assert "hint" not in window.settings.shortcuts


def test_table_keys_are_refused(make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = window_with_keys(make_window, qtbot)
    dialog = editor(window, qtbot)
    for key in ("Space", "Left", "Ctrl+Home", "Ctrl+Return", "Esc"):
        record(dialog, "hint", key)
        assert dialog.refused is not None, key
        assert QKeySequence(key) not in window.acts.hint.shortcuts()
    assert not is_table_key(QKeySequence("Alt+Left"))


def test_clear_default_and_reset_all(make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = window_with_keys(make_window, qtbot)
    dialog = editor(window, qtbot)
    redo_keys = window.acts.redo.shortcuts()
    assert len(redo_keys) == 2
    dialog.select("redo")
    dialog.clear_button.click()
    assert window.acts.redo.shortcuts() == []
    assert window.settings.shortcuts == {"redo": []}
    # A key freed by clearing may go to another action.
    record(dialog, "hint", redo_keys[0].toString())
    assert window.acts.hint.shortcuts() == [redo_keys[0]]
    # Redo's default is refused now, naming the action that has the key.
    dialog.select("redo")
    dialog.default_button.click()
    assert window.acts.redo.shortcuts() == []
    assert dialog.refused is not None and action_label(window.acts.hint) in dialog.refused
    record(dialog, "undo", "Ctrl+Alt+U", alternate=True)
    assert window.acts.undo.shortcuts()[1] == QKeySequence("Ctrl+Alt+U")
    dialog.reset_all_button.click()
    assert window.settings.shortcuts == {}
    assert window.acts.redo.shortcuts() == redo_keys
    assert len(window.acts.undo.shortcuts()) == 1
    assert window.acts.hint.shortcuts() == [QKeySequence("Ctrl+H")]


def test_the_shortcuts_list_follows_the_editor(make_window: Callable[..., MainWindow],
                                               qtbot: QtBot) -> None:
    window = window_with_keys(make_window, qtbot)
    listing = open_dialog(window, qtbot, "shortcuts")
    assert isinstance(listing, ShortcutsDialog) and listing.change_button is not None
    listing.change_button.click()
    dialog = window.extras.open["shortcuts_editor"]
    assert isinstance(dialog, ShortcutsEditor)
    record(dialog, "hint", "Ctrl+J")
    rows = dict(listing.rows())
    assert rows[action_label(window.acts.hint)] == QKeySequence("Ctrl+J").toString(
        QKeySequence.SequenceFormat.NativeText)


def test_saved_keys_apply_and_a_default_never_takes_a_key_the_player_gave(qtbot: QtBot,
                                                                           make_window: Callable[
                                                                               ..., MainWindow],
                                                                           ) -> None:
    window = make_window("klondike", 1)
    window.settings.shortcuts = {"deal": ["Ctrl+U"], "send_all_up": ["Ctrl+Alt+S"],
                                 "hint": ["not a key at all ++"], "no_such_action": ["F5"]}
    window.key_bindings.apply()
    assert window.acts.deal.shortcuts() == [QKeySequence("Ctrl+U")]
    assert window.acts.send_all_up.shortcuts() == [QKeySequence("Ctrl+Alt+S")]
    assert window.acts.new_game.shortcuts() == [QKeySequence(QKeySequence.StandardKey.New)]
    # Giving a second action a saved key of the first is impossible, whatever the order.
    window.settings.shortcuts = {"undo": ["Ctrl+D"]}
    window.key_bindings.apply()
    assert window.acts.undo.shortcuts() == [QKeySequence("Ctrl+D")]
    assert window.acts.deal.shortcuts() == []
    everything = [key.toString() for a in window.key_bindings.actions() for key in a.shortcuts()]
    assert len(everything) == len(set(everything))


def test_settings_keep_only_usable_shortcuts() -> None:
    settings, dropped = _settings_from({"version": 1, "shortcuts": {
        "hint": ["Ctrl+J"], "undo": [], "bad": "Ctrl+K", "worse": [1, 2], "many": ["A"] * 9}})
    assert settings.shortcuts == {"hint": ["Ctrl+J"], "undo": []}
    assert dropped == 3
    assert Settings().shortcuts == {}


def test_every_action_is_listed_once(make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    window = window_with_keys(make_window, qtbot)
    bindings: KeyBindings = window.key_bindings
    names = [action.objectName() for action in bindings.actions()]
    assert len(names) == len(set(names))
    for expected in ("new_game", "undo", "hint", "save_game_as", "open_game",
                     "configure_shortcuts", "about"):
        assert expected in names


def test_an_action_of_a_submenu_is_named_with_its_submenu(make_window: Callable[..., MainWindow],
                                                         qtbot: QtBot) -> None:
    window = window_with_keys(make_window, qtbot)
    assert action_label(window.acts.theme_dark) == "Theme ▸ Dark"
    assert action_label(window.acts.hint) == "Hint"  # in a menu of the menu bar: its text alone
    dialog = editor(window, qtbot)
    names = [dialog.table.item(row, 0).text() for row in range(dialog.table.rowCount())]
    assert "Theme ▸ Dark" in names and "Dark" not in names


def test_a_key_the_settings_give_twice_stays_with_the_first_and_the_player_is_told(
        qtbot: QtBot, make_window: Callable[..., MainWindow]) -> None:
    window = make_window("klondike", 1)
    # A settings file edited by hand: Ctrl+J for two actions, Ctrl+K for one of them too.
    window.settings.shortcuts = {"hint": ["Ctrl+J"], "deal": ["Ctrl+J", "Ctrl+K"]}
    told = window.key_bindings.apply()
    first, second = sorted((window.acts.hint, window.acts.deal),
                           key=window.key_bindings.actions().index)
    assert QKeySequence("Ctrl+J") in first.shortcuts()
    assert QKeySequence("Ctrl+J") not in second.shortcuts()
    # Hint, left with no key of its own, has its default again rather than none.
    assert window.acts.hint.shortcuts() == window.key_bindings.defaults(window.acts.hint)
    assert "hint" not in window.settings.shortcuts
    assert QKeySequence("Ctrl+K") in window.acts.deal.shortcuts()
    assert len(told) == 1
    text = str(told[0])
    assert action_label(first) in text and action_label(second) in text
    assert "Configure Shortcuts" in text
    # The settings now say what the window does: told once, not at every start.
    assert window.key_bindings.apply() == []
    # Keys the player changed never clash with another action's default without a word
    # being needed: the default gives way, as before.
    window.settings.shortcuts = {"hint": ["Ctrl+Z"]}
    assert window.key_bindings.apply() == []
    assert window.acts.undo.shortcuts() != [QKeySequence("Ctrl+Z")]


def test_the_clash_is_shown_at_the_start(qtbot: QtBot, isolated: object,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from aisle.session import Session
    from aisle.stats import Statistics

    shown: list[list[object]] = []
    monkeypatch.setattr(MainWindow, "report", lambda self, problems: shown.append(problems))
    stats, _problems = Statistics.load()
    settings = Settings(animations=False, confirm_leave=False,
                        shortcuts={"hint": ["Ctrl+J"], "deal": ["Ctrl+J"]})
    window = MainWindow(settings, Session(stats))
    qtbot.addWidget(window)
    assert window.dealer.start_game("klondike", 1)
    window.show()
    qtbot.waitUntil(lambda: any(problems for problems in shown))
    assert sum(len(problems) for problems in shown) == 1
    window.close()


def test_escape_in_a_key_field_gives_up_and_a_second_one_closes(
        make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    from PySide6.QtTest import QTest

    window = window_with_keys(make_window, qtbot)
    dialog = editor(window, qtbot)
    dialog.select("hint")
    before = window.acts.hint.shortcuts()
    dialog.key_edit.setFocus()
    qtbot.waitUntil(dialog.key_edit.hasFocus)
    QTest.keyClick(dialog.key_edit, Qt.Key.Key_Escape)
    assert dialog.refused is None  # no word about Esc being the table's key
    assert window.acts.hint.shortcuts() == before
    assert dialog.key_edit.keySequence() == (before[0] if before else QKeySequence())
    assert dialog.isVisible() and dialog.table.hasFocus()
    QTest.keyClick(dialog.table, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_the_key_fields_say_which_action_they_record(make_window: Callable[..., MainWindow],
                                                     qtbot: QtBot) -> None:
    # The focus is in the line inside each key field, which its label does not name.
    from PySide6.QtWidgets import QLineEdit

    window = window_with_keys(make_window, qtbot)
    dialog = editor(window, qtbot)
    dialog.select("hint")
    line = dialog.key_edit.findChild(QLineEdit)
    assert line is not None and line.accessibleName() == "Key for “Hint”"
    other = dialog.alternate_edit.findChild(QLineEdit)
    assert other is not None and other.accessibleName() == "Alternate key for “Hint”"
    window.switch_language("de")
    try:
        assert line.accessibleName() == "Taste für „Hinweis“"
    finally:
        window.switch_language("en")  # Qt's own buttons too
