"""A passing message (a refusal's reason, a hint) shown whole over the foot of the table.

The status bar has one line, and in German, Russian or Italian a reason often does not fit it
at 800 pixels: the status bar then ends it in "…". The reason is the best teacher Aisle has, so
it is also shown here, wrapped onto as many lines as it needs, for as long as it is the status
bar's passing message. It lies over the table without taking room from it (the cards do not
move), lets every click through, and follows a language switch. At the foot, not the top: the
top row holds the stock and the foundations a reason or a demonstration is often about, and
the foot of the table is where the piles leave room most often.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QWidget

from aisle import i18n
from aisle.i18n import Text

#: Room left between the message and the edges of the table, in pixels.
MARGIN = 10
#: The widest the message grows, in average characters: long lines are hard to read.
MOST_CHARACTERS = 70


class MessageOverlay(QLabel):
    def __init__(self, table: QWidget) -> None:
        super().__init__(table)
        self.setObjectName("message_overlay")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        # Light text on a dark, nearly opaque plate: readable on every baize and deck.
        self.setStyleSheet("QLabel#message_overlay { background: rgba(20, 24, 28, 225); "
                           "color: white; border-radius: 8px; padding: 8px 14px; }")
        self.hide()
        self._text: Text | None = None
        table.installEventFilter(self)
        unsubscribe = i18n.on_language_changed(lambda _code: self._retranslate())
        self.destroyed.connect(lambda *_args: unsubscribe())

    def show_text(self, text: Text) -> None:
        self._text = text
        self._retranslate()
        self.show()
        self.raise_()

    def clear(self) -> None:
        self._text = None
        self.hide()

    def _retranslate(self) -> None:
        if self._text is not None:
            self.setText(self._text.translate())
            self._place()

    def _place(self) -> None:
        table = self.parentWidget()
        if table is None:
            return
        widest = self.fontMetrics().averageCharWidth() * MOST_CHARACTERS
        width = max(min(table.width() - 2 * MARGIN, widest), 1)
        # As narrow as a short text needs, never wider than the table allows.
        margins = self.contentsMargins()
        natural = self.fontMetrics().horizontalAdvance(self.text()) + 40 + margins.left() + margins.right()
        width = min(width, natural)
        height = self.heightForWidth(width)
        # Lines of a like length: the narrowest width that needs no more lines, rather than a
        # last line with a word alone on it.
        narrowest, widest_left = width // 2, width
        while narrowest < widest_left:
            middle = (narrowest + widest_left) // 2
            if self.heightForWidth(middle) > height:
                narrowest = middle + 1
            else:
                widest_left = middle
        width = widest_left
        top = max(MARGIN, table.height() - MARGIN - height)
        self.setGeometry((table.width() - width) // 2, top, width, height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize and self._text is not None:
            self._place()
        return False
