"""Which cards Canfield sends up by itself when the player turns automatic moves on: those that
can never be needed anywhere else (docs/rules/canfield.md §4).

Ranks are counted from the base: the base rank is 1, the rank after it 2, and so on to 13. A card
of relative rank r that fits its foundation goes up safely from the reserve or the top of a
tableau pile when

- r is 2 and both suits of the other colour have started their foundations, or
- r is 3 or more, both suits of the other colour hold at least r - 1 cards on their foundations,
  and the other suit of its own colour at least r - 2.

In the tableau a card is only of use to hold a card of the other colour one rank lower. Under
this test those cards are up, and are themselves safe by the same test (their own guests, one
colour over and one rank lower again, are up too), down to rank 2, whose only guests are base
cards, which never leave a foundation. The argument is Klondike's (plugins/aisle_klondike/safe.py)
on relative ranks. A base card itself never goes up by itself: it can hold a card of relative rank
13, which comes last of all. Cards going up from the reserve or emptying a tableau pile only bring
the next reserve card into play sooner. Nothing goes up by itself from the waste: taking a card
out of it changes which cards later deals of three show.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Move, Slot
from aisle_canfield.rules import FOUNDATIONS, RESERVE, TABLEAU, base_rank, foundation_for

_OTHER_COLOUR = {"clubs": ("diamonds", "hearts"), "spades": ("diamonds", "hearts"),
                 "diamonds": ("clubs", "spades"), "hearts": ("clubs", "spades")}
_SAME_COLOUR = {"clubs": "spades", "spades": "clubs", "diamonds": "hearts", "hearts": "diamonds"}


def foundation_heights(slots: Sequence[Slot]) -> dict[str, int]:
    """How many cards of each suit are on the foundations (a foundation holds one suit)."""
    heights = dict.fromkeys(_SAME_COLOUR, 0)
    for slot in slots[FOUNDATIONS]:
        if slot.cards:
            heights[slot.cards[-1].suit] = len(slot.cards)
    return heights


def settled(card: Card, relative: int, heights: dict[str, int]) -> bool:
    """Whether `card`, of relative rank `relative`, can never be needed outside its foundation."""
    if relative < 2:
        return False
    first, second = _OTHER_COLOUR[card.suit]
    # For rank 2 this asks only that both suits of the other colour have started.
    return (heights[first] >= relative - 1 and heights[second] >= relative - 1
            and heights[_SAME_COLOUR[card.suit]] >= relative - 2)


def safe_up_move(slots: Sequence[Slot]) -> Move | None:
    """The first card (the reserve, then piles 1 to 4) that goes up safely, as a move; or None."""
    base = base_rank(slots)
    heights = foundation_heights(slots)
    for source in (slots[RESERVE], *slots[TABLEAU]):
        top = source.top
        if top is None or not top.face_up or not settled(top, (top.rank - base) % 13 + 1, heights):
            continue
        target = foundation_for(slots, top)
        if target is not None:
            return Move(source.id, 1, target)
    return None
