"""Hints in the reference's order; the first rule that finds something wins.

1. A pile's top run can go onto the top of another pile of the same suit, one rank higher.
2. A pile's top run can go onto a top of another suit, one rank higher, but only when taking
   the run away would not split a descending build (the run lies on nothing, on a face-down
   card, or on a card that is not one rank higher).
3. A pile is empty.
4. The stock still has cards.
5. Otherwise: try moving piles around.

Before all of them (our addition), a complete run on top of a pile goes to a foundation: the
reference never says so, and a deal would bury it. Rule 5 names the idea but no move (as the
reference does): any move it could name breaks a descending build, and the next hint could
move the cards straight back.

So every hint followed moves forward by this measure, compared in order: fewer cards in the
stock; more runs on the foundations; fewer face-down cards; more same-suit links; more cards
on a card one rank higher. Rule 1 makes a link and breaks none (the run is the longest one),
rule 2 makes a descending pair and breaks none, rule 3's move turns a card up, rule 4 deals.
No position is ever reached twice by following the hints.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Deal, Move, Slot
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_spider_three_decks.runs import FULL_RUN, has_full_run_on_top, top_run_length


def spider_hint(stock: Slot, foundations: Sequence[Slot], tableau: Sequence[Slot]) -> Hint:
    return (
        _complete_run_hint(foundations, tableau)
        or _build_hint(tableau, same_suit=True)
        or _build_hint(tableau, same_suit=False)
        or _empty_pile_hint(tableau)
        or (Hint(T("Deal another round."), Deal()) if stock.cards else None)
        or Hint(T("Try moving card piles around."))
    )


def _complete_run_hint(foundations: Sequence[Slot], tableau: Sequence[Slot]) -> Hint | None:
    free = next((f for f in foundations if not f.cards), None)
    source = next((slot for slot in tableau if has_full_run_on_top(slot.cards)), None)
    if free is None or source is None:
        return None
    king = source.cards[-FULL_RUN]
    # TRANSLATORS: {card} is the King at the bottom of a complete run, such as "K♠".
    return Hint(T("Move the run from {card} down to the Ace onto an empty foundation.",
                  card=card_name(king)), Move(source.id, FULL_RUN, free.id))


def _build_hint(tableau: Sequence[Slot], same_suit: bool) -> Hint | None:
    for source in tableau:
        run = top_run_length(source.cards)
        if not run:
            continue
        deepest = source.cards[-run]
        if not same_suit and not _leaves_no_build_behind(source.cards, run):
            continue
        for target in tableau:
            top = target.top
            if (
                target is not source
                and top is not None
                and (top.suit == deepest.suit) == same_suit
                and top.rank == deepest.rank + 1
            ):
                return Hint(T("Move {card} onto {target}.", card=card_name(deepest), target=card_name(top)),
                            Move(source.id, run, target.id))
    return None


def _leaves_no_build_behind(cards: Sequence[Card], run: int) -> bool:
    """Whether moving the top `run` cards away leaves no descending build broken behind them."""
    if run == len(cards):
        return True
    beneath, deepest = cards[-run - 1], cards[-run]
    return not beneath.face_up or beneath.rank != deepest.rank + 1


def _empty_pile_hint(tableau: Sequence[Slot]) -> Hint | None:
    empty = next((slot for slot in tableau if not slot.cards), None)
    if empty is None:
        return None
    # The reference only names the idea. We also point at a run lying on a face-down card:
    # moving it turns that card up, so following such hints can never go round in circles.
    for source in tableau:
        run = top_run_length(source.cards)
        if 0 < run < len(source.cards) and not source.cards[-run - 1].face_up:
            return Hint(T("Place something on an empty slot."), Move(source.id, run, empty.id))
    return Hint(T("Place something on an empty slot."))
