"""What may move where in Spider, and why not (docs/rules/spider.md §4).

The refusals are the rules as the player meets them, one clear reason each. `legal_moves` and
`any_move` reach the same answers straight from the pile tops, which keeps `legal_actions`, the
loss check and the hints fast; the conformance kit checks that both agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Move, Slot, SlotKind
from aisle.i18n import T, Text
from aisle.variant import card_name
from aisle_spider.runs import COMPLETE, top_run


def pick_up_refusal(source: Slot, count: int) -> Text | None:
    """Why the top `count` cards of `source` cannot be picked up, or None when they can."""
    if source.kind == SlotKind.STOCK:
        return T("Cards cannot be taken from the stock; click it to deal a round.")
    if source.kind == SlotKind.FOUNDATION:
        return T("A finished run on a foundation stays there.")
    if count <= top_run(source.cards):
        return None
    group = source.cards[-count:]
    if not all(card.face_up for card in group):
        return T("Face-down cards cannot be moved.")
    if any(card.suit != group[0].suit for card in group):
        return T("Only cards of one suit can be moved together.")
    return T("Cards moved together must go down in rank one step at a time.")


def drop_refusal(source: Slot, count: int, target: Slot) -> Text | None:
    """Why a group that can be picked up cannot go onto `target`, or None when it can."""
    deepest = source.cards[-count]
    if target.kind == SlotKind.TABLEAU:
        top = target.top
        if top is None or top.rank == deepest.rank + 1:
            return None
        if deepest.rank == COMPLETE:
            return T("A King can only go onto an empty pile.")
        return T("{card} can only go onto a card one rank higher, of any suit, or onto an empty pile.",
                 card=card_name(deepest))
    if target.kind == SlotKind.FOUNDATION:
        if target.cards:
            return T("This foundation already holds a finished run.")
        if count != COMPLETE:
            return T("Only a complete run of one suit, from King down to Ace, can go onto a foundation.")
        return None  # thirteen cards that can be picked up run from King down to Ace
    return T("Cards cannot be put on the stock.")


def deal_refusal(stock: Slot, tableau: Sequence[Slot]) -> Text | None:
    """Why the stock cannot be dealt now, or None: a round needs a card and every pile filled."""
    if not stock.cards:
        return T("The stock is empty.")
    if any(not pile.cards for pile in tableau):
        return T("Fill every empty pile before dealing another round.")
    return None


def legal_moves(tableau: Sequence[Slot], foundations: Sequence[Slot]) -> list[Move]:
    """Every legal card move: each part of each top run onto every pile that takes it."""
    empty: list[str] = []
    by_top: dict[int, list[str]] = {}
    for pile in tableau:
        if pile.cards:
            by_top.setdefault(pile.cards[-1].rank, []).append(pile.id)
        else:
            empty.append(pile.id)
    free = [slot.id for slot in foundations if not slot.cards]
    moves: list[Move] = []
    add = moves.append
    for pile in tableau:
        run = top_run(pile.cards)
        if not run:
            continue
        source = pile.id
        top_rank = pile.cards[-1].rank
        for count in range(1, run + 1):
            # The deepest card moved has rank top_rank + count - 1, above the pile's own top,
            # so a pile never finds itself among the targets.
            for target in by_top.get(top_rank + count, ()):
                add(Move(source, count, target))
            for target in empty:
                add(Move(source, count, target))
        if run == COMPLETE:
            for target in free:
                add(Move(source, COMPLETE, target))
    return moves


def any_move(tableau: Sequence[Slot]) -> bool:
    """Whether some card can move (stops at the first found). A complete run in the tableau can
    always go up: eight foundations hold eight runs, so one is free while a run is out here."""
    tops: set[int] = set()
    empty = filled = False
    for pile in tableau:
        if pile.cards:
            filled = True
            tops.add(pile.cards[-1].rank)
        else:
            empty = True
    if empty and filled:
        return True
    for pile in tableau:
        run = top_run(pile.cards)
        if run == COMPLETE:
            return True
        if run and any(pile.cards[-1].rank + count in tops for count in range(1, run + 1)):
            return True
    return False
