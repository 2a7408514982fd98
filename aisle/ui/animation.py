"""Card movement on the table: one short animation for all the cards that move at once.

Animations never hold up the game: the model has already changed when they start, hit tests
use the layout rather than item positions, and any new action first finishes the running
animation at once (items jump to where they belong). Switched off, items move directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QVariantAnimation
from PySide6.QtWidgets import QGraphicsItem

#: Moving cards fly above everything else on the table.
FLYING_Z = 5000.0
DURATION_MS = 200


class Animator(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.enabled = True
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setDuration(DURATION_MS)
        self._animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._animation.valueChanged.connect(self._step)
        self._animation.finished.connect(self._land)
        self._flights: list[tuple[QGraphicsItem, QPointF, QPointF, float]] = []
        self._after: list[Callable[[], None]] = []

    @property
    def running(self) -> bool:
        return bool(self._flights)

    def move(
        self,
        moves: Sequence[tuple[QGraphicsItem, QPointF, float]],
        after: Callable[[], None] | None = None,
        duration: int = DURATION_MS,
        animate: bool = True,
    ) -> None:
        """Send each item to its position and z (`after` runs once they are there)."""
        self.finish()
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
        self._animation.setDuration(duration)
        self._animation.start()

    def finish(self) -> None:
        """Put every flying card where it belongs now."""
        if self._flights:
            self._animation.stop()
            self._land()
        elif self._after:
            self._run_after()

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
