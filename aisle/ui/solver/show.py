"""Show Me How: the known solution is played move by move, each animated as a move of the
player's, until the game is won or the player does anything at all.

Each step plays the first action of the solution known for the position on the table; the
watch knows the next one at once (a position reached by a solution's first step is won by the
rest), so the solver is not asked again on the way.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from aisle.engine.game import Game, Status
from aisle.ui.solver.watch import SolverWatch
from aisle.ui.table.play import Player

#: Between two moves: time for the animation (see aisle.ui.table.animation) and for the eye to follow.
STEP_MS = 500


class SolutionPlayer(QObject):
    def __init__(self, player: Player, watch: SolverWatch, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.watch = watch
        self._timer = QTimer(self)
        self._timer.setInterval(STEP_MS)
        self._timer.timeout.connect(self._step)
        self._on_end: Callable[[], None] = lambda: None
        #: The game shown and its automatic moves setting, put back when the showing ends: a
        #: solution is a list of the solver's moves only, so none may follow by themselves.
        self._auto: tuple[Game, bool] | None = None

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def start(self, on_end: Callable[[], None]) -> bool:
        """Begin with the first move now; `on_end()` runs when the showing ends (any way)."""
        if self.running or not self.watch.solution():
            return False
        self._on_end = on_end
        game = self.player.game
        if game is not None:
            self._auto = game, game.auto_up
            game.auto_up = False
        self._timer.start()
        self._step()
        return True

    def stop(self) -> None:
        if self.running:
            self._timer.stop()
            if self._auto is not None:
                game, auto, self._auto = *self._auto, None
                game.auto_up = auto
            on_end, self._on_end = self._on_end, lambda: None
            on_end()

    def _step(self) -> None:
        solution = self.watch.solution()
        if not solution or not self.player.act(solution[0]):
            self.stop()
            return
        game = self.player.game
        if game is None or game.status is not Status.PLAYING:
            self.stop()
