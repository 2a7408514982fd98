"""The notice that a move made a winnable game unwinnable, with the way back.

Opened with `open()` (window-modal, never a nested event loop); it follows language switches.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QMessageBox, QPushButton, QWidget

from aisle.i18n import TN, _
from aisle.ui.qt.retranslate import follow_language


class UnwinnableNotice(QMessageBox):
    """Says the game cannot be won any more; `chosen` is "undo" when the player goes back."""

    def __init__(self, turns_back: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unwinnable_notice")
        self.setIcon(QMessageBox.Icon.Information)
        self.turns_back = turns_back
        self.chosen = "keep"
        self.undo_button: QPushButton = self.addButton(_("&Undo to Last Winnable Position"),
                                                       QMessageBox.ButtonRole.ActionRole)
        self.undo_button.setObjectName("notice_undo")
        self.keep_button: QPushButton = self.addButton(_("&Keep Playing"),
                                                       QMessageBox.ButtonRole.RejectRole)
        self.keep_button.setObjectName("notice_keep")
        self.setDefaultButton(self.keep_button)
        self.setEscapeButton(self.keep_button)
        self.buttonClicked.connect(self._clicked)
        self.retranslate()
        follow_language(self, self.retranslate)

    def _clicked(self, button: QAbstractButton) -> None:
        self.chosen = "undo" if button is self.undo_button else "keep"

    def retranslate(self) -> None:
        self.setWindowTitle(_("No longer winnable"))
        self.setText(_("This game cannot be won any more."))
        self.setInformativeText(TN("It could still be won one move ago.",
                                   "It could still be won {n} moves ago.", self.turns_back).translate())
        self.undo_button.setText(_("&Undo to Last Winnable Position"))
        self.keep_button.setText(_("&Keep Playing"))
