"""What the solver has shown about positions, and the line of play that led to the one on the
table. No Qt: the window's solver features build on it, tests use it directly.

Knowledge is kept per position, not per game, so a restart or an undo finds its verdicts
again. Two facts spare most searches while playing:
- a position reached from a lost one is lost too (nothing can undo a loss but Undo);
- a position reached from a won one by the first step of its solution is won, by the rest.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Hashable

from aisle.engine.actions import Action
from aisle.engine.game import Game, Turn
from aisle.solver.result import Result, Verdict

Key = Hashable
#: Positions remembered (a few kilobytes each at most, for a long solution).
KNOWLEDGE_LIMIT = 4096


def position_key(game: Game) -> Key:
    """Equal for equal positions of one game and options: every card where it lies, face up
    or down, and the game's own state (redeals used and the like). The history is left out: it
    does not change what can still happen."""
    slots = tuple(tuple(card.id * 2 + card.face_up for card in slot.cards) for slot in game.slots)
    state = json.dumps(game.state, sort_keys=True, default=str)
    return game.variant_id, tuple(sorted(game.options.items())), slots, state


class Knowledge:
    """Results per position, the most recently used kept when there are too many."""

    def __init__(self, limit: int = KNOWLEDGE_LIMIT) -> None:
        self.limit = limit
        self._results: OrderedDict[Key, Result] = OrderedDict()

    def learn(self, key: Key, result: Result) -> None:
        self._results[key] = result
        self._results.move_to_end(key)
        while len(self._results) > self.limit:
            self._results.popitem(last=False)

    def get(self, key: Key) -> Result | None:
        result = self._results.get(key)
        if result is not None:
            self._results.move_to_end(key)
        return result


class Line:
    """The positions seen along the game's history, by depth (the number of turns played).

    Each is kept with the turn that led to it; when the history no longer holds that very turn
    (the player undid and played something else), that position and every deeper one are
    forgotten. So each one kept at a smaller depth than the current one is an ancestor of the
    position on the table; deeper ones (the redo side) are checked when play gets there.
    """

    def __init__(self) -> None:
        self._game: Game | None = None
        self._seen: dict[int, tuple[Key, Turn | None]] = {}

    def visit(self, game: Game, key: Key) -> None:
        """Note the game's current position (call after every change)."""
        if game is not self._game:
            self._game = game
            self._seen = {}
        history = game.history
        for depth in sorted(self._seen):
            if depth > len(history):
                break
            if self._seen[depth][1] is not _turn_to(history, depth):
                self._seen = {d: seen for d, seen in self._seen.items() if d < depth}
                break
        depth = len(history)
        self._seen[depth] = (key, _turn_to(history, depth))

    def ancestor(self, game: Game, depth: int) -> Key | None:
        """The key of the position `depth` turns into the current history, if it was seen."""
        if game is not self._game or depth > len(game.history):
            return None
        seen = self._seen.get(depth)
        if seen is None or seen[1] is not _turn_to(game.history, depth):
            return None
        return seen[0]

    def last_won(self, game: Game, knowledge: Knowledge) -> int | None:
        """The depth of the latest position before the current one that was proven winnable."""
        for depth in range(len(game.history) - 1, -1, -1):
            key = self.ancestor(game, depth)
            if key is not None:
                known = knowledge.get(key)
                if known is not None and known.verdict is Verdict.WON:
                    return depth
        return None


def inferred(game: Game, line: Line, knowledge: Knowledge) -> Result | None:
    """What the previous position's result says about the current one, if anything."""
    depth = len(game.history)
    if depth == 0:
        return None
    parent = line.ancestor(game, depth - 1)
    known = knowledge.get(parent) if parent is not None else None
    if known is None:
        return None
    if known.verdict is Verdict.LOST:
        return Result(Verdict.LOST)
    played: Action = game.history[-1].action
    if known.verdict is Verdict.WON and known.solution and known.solution[0] == played:
        return Result(Verdict.WON, known.solution[1:])
    return None


def _turn_to(history: list[Turn], depth: int) -> Turn | None:
    return history[depth - 1] if depth else None
