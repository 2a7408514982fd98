"""Spider's hint, in the reference's order (docs/rules/spider.md §7); the first match wins.

1. A pile's top run goes onto a top card of its own suit, one rank higher.
2. A loose top run (on nothing, on a face-down card, or on a card it does not follow in rank)
   goes onto a top card of another suit, one rank higher.
3. A pile is empty: fill it (with a run whose move turns a card up or frees a loose run).
4. The stock deals another round.
5. Otherwise: move piles around (a complete run to a foundation, if there is one).

Each move suggested turns a card up, makes a link, settles a loose run onto a card one rank
higher, deals, or sends a run up; later hints never take any of that back, so following the
hints never returns to a position already left.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Deal, Move, Slot
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_spider.runs import COMPLETE, loose, top_run


def spider_hint(can_deal: bool, foundations: Sequence[Slot], tableau: Sequence[Slot]) -> Hint:
    return (_build(tableau, same_suit=True)
            or _build(tableau, same_suit=False)
            or _fill_empty_pile(tableau)
            or (Hint(T("Deal another round."), Deal()) if can_deal else None)
            or _last_resort(foundations, tableau))


def _build(tableau: Sequence[Slot], same_suit: bool) -> Hint | None:
    for source in tableau:
        run = top_run(source.cards)
        if not run or (not same_suit and not loose(source.cards, run)):
            continue
        deepest = source.cards[-run]
        for target in tableau:
            top = target.top
            if (target is not source and top is not None and top.rank == deepest.rank + 1
                    and (top.suit == deepest.suit) == same_suit):
                # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
                return Hint(T("Move {card} onto {target}.", card=card_name(deepest),
                              target=card_name(top)), Move(source.id, run, target.id))
    return None


def _fill_empty_pile(tableau: Sequence[Slot]) -> Hint | None:
    empty = next((pile for pile in tableau if not pile.cards), None)
    if empty is None:
        return None
    text = T("Place something on an empty slot.")
    # First a run that uncovers a face-down card, then one that lies on a card it does not
    # follow: either way the move gains something that no later hint gives back.
    for uncovering in (True, False):
        for source in tableau:
            run = top_run(source.cards)
            if not 0 < run < len(source.cards):
                continue
            beneath = source.cards[-run - 1]
            if (not beneath.face_up) == uncovering and loose(source.cards, run):
                return Hint(text, Move(source.id, run, empty.id))
    return Hint(text)


def _last_resort(foundations: Sequence[Slot], tableau: Sequence[Slot]) -> Hint:
    free = next((slot for slot in foundations if not slot.cards), None)
    complete = next((pile for pile in tableau if top_run(pile.cards) == COMPLETE), None)
    move = Move(complete.id, COMPLETE, free.id) if complete is not None and free is not None else None
    return Hint(T("Try moving card piles around."), move)
