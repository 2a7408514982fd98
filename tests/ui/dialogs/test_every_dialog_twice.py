"""Every menu entry that opens a window opens it again the second time, in every language, and
the window fits its texts (a dialog that opened once per session slipped through a review)."""

from __future__ import annotations

import os
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

#: The entries of the menus that open a window of their own.
OPENERS = ("select_game", "new_by_number", "statistics", "open_game", "save_game_as",
           "configure_shortcuts", "card_style", "help_contents", "help_game", "shortcuts",
           "plugins", "about")


def _open_windows() -> set[QWidget]:
    return {widget for widget in QApplication.topLevelWidgets()
            if widget.isVisible() and widget.isWindow() and not widget.inherits("QMainWindow")
            and not widget.inherits("QMenu")}


def _cut_texts(window: QWidget) -> list[str]:
    """Labels and buttons whose text is wider than the room they were given."""
    cut = []
    for widget in window.findChildren(QLabel):
        if widget.isVisible() and not widget.wordWrap() and widget.text() and "<" not in widget.text():
            needed = widget.fontMetrics().horizontalAdvance(widget.text().replace("&", ""))
            if needed > widget.contentsRect().width() + 1:
                cut.append(widget.text())
    for button in window.findChildren(QAbstractButton):
        if button.isVisible() and button.text() and button.width() < button.minimumSizeHint().width():
            cut.append(button.text())
    return cut


#: Widgets a screen reader must find a name for (a combo box without one is read by its value).
_INPUTS = (QLineEdit, QAbstractSpinBox, QComboBox, QAbstractItemView, QTextEdit, QPlainTextEdit)


def _unnamed(window: QWidget) -> list[str]:
    """The input fields, lists and text boxes with neither an accessible name nor a label
    pointing at them (`setBuddy`): a screen reader says nothing but their kind (a combo box
    needs a name of its own: a screen reader reads its value for one)."""
    labelled = {label.buddy() for label in window.findChildren(QLabel)}
    unnamed = []
    for widget in window.findChildren(QWidget):
        if (isinstance(widget, _INPUTS) and widget.isVisible()
                and widget.focusPolicy() != Qt.FocusPolicy.NoFocus
                and not widget.accessibleName()
                and (widget not in labelled or isinstance(widget, QComboBox))
                and not isinstance(widget.parentWidget(), QAbstractSpinBox | QComboBox)):
            unnamed.append(f"{type(widget).__name__} {widget.objectName()}")
    return unnamed


def _trigger(action_name: str, window: QWidget) -> tuple[list[str], list[str]]:
    """Triggers the entry; the class names of the windows it opened, and their cut texts and
    unnamed fields. Modal dialogs run their own event loop, so they are seen and closed from a
    timer."""
    before = _open_windows()
    seen: list[str] = []
    cut: list[str] = []

    handled: list[QWidget] = []

    def close_new() -> None:
        # A window just closed may still be listed once more (the timer and the loop both look).
        for widget in _open_windows() - before - set(handled):
            handled.append(widget)
            # Measured as the player sees it: once its layout has settled.
            if widget.layout() is not None:
                widget.layout().activate()
            QApplication.processEvents()
            seen.append(type(widget).__name__)
            cut.extend(_cut_texts(widget))
            cut.extend(f"no name: {field}" for field in _unnamed(widget))
            if isinstance(widget, QDialog):
                widget.reject()
            else:
                widget.close()

    def watch(tries: int) -> None:
        close_new()
        if not seen and tries:
            QTimer.singleShot(20, lambda: watch(tries - 1))

    QTimer.singleShot(0, lambda: watch(150))
    getattr(window.acts, action_name).trigger()  # type: ignore[attr-defined]
    for _wait in range(150):  # a window opened with `open()`: the trigger has returned
        if seen:
            break
        QTest.qWait(20)
        close_new()
    return seen, cut


@pytest.mark.parametrize("language", ["en", "de", "ru", "it"])
def test_every_window_opens_each_time_and_fits_its_texts(
        qtbot: QtBot, make_window: Callable[..., QWidget], language: str) -> None:
    window = make_window("klondike", 1)
    window.switch_language(language)  # type: ignore[attr-defined]
    for name in OPENERS:
        first, cut = _trigger(name, window)
        assert first, f"{name} opened nothing ({language})"
        assert not cut, f"{name} ({language}): texts cut off or fields unnamed: {cut}"
        again, _cut = _trigger(name, window)
        assert again == first, f"{name} opened {first} the first time, {again} the second ({language})"
