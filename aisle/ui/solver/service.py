"""The window's one background solver: a question goes to the worker process, a timer polls for
the answer without ever blocking, and the answer goes to whoever asked last.

One question at a time: asking again (or `cancel`) gives up the earlier question, whose answer
then never arrives. The worker process is started on the first question, not with the window.
An answer that is no verdict of the solver's own (it was stopped for running past its time, ran
out of memory, failed) comes as UNKNOWN, with the reason in `reason` while its callback runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from aisle.engine.game import Game
from aisle.i18n import Text
from aisle.solver.result import Budget, Result

if TYPE_CHECKING:
    from aisle.solver.background import BackgroundSolver

log = logging.getLogger(__name__)

#: How often the answer is looked for while one is awaited (a cheap, non-blocking look).
POLL_MS = 40


class SolverService(QObject):
    def __init__(self, solve: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: The solver's import path ("module:function"); None: Aisle's own.
        self.solve_path = solve
        self._solver: BackgroundSolver | None = None
        self._on_answer: Callable[[Result], None] | None = None
        #: Why the answer being handed out is not the solver's own word (None: it is).
        self.reason: Text | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def solver(self) -> BackgroundSolver:
        if self._solver is None:
            from aisle.solver.background import DEFAULT_SOLVE, BackgroundSolver

            self._solver = BackgroundSolver(self.solve_path or DEFAULT_SOLVE)
        return self._solver

    def ask(self, game: Game, budget: Budget, on_answer: Callable[[Result], None]) -> None:
        """Solve the game's current position; `on_answer(result)` runs when the answer comes,
        unless another question or `cancel` comes first."""
        self._on_answer = on_answer
        self.solver.submit(game, budget)
        self._timer.start()

    def cancel(self) -> None:
        self._on_answer = None
        if self._solver is not None:
            self._solver.cancel()  # polling goes on until the worker has stopped

    @property
    def asking(self) -> bool:
        return self._on_answer is not None

    def close(self) -> None:
        self._on_answer = None
        self._timer.stop()
        if self._solver is not None:
            self._solver.close()

    def _poll(self) -> None:
        solver = self.solver
        answer = solver.poll()
        if not solver.busy:
            self._timer.stop()
        if answer is None:
            return
        if answer.problem is not None:
            log.warning("the solver gave no answer: %s", answer.problem)
        on_answer, self._on_answer = self._on_answer, None
        if on_answer is not None:
            self.reason = answer.reason
            try:
                on_answer(answer.result)
            finally:
                self.reason = None
