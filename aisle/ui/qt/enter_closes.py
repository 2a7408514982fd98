"""Enter in a dialog that shows something and closes: it presses Close, not a button that acts on
the side (Reset, Add Deck from File, Install Plugin, No Key). Qt makes a button box pick its own
default button as the dialog is shown (the first of them, Reset in Statistics), so Close is made
the default again at every show; and the dialog opens with the focus on what it shows, since a
focused push button answers Enter itself. A button the player reaches with Tab still does."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QDialog, QPushButton, QWidget


class _CloseByDefault(QObject):
    def __init__(self, dialog: QDialog, close: QPushButton, first: QWidget | None) -> None:
        super().__init__(dialog)
        self._close = close
        self._first = first

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Show and watched is self.parent():
            self._close.setDefault(True)
            if self._first is not None and self._first.isVisible():
                self._first.setFocus()
        return False


def enter_closes(dialog: QDialog, close: QPushButton, first: QWidget | None = None) -> None:
    """Make `close` the button Enter presses in `dialog`, and give `first` (what the dialog
    shows) the focus as it opens."""
    dialog.installEventFilter(_CloseByDefault(dialog, close, first))
