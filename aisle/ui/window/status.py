"""The status bar: the game's message (or a passing one: a refusal, a hint), score of max,
elapsed time and the deal number, all formatted for the current language.

Passing messages are kept as `Text`, so a language switch shows them in the new language too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from aisle.engine.game import Game
from aisle.i18n import Text, _, format_duration, format_number
from aisle.ui.qt.elided_label import ElidedLabel
from aisle.ui.qt.message_first_bar import MessageFirstBar, YieldingLabel

if TYPE_CHECKING:
    from aisle.ui.table.message_overlay import MessageOverlay

#: Digits of the longest random deal number (RANDOM_DEALS): the deal field is kept this wide.
_DEAL_DIGITS = 9
#: Seconds in an hour: the time field is kept as wide as the first hour's times.
_HOUR = 3600
#: How long a passing message stays, in milliseconds.
PASSING_MS = 5000


class StatusLine:
    def __init__(self, window: QMainWindow) -> None:
        self.bar = MessageFirstBar(window)
        self.bar.setObjectName("status_bar")
        window.setStatusBar(self.bar)
        # A long message ends in "…" (whole in its tooltip): a text never widens the window.
        self.message = ElidedLabel(self.bar)
        self.message.setObjectName("status_message")
        self.score = QLabel(self.bar)
        self.score.setObjectName("status_score")
        # The time and the deal number ask for room for their widest values, but give it up for
        # the message in a narrow window.
        self.time = YieldingLabel(self.bar)
        self.time.setObjectName("status_time")
        self.deal = YieldingLabel(self.bar)
        self.deal.setObjectName("status_deal")
        self.bar.addWidget(self.message, 1)
        self.bar.set_message_label(self.message)
        # In a narrow window the message comes first: the deal number, the time, then the score
        # step aside for it (the solver's word stays: it is short, and what the game is about).
        self.bar.droppable(self.deal, self.time, self.score)
        for label in (self.score, self.time, self.deal):
            label.setContentsMargins(6, 0, 6, 0)
            self.bar.addPermanentWidget(label)
        self._passing: Text | None = None
        self._clear = QTimer(self.bar)
        self._clear.setSingleShot(True)
        self._clear.timeout.connect(self._end_passing)
        self._game: Game | None = None
        #: Told every passing message (a screen reader says it: aisle.ui.table.accessible_table).
        self.listeners: list[Callable[[Text], None]] = []
        #: The table a passing message is also shown over, whole (set by the window); its
        #: overlay is made at the first message, off the start-up path.
        self.table: QWidget | None = None
        self.overlay: MessageOverlay | None = None

    def say(self, text: Text, ms: int = PASSING_MS, spoken: bool = True) -> None:
        """Show a passing message (a refusal, a hint) in place of the game's own for a while;
        `spoken` False: shown only, not told to the listeners (a screen reader), for a message
        that only brings one already said up to date."""
        self._passing = text
        self._clear.start(ms)
        self._show_message()
        if self.overlay is None and self.table is not None:
            from aisle.ui.table.message_overlay import MessageOverlay

            self.overlay = MessageOverlay(self.table)
        if self.overlay is not None:
            self.overlay.show_text(text)
        if spoken:
            for listener in list(self.listeners):
                listener(text)

    def quiet(self) -> None:
        """Drop the passing message (the player did something else)."""
        self._clear.stop()
        self._end_passing()

    def _end_passing(self) -> None:
        self._passing = None
        self._show_message()
        if self.overlay is not None:
            self.overlay.clear()

    @property
    def passing(self) -> Text | None:
        return self._passing

    def show(self, game: Game | None) -> None:
        self._game = game
        self._show_message()
        if game is None:
            for label in (self.score, self.time, self.deal):
                label.clear()
            return
        score = _("Score: {score} of {max}")
        self.score.setText(score.format(score=format_number(game.score),
                                        max=format_number(game.max_score)))
        # A deal number is an identifier, typed back into New Game by Number: no grouping.
        deal = _("Deal {number}")
        self.deal.setText(deal.format(number=game.seed))
        # Each field as wide as its widest value, so none moves when a number gets shorter.
        widest = format_number(game.max_score)
        _steady(self.score, score.format(score=widest, max=widest))
        self.deal.set_widest(deal.format(number="8" * max(len(str(game.seed)), _DEAL_DIGITS)))
        # As wide as the first hour's longest time: a game past an hour widens it once.
        self.time.set_widest(_("Time: {time}").format(time=format_duration(_HOUR - 1)))
        self.tick(game)

    def tick(self, game: Game) -> None:
        self.time.setText(_("Time: {time}").format(time=format_duration(game.elapsed)))

    def _show_message(self) -> None:
        if self._passing is not None:
            self.message.setText(self._passing.translate())
            self.bar.fit()
            return
        self.message.setText(self.own_message())
        self.bar.fit()

    def own_message(self) -> str:
        """The game's own status line, whatever passing message (a hint, a refusal) covers it."""
        game = self._game
        text = None
        if game is not None:
            try:
                text = game.status_text
            except Exception:  # a game's broken status line must not break the window
                text = None
        return text.translate() if text is not None else ""


def _steady(label: QLabel, widest: str) -> None:
    """Keep `label` at least as wide as `widest` in its own font (margins included)."""
    margins = label.contentsMargins()
    width = label.fontMetrics().horizontalAdvance(widest) + margins.left() + margins.right() + 2
    label.setMinimumWidth(width)
