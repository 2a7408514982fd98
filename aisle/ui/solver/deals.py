"""Looking for a winnable deal: successive deal numbers from a random one, each handed to the
solver in the background, until one is proven winnable or the tries run out.

The deal found keeps its number (shown and reproducible as any other); what the solver learnt
about its first position is kept, so the window shows it as winnable at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject

from aisle.engine.game import MAX_SEED
from aisle.registry.games import new_game
from aisle.solver.result import Budget, Result, Verdict
from aisle.ui.solver.knowledge import Knowledge, position_key
from aisle.ui.solver.service import SolverService

#: Each candidate deal gets this budget: deals the solver cannot decide quickly are skipped
#: (only a proven deal is taken). One second, not three: the winnable deals of the slow games
#: (Forty Thieves, Yukon, Aunt Mary) are mostly proven in a fraction of a second, so a longer
#: try mostly waits on deals that stay unknown; with three, a look took twice as long and
#: found no more (bench/README).
TRY_BUDGET = Budget(seconds=1.0, cpu=True)
#: No deal is handed to the solver after this many seconds on the clock (the one under way still
#: gets its answer), nor after MAX_TRIES deals. A time, not a number of tries: where few deals can
#: be won (Pyramid: one in sixteen; Agnes, Aunt Mary, Scorpion: one in eight or fewer) ten tries
#: found one in only half the looks, though the solver decides most of those deals in hundredths
#: of a second; where it takes seconds a deal, the player waits no longer than before.
LOOK_SECONDS = 15.0
MAX_TRIES = 500
#: When the solver has decided none of this many deals, it cannot decide this game's deals in
#: the budget (a game it knows little about): the looking stops early, after some eight seconds.
UNDECIDED_TRIES = 8


def keep_looking(tried: int, decided: int, elapsed: float,
                 undecided_tries: int = UNDECIDED_TRIES) -> bool:
    """Whether another deal is tried after `tried` deals without a winnable one, `decided` of
    them decided, `elapsed` seconds after the looking began."""
    if tried >= MAX_TRIES or elapsed >= LOOK_SECONDS:
        return False
    return decided > 0 or tried < undecided_tries


class DealSearch(QObject):
    def __init__(self, service: SolverService, knowledge: Knowledge,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.knowledge = knowledge
        self.budget = TRY_BUDGET
        self.active = False
        self._began = 0.0
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
        self._began = time.monotonic()
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
        elif not keep_looking(self.tried, self._decided, time.monotonic() - self._began):
            self._finish(False)
        else:
            self._seed = (self._seed + 1) % (MAX_SEED + 1)
            self._try()

    def _finish(self, proven: bool) -> None:
        self.active = False
        self._on_done(self._seed, proven)
