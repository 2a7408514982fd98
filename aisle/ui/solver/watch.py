"""Keeps the solver's verdict on the position on the table up to date, in the background.

After every change the position is looked up (known already, or inferred from the previous
one); otherwise the solver is asked, and the question about the position just left is given
up. The answer is shown only if it is about the position still on the table. An answer that
is no verdict of the solver's own (a plugin's code ran past its time, say) shows Unknown with
its reason, now and whenever the position comes back.

The budgets count the worker's CPU time, so a busy computer (the window starting, another
program) does not turn a verdict the solver usually reaches into Unknown. When the solver's own
answer is Unknown all the same, the table shows it and the solver goes on quietly with a larger
budget (`LONGER_BUDGET`, the same memory), in its worker: the verdict changes if it comes.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

from PySide6.QtCore import QObject, Signal

from aisle.engine.actions import Action
from aisle.engine.game import Game, Status
from aisle.i18n import Text
from aisle.solver.result import Budget, Result, Verdict
from aisle.ui.solver.indicator import Shown, SolverIndicator
from aisle.ui.solver.knowledge import KNOWLEDGE_LIMIT, Key, Knowledge, Line, inferred, position_key
from aisle.ui.solver.service import SolverService

#: The solver's budget for each position on the table. It runs in its own process while the
#: player thinks, so it may take its time; a few seconds decide most positions of the built-in
#: games (the first one of a deal is the hardest; later ones mostly follow from it), and an
#: undecided position shows "Unknown" rather than keeping a core busy for long.
WATCH_BUDGET = Budget(seconds=5.0, cpu=True)
#: The budget of the quiet second search of a position the first left Unknown: it runs while
#: the player plays on (a new position ends it), so it may be long.
LONGER_BUDGET = Budget(seconds=60.0, cpu=True)

_Value = TypeVar("_Value")
_SHOWN = {Verdict.WON: Shown.WINNABLE, Verdict.LOST: Shown.LOST, Verdict.UNKNOWN: Shown.UNKNOWN}


class SolverWatch(QObject):
    #: What is known about the position on the table changed.
    changed = Signal()
    #: The position was proven lost while an earlier one of this line of play was winnable;
    #: the argument is how many turns back the last winnable one lies. Once per such fall.
    fell = Signal(int)
    #: The solver gave no answer of its own about the position on the table; the argument is
    #: the reason (an `aisle.i18n.Text`). Once per such answer.
    troubled = Signal(object)

    def __init__(self, service: SolverService, indicator: SolverIndicator,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.indicator = indicator
        self.knowledge = Knowledge()
        self.line = Line()
        #: Questions wait until the window has shown itself (and while a deal is looked for).
        self.asking_allowed = False
        self._game: Game | None = None
        self._key: Key | None = None
        self._depth = -1
        self._asked = False
        #: The fall into a lost position has been told (until a winnable one is reached again).
        self._told = False
        #: Why positions are unknown, where the solver gave no answer of its own.
        self._reasons: OrderedDict[Key, Text] = OrderedDict()
        #: Positions the longer search too left unknown (not searched again).
        self._undecided: OrderedDict[Key, None] = OrderedDict()

    # -- following the table --------------------------------------------------------------------
    def follow(self, game: Game | None, again: bool = False) -> None:
        """Call after every change; a position that did not change costs a key and nothing
        more (unless `again`)."""
        if game is None:
            self._drop_question()
            self._game, self._key = None, None
            self.indicator.show_state(Shown.NOTHING)
            self.changed.emit()
            return
        key = position_key(game)
        depth = len(game.history)
        if not again and game is self._game and key == self._key and depth == self._depth:
            return
        if game is not self._game:
            self._told = False
        self._game, self._key, self._depth = game, key, depth
        self.line.visit(game, key)
        self._drop_question()
        result = self._known(game, key)
        if result is not None:
            self._show(result)
            if self.asking_allowed and self._worth_longer(key, result):
                self._ask(game, key, LONGER_BUDGET)
        elif self.asking_allowed:
            self.indicator.show_state(Shown.SOLVING)
            self._ask(game, key, WATCH_BUDGET)
        else:
            self.indicator.show_state(Shown.NOTHING)
        self.changed.emit()

    def allow_asking(self, allowed: bool) -> None:
        """Let the watch ask the solver (or not: while a deal is being looked for)."""
        self.asking_allowed = allowed
        if allowed:
            self.follow(self._game, again=True)
        else:
            self._drop_question()
            if self.current is None:
                self.indicator.show_state(Shown.NOTHING)

    # -- what is known ------------------------------------------------------------------------
    @property
    def current(self) -> Result | None:
        """The result about the position on the table, if there is one."""
        return self.knowledge.get(self._key) if self._key is not None else None

    def solution(self) -> tuple[Action, ...]:
        """The known way to win from the position on the table (empty when there is none)."""
        game, result = self._game, self.current
        if game is None or result is None or game.status is not Status.PLAYING:
            return ()
        return result.solution if result.verdict is Verdict.WON else ()

    def winnable_depth(self) -> int | None:
        """When the position on the table is lost: how deep into the history the latest
        position proven winnable lies (None when it is not lost or there is none)."""
        game, result = self._game, self.current
        if game is None or result is None or result.verdict is not Verdict.LOST:
            return None
        return self.line.last_won(game, self.knowledge)

    # -- inside ------------------------------------------------------------------------------
    def _known(self, game: Game, key: Key) -> Result | None:
        result = self.knowledge.get(key)
        if result is None:
            if game.status is not Status.PLAYING:
                result = Result(Verdict.WON if game.status is Status.WON else Verdict.LOST)
            else:
                result = inferred(game, self.line, self.knowledge)
            if result is not None:
                self.knowledge.learn(key, result)
        return result

    def _ask(self, game: Game, key: Key, budget: Budget) -> None:
        self._asked = True
        self.service.ask(game, budget, lambda answer: self._answered(key, answer, budget))

    def _worth_longer(self, key: Key, result: Result) -> bool:
        """Whether an Unknown of the solver's own, not yet searched longer, is to be."""
        return (result.verdict is Verdict.UNKNOWN and key not in self._reasons
                and key not in self._undecided)

    def _answered(self, key: Key, result: Result, budget: Budget) -> None:
        self._asked = False
        reason = self.service.reason
        if reason is not None:
            _remember(self._reasons, key, reason)
        elif result.verdict is Verdict.UNKNOWN and budget is LONGER_BUDGET:
            _remember(self._undecided, key, None)
        self.knowledge.learn(key, result)
        if key == self._key:  # always so (a question is given up when the position changes)
            self._show(result)
            if reason is not None:
                self.troubled.emit(reason)
            self.changed.emit()
            if self._game is not None and self.asking_allowed and self._worth_longer(key, result):
                self._ask(self._game, key, LONGER_BUDGET)

    def _show(self, result: Result) -> None:
        game = self._game
        won = game is not None and game.status is Status.WON
        reason = self._reasons.get(self._key) if self._key is not None else None
        if reason is not None and result.verdict is Verdict.UNKNOWN and not won:
            self.indicator.show_unknown(reason)
        else:
            untouched = game is not None and not game.history
            self.indicator.show_state(Shown.NOTHING if won else _SHOWN[result.verdict], untouched)
        if result.verdict is Verdict.WON:
            self._told = False
        elif result.verdict is Verdict.LOST and not self._told and game is not None:
            depth = self.line.last_won(game, self.knowledge)
            if depth is not None:
                self._told = True
                self.fell.emit(len(game.history) - depth)

    def _drop_question(self) -> None:
        if self._asked:
            self._asked = False
            self.service.cancel()


def _remember(found: OrderedDict[Key, _Value], key: Key, value: _Value) -> None:
    """Note `value` for `key`, the oldest forgotten beyond KNOWLEDGE_LIMIT."""
    found[key] = value
    found.move_to_end(key)
    while len(found) > KNOWLEDGE_LIMIT:
        found.popitem(last=False)
