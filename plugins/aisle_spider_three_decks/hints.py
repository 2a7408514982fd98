"""Hints in the reference's order; the first rule that finds something wins.

1. A pile's top run can go onto the top of another pile of the same suit, one rank higher.
2. A pile's top run can go onto a top of another suit, one rank higher, but only when taking
   the run away would not split a descending build (the run lies on nothing, on a face-down
   card, or on a card that is not one rank higher).
3. A pile is empty.
4. The stock still has cards.
5. Otherwise: try moving piles around.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Deal, Move, Slot
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_spider_three_decks.rules import legal_moves
from aisle_spider_three_decks.runs import top_run_length


def spider_hint(stock: Slot, foundations: Sequence[Slot], tableau: Sequence[Slot]) -> Hint:
    return (
        _build_hint(tableau, same_suit=True)
        or _build_hint(tableau, same_suit=False)
        or _empty_pile_hint(tableau)
        or (Hint(T("Deal another round."), Deal()) if stock.cards else None)
        or _last_resort(foundations, tableau)
    )


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


def _last_resort(foundations: Sequence[Slot], tableau: Sequence[Slot]) -> Hint:
    moves = legal_moves(tableau, foundations)
    return Hint(T("Try moving card piles around."), moves[0] if moves else None)
