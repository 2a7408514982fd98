"""Looking for a winnable deal: successive deal numbers from a random one, each handed to the
solver in the background, until one is proven winnable or the tries run out.

The deal found keeps its number (shown and reproducible as any other); what the solver learnt
about its first position is kept, so the window shows it as winnable at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject

from aisle.engine.game import MAX_SEED
from aisle.registry.games import new_game
from aisle.solver.result import Budget, Result, Verdict
from aisle.ui.solver.knowledge import Knowledge, position_key
from aisle.ui.solver.service import SolverService

#: Each candidate deal gets this budget: deals the solver cannot decide quickly are skipped
#: (only a proven deal is taken), and the player waits at most MAX_TRIES times as long.
TRY_BUDGET = Budget(seconds=3.0, cpu=True)
MAX_TRIES = 10
#: When the solver has decided none of this many deals, it cannot decide this game's deals in
#: the budget (a game it knows little about): the looking stops early.
UNDECIDED_TRIES = 3


class DealSearch(QObject):
    def __init__(self, service: SolverService, knowledge: Knowledge,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.knowledge = knowledge
        self.budget = TRY_BUDGET
        self.most = MAX_TRIES
        self.active = False
        self._decided = 0
        self._variant_id = ""
        self._options: dict[str, str] = {}
        self._seed = 0
        self.tried = 0
        self._on_try: Callable[[int], None] = lambda _tried: None
        self._on_done: Callable[[int, bool], None] = lambda _seed, _proven: None

    def start(self, variant_id: str, options: Mapping[str, str], first: int,
              on_try: Callable[[int], None], on_done: Callable[[int, bool], None]) -> None:
        """Try deal numbers `first`, `first + 1`, ...: `on_try(tries so far)` as each is
        handed to the solver, then `on_done(number, proven)` once, with the first proven deal
        or, after the last try, the last deal tried (`proven` False)."""
        self.cancel()
        self.active = True
        self._variant_id, self._options = variant_id, dict(options)
        self._seed, self.tried, self._decided = first, 0, 0
        self._on_try, self._on_done = on_try, on_done
        self._try()

    def cancel(self) -> None:
        if self.active:
            self.active = False
            self.service.cancel()

    def _try(self) -> None:
        try:
            game = new_game(self._variant_id, self._seed, self._options)
        except Exception:  # a broken game: starting it reports the error the usual way
            self._finish(False)
            return
        self.tried += 1
        self._on_try(self.tried)
        key = position_key(game)
        known = self.knowledge.get(key)
        if known is not None and known.verdict is not Verdict.UNKNOWN:
            self._answered(key, known)
            return
        self.service.ask(game, self.budget, lambda result: self._answered(key, result))

    def _answered(self, key: object, result: Result) -> None:
        if not self.active:
            return
        if result.verdict is not Verdict.UNKNOWN:  # (undecided: the table asks again, longer)
            self.knowledge.learn(key, result)
            self._decided += 1
        if result.verdict is Verdict.WON:
            self._finish(True)
        elif self.tried >= self.most or (self.tried >= UNDECIDED_TRIES and not self._decided):
            self._finish(False)
        else:
            self._seed = (self._seed + 1) % (MAX_SEED + 1)
            self._try()

    def _finish(self, proven: bool) -> None:
        self.active = False
        self._on_done(self._seed, proven)
