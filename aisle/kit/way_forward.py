"""Where an open game can still go: a short breadth-first search of the positions its moves
reach, for kit games with no stock and no face-down card (Grandfather's Clock, games of piles
built one card at a time), where the next card going up may be several moves away.

It gives the hint its move (the first of a shortest way to a position with more cards up, so
each hint brings that position one move nearer and following them never comes back to one)
and the loss test its proof (the search saw every position the moves reach and none has more
cards up: the game cannot be won). A search that stops at its limit proves nothing, and the
game goes on as before.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from aisle.engine.actions import Move
from aisle.engine.board import Board
from aisle.engine.events import Event, inverse

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant

#: The most positions one search looks at: a few milliseconds each, and enough to see the
#: whole of a position with no empty pile, where only a handful of moves are left.
MOST_POSITIONS = 600
#: A hint is asked for now and then, not after every move: it may look further.
HINT_POSITIONS = 3000


class Reach(NamedTuple):
    """What the search found: the first move of a shortest way to more cards up (None: no
    way found), and whether it saw every position within reach. (A named tuple: this module is
    on the way to every kit game's first frame, and `dataclasses` costs a millisecond there.)"""

    first: Move | None
    complete: bool


def cards_up(game: KitVariant, board: Board) -> int:
    slots = board.slots
    return sum(len(slots[place].cards) for place in game.kit.foundations)


def _key(game: KitVariant, board: Board) -> Hashable:
    key = game.solver_key(board)
    if key is None:
        key = tuple(tuple(card.code for card in slot.cards) for slot in board.slots)
    return key


def _play(game: KitVariant, board: Board, moves: Sequence[Move]) -> list[Event]:
    """Make `moves` with their consequences; the events to take back."""
    board.start_log()
    for move in moves:
        board.move(move.source, move.count, move.target)
        game.after_move(board, move)
    return board.stop_log()


def _take_back(board: Board, events: list[Event]) -> None:
    for event in reversed(events):
        board.apply(inverse(event))


def way_up(game: KitVariant, board: Board, most: int = MOST_POSITIONS) -> Reach:
    """The search (see the module's notes); the board is left as it was."""
    now = cards_up(game, board)
    seen = {_key(game, board)}
    waiting: deque[tuple[Move, ...]] = deque([()])
    while waiting:
        path = waiting.popleft()
        events = _play(game, board, path)
        try:
            moves = [action for action in game.legal_actions(board) if isinstance(action, Move)]
            for move in moves:
                step = _play(game, board, [move])
                try:
                    if cards_up(game, board) > now:
                        return Reach((*path, move)[0], complete=False)
                    key = _key(game, board)
                finally:
                    _take_back(board, step)
                if key in seen:
                    continue
                if len(seen) >= most:
                    return Reach(None, complete=False)
                seen.add(key)
                waiting.append((*path, move))
        finally:
            _take_back(board, events)
    return Reach(None, complete=True)
