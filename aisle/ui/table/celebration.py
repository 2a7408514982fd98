"""A win worth seeing: the cards leave the foundations one after another, leap, fall and bounce
off the bottom of the table until they are gone past its side; then they are back home.

Only for show: the game has already ended when it starts, it never holds anything up, and
whatever happens next (a new deal, a resize, any action) stops it at once with every card
back where it lay (`stop`). Animations switched off: no celebration.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, QTimer
from PySide6.QtWidgets import QGraphicsItem

#: Between two cards' leaps, and the longest a whole celebration takes (two decks go faster).
LEAP_GAP_MS = 70
LONGEST_MS = 5000
TICK_MS = 16
#: In table heights per second (squared): how hard a card falls, and how fast it sets off.
GRAVITY = 3.0
LAUNCH_UP = (0.3, 0.9)
#: In table widths per second, sideways.
SIDEWAYS = (0.18, 0.45)
#: What is left of a card's speed after it hits the floor.
BOUNCE = 0.72
#: Above the cards that fly after a move.
CELEBRATION_Z = 9000.0


@dataclass
class _Leaper:
    item: QGraphicsItem
    home: QPointF
    home_z: float
    home_visible: bool
    start_ms: int
    x: float
    y: float
    vx: float
    vy: float
    flying: bool = False
    gone: bool = False


class Celebration(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._leapers: list[_Leaper] = []
        self._elapsed_ms = 0
        self._floor = 0.0
        self._width = 0.0
        self._height = 0.0
        self._done: Callable[[], None] | None = None

    @property
    def running(self) -> bool:
        return bool(self._leapers)

    def start(self, items: Sequence[QGraphicsItem], width: float, height: float, card_height: float,
              seed: int = 0, done: Callable[[], None] | None = None) -> None:
        """Let `items` leap in this order across a table `width` × `height`; `done` runs after
        the last card is gone (not when `stop` ends it early)."""
        self.stop()
        if not items or width <= 0 or height <= 0:
            return
        chooser = random.Random(seed)
        gap = min(LEAP_GAP_MS, (LONGEST_MS - 1500) // len(items))
        self._width, self._height = width, height
        self._floor = max(0.0, height - card_height)
        self._done = done
        for order, item in enumerate(items):
            position = item.pos()
            side = -1.0 if chooser.random() < 0.5 else 1.0
            self._leapers.append(_Leaper(
                item, QPointF(position), item.zValue(), item.isVisible(), order * gap,
                position.x(), position.y(),
                side * chooser.uniform(*SIDEWAYS) * width, -chooser.uniform(*LAUNCH_UP) * height))
        self._elapsed_ms = 0
        self._timer.start()

    def stop(self) -> None:
        """Every card back where it lay, at once."""
        self._timer.stop()
        leapers, self._leapers = self._leapers, []
        self._done = None
        for leaper in leapers:
            leaper.item.setPos(leaper.home)
            leaper.item.setZValue(leaper.home_z)
            leaper.item.setVisible(leaper.home_visible)

    def advance(self, ms: int) -> None:
        """Move the show on by `ms` milliseconds (the timer's tick; tests call it directly)."""
        end = self._elapsed_ms + ms
        while self._elapsed_ms < end and self._leapers:
            step = min(TICK_MS, end - self._elapsed_ms)
            self._elapsed_ms += step
            for leaper in self._leapers:
                if not leaper.gone and self._elapsed_ms >= leaper.start_ms:
                    self._move(leaper, step / 1000)
        if self._leapers and all(leaper.gone for leaper in self._leapers):
            done = self._done
            self.stop()
            if done is not None:
                done()

    def _tick(self) -> None:
        self.advance(TICK_MS)

    def _move(self, leaper: _Leaper, seconds: float) -> None:
        if not leaper.flying:
            leaper.flying = True
            leaper.item.setZValue(CELEBRATION_Z + leaper.start_ms)  # each card over the one before
            leaper.item.setVisible(True)  # a card a foundation's top card hid until now
        leaper.vy += GRAVITY * self._height * seconds
        leaper.x += leaper.vx * seconds
        leaper.y += leaper.vy * seconds
        if leaper.y > self._floor:
            leaper.y = self._floor - (leaper.y - self._floor) * BOUNCE
            leaper.vy = -abs(leaper.vy) * BOUNCE
        leaper.item.setPos(leaper.x, leaper.y)
        width = leaper.item.boundingRect().width()
        if leaper.x < -width or leaper.x > self._width:
            leaper.gone = True
            leaper.item.setVisible(False)
