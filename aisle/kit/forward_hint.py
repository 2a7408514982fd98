"""A hint for games of piles built down with a stock (Gypsy, Easthaven, Whitehead, ...) that
only ever suggests a step forward, so that following the hints never comes back to a position.

The suggestions, first match wins (AisleRiot's usual order for these games):

1. a top card of a pile onto a foundation, then the waste's;
2. a run onto another pile's top card, when that is progress (below);
3. the waste's top card onto a pile;
4. a run into an empty pile, when that is progress;
5. a deal from the stock, while it may deal.

Progress is measured, in this order of importance: cards on the foundations, fewer face-down
cards, fewer cards in the stock and waste, more face-up cards lying in sequence on the piles
(under the piles' build rule), fewer cards in the stock. A move is suggested only when it raises
that measure, so moving a run from one place in sequence to another, or a card off a
foundation, is never suggested. Steps 1 and 5 always raise it too, except a redeal (the waste
turned back into the stock), which only a limited number of passes allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from aisle.engine.actions import Deal, Move
from aisle.engine.board import Board
from aisle.engine.events import inverse
from aisle.i18n import T
from aisle.slot_sentences import MOVE_ONTO
from aisle.variant import Hint, card_name

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant

Measure = tuple[int, int, int, int, int]
#: A game's own measure of progress (higher is further), for `forward_hint`'s `measure`.
Progress = Callable[["KitVariant", Board], tuple[Any, ...]]


def measure(game: KitVariant, board: Board) -> Measure:
    """How far the position has come (see the module's notes); higher is further."""
    kit, slots = game.kit, board.slots
    up = sum(len(slots[place].cards) for place in kit.foundations)
    down = sum(1 for slot in slots for card in slot.cards if not card.face_up)
    stock = sum(len(slots[place].cards) for place in kit.stocks)
    waste = sum(len(slots[place].cards) for place in kit.wastes)
    linked = sum(plan.relation.links(slots[place].cards) for plan in kit.pile_plans
                 if plan.relation is not None for place in plan.places)
    return up, -down, -stock - waste, linked, -stock


def _after(game: KitVariant, board: Board, move: Move, progress: Progress) -> tuple[Any, ...]:
    """The measure once `move` is made with its consequences; the board is put back."""
    board.start_log()
    board.move(move.source, move.count, move.target)
    game.after_move(board, move)
    events = board.stop_log()
    try:
        return progress(game, board)
    finally:
        for event in reversed(events):
            board.apply(inverse(event))


def _kind(game: KitVariant, board: Board, move: Move) -> float:
    """The move's step in the module's order: 1 and 1.5 for step 1, 2 to 4."""
    kit = game.kit
    target, from_waste = kit.place[move.target], kit.place[move.source] in kit.wastes
    if target in kit.foundations:
        return 1.5 if from_waste else 1
    if from_waste:
        return 3
    return 2 if board.slots[target].cards else 4


def forward_hint(game: KitVariant, board: Board, moves: Sequence[Move] | None = None,
                 progress: Progress = measure) -> Hint | None:
    """The first step forward (see the module's notes), or None when there is none; a game whose
    piles are not built down gives its own `progress` measure (Union Square)."""
    if moves is None:
        moves = [action for action in game.legal_actions(board) if isinstance(action, Move)]
    kit = game.kit
    moves = [move for move in moves if kit.place[move.source] not in kit.foundations]
    now = progress(game, board)
    for step in (1, 1.5, 2, 3, 4):
        for move in moves:
            if _kind(game, board, move) == step and _after(game, board, move, progress) > now:
                card = board.slot(move.source).cards[-move.count]
                return Hint(game.slot_sentence(MOVE_ONTO, board.slot(move.target),
                                               cards=card_name(card)), move)
    if kit.stocks and game.stock_refusal(board) is None:
        stock = board.slots[kit.stocks[0]]
        if stock.cards:
            return Hint(T("Deal a new card from the stock."), Deal())
        return Hint(T("Move the waste back to the stock."), Deal())
    return None
