"""Klondike's hint, in the reference's order (RULES.md §2.6); the first match wins.

1. an ace on top of the waste or a tableau pile goes to an empty foundation;
2. a tableau pile's whole face-up run goes onto another pile (never a King already at the
   bottom of its pile);
3. the waste's top card goes onto a tableau pile;
4. the next card of a started foundation, on top of the waste or a pile, goes up;
5. deal from the stock (or turn the waste over, when a redeal is left);
6. try taking cards back down from the foundations;
7. nothing to suggest.

(The reference's step between 4 and 5 only runs when empty piles take any card, which its
Klondike never allows, so it has no counterpart here.)
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Card, Deal, Move, Slot, SlotKind
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_klondike.rules import (
    FOUNDATIONS,
    KING,
    TABLEAU,
    WASTE,
    Targets,
    fits_foundation,
    run_length,
)


def _move_hint(source: Slot, count: int, target: Slot) -> Hint:
    card = source.cards[-count]
    move = Move(source.id, count, target.id)
    if target.top is not None:
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
        return Hint(T("Move {card} onto {target}.", card=card_name(card),
                      target=card_name(target.top)), move)
    if target.kind == SlotKind.FOUNDATION:
        # TRANSLATORS: {card} is a card such as "A♦".
        return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
    # TRANSLATORS: {card} is a card such as "K♠" (the deepest card of the moving run).
    return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)


def _tops(slots: Sequence[Slot]) -> list[tuple[Slot, Card]]:
    """The waste, then the tableau piles in order, with their (face-up) top cards."""
    sources = [slots[WASTE], *slots[TABLEAU]]
    return [(slot, slot.cards[-1]) for slot in sources if slot.cards and slot.cards[-1].face_up]


def _pile_target(board: Board, targets: Targets, card: Card, source: Slot) -> Slot | None:
    """The first tableau pile (other than the source) a run with `card` at its base fits."""
    for pile_id in targets.piles(card):
        if pile_id != source.id:
            return board.slot(pile_id)
    return None


def klondike_hint(board: Board, can_deal: bool) -> Hint:
    slots = board.slots
    foundations = slots[FOUNDATIONS]
    tops = _tops(slots)
    targets = Targets(slots)
    empty_foundation = next((slot for slot in foundations if not slot.cards), None)
    # 1. aces up
    for source, card in tops:
        if card.rank == 1 and empty_foundation is not None:
            return _move_hint(source, 1, empty_foundation)
    # 2. whole runs between tableau piles
    for source in slots[TABLEAU]:
        count = run_length(source.cards)
        if count == 0:
            continue
        base = source.cards[-count]
        if base.rank == KING and count == len(source.cards):
            continue
        target = _pile_target(board, targets, base, source)
        if target is not None:
            return _move_hint(source, count, target)
    # 3. the waste onto the tableau
    waste = slots[WASTE]
    if waste.cards:
        target = _pile_target(board, targets, waste.cards[-1], waste)
        if target is not None:
            return _move_hint(waste, 1, target)
    # 4. the next card of each started foundation
    for foundation in foundations:
        if not foundation.cards:
            continue
        for source, card in tops:
            if fits_foundation(card, foundation.top):
                return _move_hint(source, 1, foundation)
    # 5. the stock
    if can_deal:
        return Hint(T("Deal a new card from the deck."), Deal())
    # 6. the foundations' cards are still in play
    if any(slot.cards for slot in foundations):
        return Hint(T("Try moving cards down from the foundation."), _card_down(slots, targets))
    return Hint(T("No hint available right now."))


def _card_down(slots: Sequence[Slot], targets: Targets) -> Move | None:
    """A foundation card that may go back onto the tableau, to go with the advice (if any)."""
    for foundation in slots[FOUNDATIONS]:
        if foundation.cards:
            piles = targets.piles(foundation.cards[-1])
            if piles:
                return Move(foundation.id, 1, piles[0])
    return None
