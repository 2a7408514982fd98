"""A status bar whose message comes first: fields that keep spare room give it up for it.

A field such as the solver's word asks for the width of its longest text, so the bar does not
shift as the word changes. In a narrow window (800 pixels, a long language) that spare room
would cut the game's own message ("Stock left: 23   Base card: Queen   Redeals left: 2"), the
text a player needs. So a field that says how little it needs now (`least_width()`) is capped
(a maximum width, never a minimum: nothing here may keep the window from getting narrower) to
what the message leaves, but never below that: its current word stays whole when it can.

In a window narrower still, the fields that matter least step aside (`droppable`: the window
names them, the deal number first) while the message is cut and has fewer than
`MESSAGE_LEAST_CHARACTERS` characters' room; they come back as soon as there is room for them
again. While a tip covers the message (`show_tip`), nothing is shared: the room is shared again
once it is gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QResizeEvent, QShowEvent

    from aisle.ui.qt.elided_label import ElidedLabel

#: Qt's "no maximum" width (QWIDGETSIZE_MAX).
_NO_MAXIMUM = 16777215
#: The room (in average characters) the message keeps before fields step aside for it: a
#: game's whole line in a long language ("Talon: noch 24   Neuverteilungen: noch 2", Canfield's
#: three facts in Italian), the line a player reads most; the deal number and the time are
#: there to look up, not to follow.
MESSAGE_LEAST_CHARACTERS = 80


class MessageFirstBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._message: ElidedLabel | None = None
        self._fitting = False
        #: Fields that step aside in a narrow bar, the first to go first (`droppable`).
        self._droppable: list[QWidget] = []
        #: Those stepped aside now.
        self._dropped: list[QWidget] = []
        # A menu's or a button's tip hides the message while it shows: the room is shared again
        # once it is gone (shared while it showed, the hidden message would get none).
        self.messageChanged.connect(lambda text: None if text else self.fit())

    def set_message_label(self, label: ElidedLabel) -> None:
        """The label whose text comes first (it must already be in the bar, with a stretch)."""
        self._message = label

    def droppable(self, *fields: QWidget) -> None:
        """Fields that step aside while the message would be left too little room, the first
        named first (see the module's notes)."""
        self._droppable = list(fields)

    @property
    def dropped(self) -> tuple[QWidget, ...]:
        """The fields stepped aside now."""
        return tuple(self._dropped)

    def show_tip(self, tip: str) -> None:
        """Show a menu's status tip as Qt does (over the message, for as long as the pointer is
        on the entry), shortened with "…" where the fields begin: Qt would cut it there
        mid-letter."""
        if not tip:
            self.clearMessage()
            return
        right = self.width() - 12  # Qt's own margins around a temporary message
        for field in self.children():
            if isinstance(field, QWidget) and field.isVisible() and field is not self._message \
                    and field.geometry().left() > 0:
                right = min(right, field.geometry().left())
        from PySide6.QtCore import Qt

        room = max(0, right - 6 - 6)
        self.showMessage(self.fontMetrics().elidedText(tip, Qt.TextElideMode.ElideRight, room))

    def fit(self) -> None:
        """Share the room again (the bar's width, the message or a field's text changed). The
        widths it reads are the layout's, so the layout is brought up to date first, and again
        after the caps changed: the first frame already shows the message whole."""
        if self._fitting or not self.isVisible():
            return  # a hidden bar is fitted as it shows (`showEvent`)
        if self.currentMessage():
            return  # a tip covers the message: fitted again once it is gone (see __init__)
        layout = self.layout()
        if layout is None:
            return
        self._fitting = True  # a cap resizes the field, whose new text may ask to fit again
        try:
            for field in self._dropped:
                field.show()  # each looks again whether there is room for it
            self._dropped = []
            self._share()
            for field in self._droppable:
                if not self._message_squeezed():
                    break
                field.hide()
                self._dropped.append(field)
                self._share()
        finally:
            self._fitting = False

    def _share(self) -> None:
        layout = self.layout()
        assert layout is not None
        # The layout squeezes every field a little when the room is short, so a cap does
        # not always hand the message all it gives up: a second look settles it.
        for _pass in range(3):
            layout.activate()
            if not self._fit_now():
                break
        layout.activate()

    def _message_squeezed(self) -> bool:
        """Whether the message is cut to less than its least room (see the module's notes)."""
        message = self._message
        if message is None:
            return False
        least = message.fontMetrics().averageCharWidth() * MESSAGE_LEAST_CHARACTERS
        return message.width() < min(self._message_needs(message), least)

    @staticmethod
    def _message_needs(message: ElidedLabel) -> int:
        margins = message.contentsMargins()
        return (message.fontMetrics().horizontalAdvance(message.one_line()) + 2 * message.margin()
                + margins.left() + margins.right())

    def _fit_now(self) -> bool:
        """Caps the fields for the message's sake; whether any cap changed."""
        message = self._message
        if message is None:
            return False
        slack = message.width() - self._message_needs(message)  # below 0: the message is cut
        changed = False
        for field in self.children():
            # A field that yields has `least_width()`: the width its current text needs, margins
            # included (duck-typed: a runtime protocol check costs far more, on every field).
            least = getattr(field, "least_width", None)
            if least is None or not isinstance(field, QWidget) or field.isHidden():
                continue
            width, hint = field.width(), field.sizeHint().width()
            cap = max(least(), width + slack)
            # Uncapped once it may have all it asks for: the layout then gives it its hint.
            maximum = _NO_MAXIMUM if cap >= hint else cap
            if maximum != field.maximumWidth():
                field.setMaximumWidth(maximum)
                changed = True
            slack -= min(cap, hint) - width  # what it takes (or, below 0, gives up)
        return changed

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        # The size grip appears now, and takes room without resizing the bar. (Not `event()`
        # and LayoutRequest: reading an event's type builds PySide6's QEvent.Type, a cost the
        # first frame does without.)
        super().showEvent(event)
        self.fit()


class YieldingLabel(QLabel):
    """A status field that asks for the width of its widest value, so that it does not move as
    its value changes, but gives up that spare room for the message (`MessageFirstBar`): never
    below its current text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._widest = ""

    def set_widest(self, text: str) -> None:
        """The field's widest value, whose width it asks for."""
        self._widest = text
        self.updateGeometry()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        before = self.least_width()
        super().setText(text)
        bar = self.parentWidget()
        if self.least_width() != before and isinstance(bar, MessageFirstBar):
            bar.fit()  # wider (10:00 after 9:59): its cap must not cut it

    def least_width(self) -> int:
        return super().sizeHint().width()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        margins = self.contentsMargins()
        widest = self.fontMetrics().horizontalAdvance(self._widest) + margins.left() + margins.right() + 2
        return QSize(max(hint.width(), widest), hint.height())
