"""What may move where in Spider Three Decks, with the reason when it may not.

The refusal functions are the rules as the player meets them (one clear reason each); the
listing functions compute the same answers directly from the pile tops, which is what makes
`legal_actions` and the loss check fast. The conformance kit checks that both agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from aisle.engine import Card, Move, Slot, SlotKind
from aisle.i18n import T, Text
from aisle.variant import card_name
from aisle_spider_three_decks.runs import FULL_RUN, top_run_length


def pick_up_refusal(source: Slot, count: int) -> Text | None:
    """Why the top `count` cards of `source` cannot be picked up, or None when they can."""
    if source.kind == SlotKind.STOCK:
        return T("Cards cannot be taken from the stock; click it to deal a round.")
    if source.kind == SlotKind.FOUNDATION:
        return T("A finished run on a foundation stays there.")
    group = source.cards[-count:]
    if not all(card.face_up for card in group):
        return T("Face-down cards cannot be moved.")
    if any(card.suit != group[0].suit for card in group):
        return T("Only cards of one suit can be moved together.")
    for lower, upper in pairwise(group):
        if lower.rank != upper.rank + 1:
            return T("Cards moved together must go down in rank one step at a time.")
    return None


def drop_refusal(source: Slot, count: int, target: Slot) -> Text | None:
    """Why a movable group of `count` cards from `source` cannot go onto `target`, or None."""
    deepest = source.cards[-count]
    if target.kind == SlotKind.TABLEAU:
        top = target.top
        if top is None or top.rank == deepest.rank + 1:
            return None
        if deepest.rank == FULL_RUN:
            return T("A King can only go onto an empty pile.")
        return T("{card} can only go onto a card one rank higher, of any suit, or onto an empty pile.",
                 card=card_name(deepest))
    if target.kind == SlotKind.FOUNDATION:
        if target.cards:
            return T("This foundation already holds a finished run.")
        if count != FULL_RUN:
            return T("Only a complete run of one suit, from King down to Ace, can go onto a foundation.")
        # Thirteen cards that could be picked up are one suit going down by one: King to Ace.
        return None
    if target.kind == SlotKind.STOCK:
        return T("Cards cannot be put on the stock.")
    return T("Cards cannot be put there.")


def legal_moves(tableau: Sequence[Slot], foundations: Sequence[Slot]) -> list[Move]:
    """Every legal move, computed from the pile tops instead of trying each target."""
    empty_piles: list[str] = []
    piles_by_top_rank: dict[int, list[str]] = {}
    for slot in tableau:
        top = slot.top
        if top is None:
            empty_piles.append(slot.id)
        else:
            piles_by_top_rank.setdefault(top.rank, []).append(slot.id)
    moves: list[Move] = []
    for slot in tableau:
        run = top_run_length(slot.cards)
        if not run:
            continue
        top_rank = slot.cards[-1].rank
        for count in range(1, run + 1):
            # The deepest moved card has rank top_rank + count - 1; a target needs one more.
            # That is above the source's own top rank, so the source is never its own target.
            for target in piles_by_top_rank.get(top_rank + count, ()):
                moves.append(Move(slot.id, count, target))
            for target in empty_piles:
                moves.append(Move(slot.id, count, target))
        if run == FULL_RUN:
            moves.extend(Move(slot.id, FULL_RUN, f.id) for f in foundations if not f.cards)
    return moves


def only_complete_runs(cards: Sequence[Card]) -> bool:
    """Whether a pile is nothing but complete runs, King to Ace, one on another, all face up."""
    if len(cards) % FULL_RUN:
        return False
    return all(top_run_length(cards[start:start + FULL_RUN]) == FULL_RUN
               for start in range(0, len(cards), FULL_RUN))


def any_move(tableau: Sequence[Slot]) -> bool:
    """Whether any card move is legal; stops at the first one found."""
    top_ranks: set[int] = set()
    has_empty = has_cards = False
    for slot in tableau:
        top = slot.top
        if top is None:
            has_empty = True
        else:
            has_cards = True
            top_ranks.add(top.rank)
    if has_empty and has_cards:
        return True  # any top card can go onto an empty pile
    for slot in tableau:
        run = top_run_length(slot.cards)
        if run == FULL_RUN:
            # Twelve foundations, twelve runs: while a run is out here, a foundation is free.
            return True
        if run:
            top_rank = slot.cards[-1].rank
            if any(top_rank + count in top_ranks for count in range(1, run + 1)):
                return True
    return False
