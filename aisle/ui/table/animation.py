"""Card movement on the table: one short animation for all the cards that move at once, and
one for the cards that turn over (a squeeze to the edge and back, the other side showing from
the middle on).

Animations never hold up the game: the model has already changed when they start, hit tests
use the layout rather than item positions, and any new action first finishes the running
animations at once (items jump to where they belong, turned cards show their new side).
Switched off, items move and turn directly.

A turn of several steps (a move and the cards that then go up by themselves, Send All Up) is
shown as stages, one after another; finishing lands every stage at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem

if TYPE_CHECKING:
    from PySide6.QtCore import QVariantAnimation
    from PySide6.QtGui import QTransform

    from aisle.ui.table.celebration import Celebration

#: Moving cards fly above everything else on the table.
FLYING_Z = 5000.0
DURATION_MS = 200
FLIP_MS = 140
#: The narrowest a turning card gets (fully flat, it would have no area at all).
_EDGE = 0.02
#: A turn shown in stages takes about this long in all, each stage between these bounds.
STAGES_MS = 1500
STAGE_MS = (60, DURATION_MS)

#: Items to move (item, end, z) and to turn (item, new picture) in one stage of a turn.
Stage = tuple[Sequence[tuple[QGraphicsItem, QPointF, float]],
              Sequence[tuple[QGraphicsPixmapItem, QPixmap]]]


class Animator(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.enabled = True
        # Both animations are made when first needed: a start-up shows its table unanimated,
        # and the first use of Qt's animation classes from Python costs time.
        self._animation: QVariantAnimation | None = None
        self._flights: list[tuple[QGraphicsItem, QPointF, QPointF, float]] = []
        self._after: list[Callable[[], None]] = []
        self._flip_animation: QVariantAnimation | None = None
        #: Turning cards with the picture of their new side (None once it shows).
        self._turning: list[tuple[QGraphicsPixmapItem, QPixmap | None]] = []
        #: The stages of a turn still to show, how long each takes, and what runs after them.
        self._stages: list[Stage] = []
        self._stage_ms = DURATION_MS
        self._stages_done: Callable[[], None] | None = None
        self._finishing = False
        #: The win's show (aisle.ui.table.celebration), made when first needed.
        self._celebration: Celebration | None = None

    @property
    def running(self) -> bool:
        return bool(self._flights or self._turning or self._stages)

    def play_stages(self, stages: Sequence[Stage], after: Callable[[], None] | None = None) -> None:
        """Show `stages` one after another (`after` runs once the last is in place); at once
        when animations are off."""
        self.finish()
        self._stages = list(stages)
        self._stage_ms = max(STAGE_MS[0], min(STAGE_MS[1], STAGES_MS // max(1, len(stages))))
        self._stages_done = after
        self._next_stage()

    def _next_stage(self) -> None:
        if not self._stages:
            done, self._stages_done = self._stages_done, None
            if done is not None:
                done()
            return
        moves, turns = self._stages.pop(0)
        if self._finishing or not self.enabled:
            for item, end, z in moves:
                item.setPos(end)
                item.setZValue(z)
            self.flip(turns)  # at once while finishing: the next flip ends this one
            self._next_stage()
            return
        self.flip(turns)
        self._fly(moves, self._next_stage, self._stage_ms, animate=True)

    def flip(self, turns: Sequence[tuple[QGraphicsPixmapItem, QPixmap]]) -> None:
        """Turn each item over to show its new picture: at once when animations are off,
        else by squeezing it to its vertical middle line and opening it again, the new side
        appearing halfway. Cards still turning from before show their new side at once."""
        self._end_turning()
        if not turns:
            return
        if not self.enabled:
            for item, picture in turns:
                item.setPixmap(picture)
            return
        animation = self._flip_animation
        if animation is None:
            from PySide6.QtCore import QVariantAnimation

            animation = self._flip_animation = QVariantAnimation(self)
            animation.setStartValue(0.0)
            animation.setEndValue(1.0)
            animation.setDuration(FLIP_MS)
            animation.valueChanged.connect(self._turn_step)
            animation.finished.connect(self._end_turning)
        self._turning = [(item, picture) for item, picture in turns]
        animation.start()

    def move(
        self,
        moves: Sequence[tuple[QGraphicsItem, QPointF, float]],
        after: Callable[[], None] | None = None,
        duration: int = DURATION_MS,
        animate: bool = True,
    ) -> None:
        """Send each item to its position and z (`after` runs once they are there)."""
        self.finish()
        self._fly(moves, after, duration, animate)

    def _fly(
        self,
        moves: Sequence[tuple[QGraphicsItem, QPointF, float]],
        after: Callable[[], None] | None,
        duration: int,
        animate: bool,
    ) -> None:
        if after is not None:
            self._after.append(after)
        flights = [(item, item.pos(), end, z) for item, end, z in moves if item.pos() != end]
        for item, end, z in moves:
            if item.pos() == end:
                item.setZValue(z)
        if not (self.enabled and animate) or not flights:
            for item, _start, end, z in flights:
                item.setPos(end)
                item.setZValue(z)
            self._run_after()
            return
        self._flights = flights
        for index, (item, _start, _end, _z) in enumerate(flights):
            item.setZValue(FLYING_Z + index)
        animation = self._move_animation()
        animation.setDuration(duration)
        animation.start()

    def _move_animation(self) -> QVariantAnimation:
        if self._animation is None:
            from PySide6.QtCore import QEasingCurve, QVariantAnimation

            animation = self._animation = QVariantAnimation(self)
            animation.setStartValue(0.0)
            animation.setEndValue(1.0)
            animation.setEasingCurve(QEasingCurve.Type.OutCubic)
            animation.valueChanged.connect(self._step)
            animation.finished.connect(self._land)
        return self._animation

    def finish(self) -> None:
        """Put every flying card where it belongs now, and show turning cards' new side (the
        stages of a turn still to come too); a win's show ends with every card home."""
        if self._celebration is not None:
            self._celebration.stop()
        self._finishing = True
        try:
            self._end_turning()
            if self._flights:
                if self._animation is not None:
                    self._animation.stop()
                self._land()
            elif self._after:
                self._run_after()
            if self._stages or self._stages_done is not None:
                self._next_stage()
            self._end_turning()
        finally:
            self._finishing = False

    def celebrate(self, items: Sequence[QGraphicsItem], width: float, height: float,
                  card_height: float, seed: int = 0) -> Celebration | None:
        """The win's show with `items` (in the order they leap) on a table `width` × `height`;
        nothing when animations are off. Any later `finish` ends it."""
        if not self.enabled:
            return None
        self.finish()
        if self._celebration is None:
            from aisle.ui.table.celebration import Celebration

            self._celebration = Celebration(self)
        self._celebration.start(items, width, height, card_height, seed)
        return self._celebration

    def _turn_step(self, value: object) -> None:
        progress = float(value)  # type: ignore[arg-type]
        # Width goes 1 -> 0 over the first half and back to 1 over the second.
        width = max(_EDGE, abs(1.0 - 2.0 * progress))
        for index, (item, picture) in enumerate(self._turning):
            if picture is not None and progress >= 0.5:
                item.setPixmap(picture)
                self._turning[index] = (item, None)
            middle = item.boundingRect().width() / 2
            item.setTransform(_squeeze(middle, width))

    def _end_turning(self) -> None:
        turning, self._turning = self._turning, []
        if self._flip_animation is not None:
            self._flip_animation.stop()
        for item, picture in turning:
            if picture is not None:
                item.setPixmap(picture)
            item.resetTransform()

    def _step(self, value: object) -> None:
        progress = float(value)  # type: ignore[arg-type]
        for item, start, end, _z in self._flights:
            item.setPos(start + (end - start) * progress)

    def _land(self) -> None:
        flights, self._flights = self._flights, []
        for item, _start, end, z in flights:
            item.setPos(end)
            item.setZValue(z)
        self._run_after()

    def _run_after(self) -> None:
        after, self._after = self._after, []
        for callback in after:
            callback()


def _squeeze(middle: float, width: float) -> QTransform:
    """Scaled to `width` (1: the whole card) about the vertical line at `middle`."""
    # Imported on the first turn, not with the module: the class is slow to set up in Python,
    # and no card turns on the way to the first frame.
    from PySide6.QtGui import QTransform

    return QTransform().translate(middle, 0).scale(width, 1).translate(-middle, 0)
