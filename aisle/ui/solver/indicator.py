"""The solver's word on the position, in the status bar: winnable, lost, solving or unknown.

Unknown may come with a reason (the solver was stopped, ran out of memory): the tooltip then
gives it instead of the usual explanation.

The label asks for the width of its longest text in the current language, so the status bar
does not shift as the word changes; and it may be squeezed below that (the text is cut), so a
long translation never makes the window wider.
"""

from __future__ import annotations

from enum import Enum

from PySide6 import QtCore
from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QStatusBar

from aisle.i18n import T, Text
from aisle.ui.qt.message_first_bar import MessageFirstBar


class Shown(Enum):
    NOTHING = "nothing"
    SOLVING = "solving"
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


#: The word shown, and the tooltip that explains it.
TEXTS: dict[Shown, tuple[Text, Text]] = {
    Shown.SOLVING: (T("Solving…"), T("The solver is looking for a way to win from here.")),
    Shown.WINNABLE: (T("Winnable"), T("The solver has found a way to win from here.")),
    Shown.LOST: (T("Cannot be won any more"),
                 T("The solver has tried every way to play on from here; none wins.")),
    Shown.UNKNOWN: (T("Unknown"), T("The solver could not decide in the time it has.")),
}
#: A lost verdict about a deal nobody has touched yet: "any more" would say a move spoilt it.
LOST_FROM_THE_START = (T("This deal cannot be won"),
                       T("The solver has tried every way to play this deal; none wins."))


class SolverIndicator(QLabel):
    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.setObjectName("status_solver")
        self.setContentsMargins(8, 0, 8, 0)
        # Never a reason for the window to grow: squeezed, the text is cut instead.
        self.setMinimumWidth(1)
        self._bar = bar
        self.shown = Shown.NOTHING
        #: Why the solver gave no answer of its own (only with `Shown.UNKNOWN`).
        self.reason: Text | None = None
        #: The position is the deal itself, before any move.
        self.untouched = False
        bar.addPermanentWidget(self)

    def show_state(self, shown: Shown, untouched: bool = False) -> None:
        self.shown = shown
        self.reason = None
        self.untouched = untouched
        self._fill()

    def show_unknown(self, reason: Text) -> None:
        """Unknown, because the solver gave no answer of its own for `reason`."""
        self.shown = Shown.UNKNOWN
        self.reason = reason
        self._fill()

    def retranslate(self) -> None:
        self._fill()
        self.updateGeometry()  # the longest text changed with the language

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt's name
        super().setVisible(visible)
        if isinstance(self._bar, MessageFirstBar):
            self._bar.fit()  # the message gains (or gives back) this field's room

    def least_width(self) -> int:
        """The width its current word needs whole (the status bar's message may take the rest
        of the room this label keeps for its longest word: `MessageFirstBar`)."""
        word = self._word()
        if not word:
            return 0
        margins = self.contentsMargins()
        return self.fontMetrics().horizontalAdvance(word) + margins.left() + margins.right() + 2

    def _word(self) -> str:
        texts = self._texts()
        return texts[0].translate() if texts else ""

    def _texts(self) -> tuple[Text, Text] | None:
        return (LOST_FROM_THE_START if self.shown is Shown.LOST and self.untouched
                else TEXTS.get(self.shown))

    def _fill(self, resized: bool = False) -> None:
        texts = self._texts()
        word = self._word()
        # Squeezed by a narrow window: cut short with an ellipsis (the tooltip still explains).
        room = self.contentsRect().width()
        self.setText(self.fontMetrics().elidedText(word, QtCore.Qt.TextElideMode.ElideRight, room)
                     if word and self.fontMetrics().horizontalAdvance(word) > room else word)
        tip = self.reason if self.reason is not None else texts[1] if texts else None
        self.setToolTip(tip.translate() if tip is not None else "")
        # "Unknown" alone does not say why: a screen reader (and Read Status Aloud) says the
        # reason with it; the other words say all there is.
        self.setAccessibleDescription(tip.translate() if tip is not None and self.shown is Shown.UNKNOWN
                                      else "")
        if not resized and isinstance(self._bar, MessageFirstBar):
            self._bar.fit()  # the room it needs changed with its word

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fill(resized=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        metrics = self.fontMetrics()
        margins = self.contentsMargins()
        words = [word for word, _tip in (*TEXTS.values(), LOST_FROM_THE_START)]
        widest = max(metrics.horizontalAdvance(word.translate()) for word in words)
        return QSize(widest + margins.left() + margins.right() + 2, hint.height())
