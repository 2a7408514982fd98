"""Canfield's hint, in the reference's order (docs/rules/canfield.md §7); the first match wins.

1. a top card (the reserve, tableau piles 1-4, then the waste) goes onto a foundation;
2. the reserve's top card, then the waste's, goes onto a tableau pile;
3. a whole tableau pile goes onto another pile;
4. deal (or turn the waste over), but only while some card the stock can show could be played;
5. try rearranging the cards.

Each move suggested puts a card up, takes one out of the reserve, stock or waste, or leaves a
tableau pile fewer; none is ever undone by a later hint, so the hints never go round in circles.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Deal, Move, Slot, SlotKind
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_canfield.outcome import stock_can_help
from aisle_canfield.rules import RESERVE, STOCK, TABLEAU, WASTE, Targets, run_length


def _move_hint(source: Slot, count: int, target: Slot) -> Hint:
    card = source.cards[-count]
    move = Move(source.id, count, target.id)
    if target.top is not None:
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
        return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(target.top)), move)
    if target.kind == SlotKind.FOUNDATION:
        # TRANSLATORS: {card} is a card such as "A♦".
        return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
    # TRANSLATORS: {card} is a card such as "K♠" (the deepest card of the moving run).
    return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)


def canfield_hint(board: Board) -> Hint:
    slots = board.slots
    targets = Targets(slots)
    return (_up(board, slots, targets) or _onto_tableau(board, slots, targets)
            or _whole_pile(board, slots, targets) or _deal(slots, targets)
            or Hint(T("Try rearranging the cards.")))


def _up(board: Board, slots: Sequence[Slot], targets: Targets) -> Hint | None:
    for source in (slots[RESERVE], *slots[TABLEAU], slots[WASTE]):
        if source.cards:
            found = targets.foundations(source.cards[-1])
            if found:
                return _move_hint(source, 1, board.slot(found[0]))
    return None


def _onto_tableau(board: Board, slots: Sequence[Slot], targets: Targets) -> Hint | None:
    for source in (slots[RESERVE], slots[WASTE]):
        if source.cards:
            piles = targets.piles(source.cards[-1])
            if piles:
                # The reference tries the piles in order, the empty ones with the others.
                first = min(piles, key=lambda pile_id: board.slot(pile_id).x)
                return _move_hint(source, 1, board.slot(first))
    return None


def _whole_pile(board: Board, slots: Sequence[Slot], targets: Targets) -> Hint | None:
    for source in slots[TABLEAU]:
        if not source.cards or run_length(source.cards) != len(source.cards):
            continue
        for pile_id in targets.piles_for.get((source.cards[0].rank, source.cards[0].red), ()):
            if pile_id != source.id:
                return _move_hint(source, len(source.cards), board.slot(pile_id))
    return None


def _deal(slots: Sequence[Slot], targets: Targets) -> Hint | None:
    if not stock_can_help(slots, targets):
        return None
    if slots[STOCK].cards:
        return Hint(T("Deal a new card from the stock."), Deal())
    return Hint(T("Move the waste back to the stock."), Deal())
