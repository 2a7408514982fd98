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

Two of the reference's steps could send a player following the hints round in circles, so
ours ask more (our decision): step 5 deals only while the stock can still show a card that
could be played, and step 6 names a card to take down only when the very next hint puts a card
on it that turns a face-down card up or comes off the waste (otherwise step 4 would send it
straight back up). With that, every hint followed moves forward by this measure, compared in
order: fewer face-down cards; fewer cards in the stock and waste; twice the foundation cards
plus the links (a card on one a rank higher of the other colour) in the tableau; the redeals
used; the cards in the waste. Step 6 alone goes back in the third, but its follow-up gains
in the first or second. So no position is ever reached twice by following the hints.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Card, Deal, Move, Slot, SlotKind
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_klondike.outcome import waste_tops_to_come
from aisle_klondike.rules import (
    FOUNDATIONS,
    KING,
    TABLEAU,
    WASTE,
    Targets,
    fits_foundation,
    fits_pile,
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


def klondike_hint(board: Board, dealing_helps: bool) -> Hint:
    """The hint; `dealing_helps`: the stock can be dealt and can still show a card that could be
    played now (dealing changes nothing else, so the position decides that)."""
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
    if dealing_helps:
        return Hint(T("Deal a new card from the stock."), Deal())
    # 6. the foundations' cards are still in play
    down = _useful_card_down(slots, targets)
    if down is not None or any(targets.piles(slot.cards[-1]) for slot in foundations if slot.cards):
        return Hint(T("Try moving cards down from the foundation."), down)
    return Hint(T("No hint available right now."))


def stock_can_help(slots: Sequence[Slot], draw: int, redeal_left: bool) -> bool:
    """Whether dealing on can still show a card that could be played now (while the player
    only deals, nothing else on the table changes)."""
    targets = Targets(slots)
    return any(targets.takes(card) for card in waste_tops_to_come(slots, draw, redeal_left))


def _useful_card_down(slots: Sequence[Slot], targets: Targets) -> Move | None:
    """A foundation card to take down onto a pile that the next hint then builds on.

    Steps 1 to 5 found nothing, so no run and no waste card had anywhere to go: with the card
    down, step 2 moves the first pile's run whose base fits on it, or else step 3 the waste's
    top card. That move must turn a face-down card up or empty the waste by one; anything less
    and step 4 would only send the card back up later.
    """
    for foundation in slots[FOUNDATIONS]:
        if not foundation.cards:
            continue
        card = foundation.cards[-1]
        piles = targets.piles(card)
        if piles and _next_hint_builds_on(slots, card, piles[0]):
            return Move(foundation.id, 1, piles[0])
    return None


def _next_hint_builds_on(slots: Sequence[Slot], card: Card, pile_id: str) -> bool:
    for source in slots[TABLEAU]:
        count = run_length(source.cards)
        if source.id == pile_id or count == 0 or not fits_pile(source.cards[-count], card):
            continue
        # This is the run step 2 would move next: worth it only if a face-down card lies under it.
        return count < len(source.cards) and not source.cards[-count - 1].face_up
    waste = slots[WASTE].cards
    return bool(waste) and fits_pile(waste[-1], card)
