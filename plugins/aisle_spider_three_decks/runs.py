"""Same-suit runs and links: the two shapes every Spider rule and the score are made of.

A *link* is a face-up card lying directly on a face-up card of the same suit exactly one rank
higher. A *run* is an unbroken chain of links; the movable run of a pile is the one at its top.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from aisle.engine import Card

#: A complete run goes from King down to Ace: 13 cards, 12 links.
FULL_RUN = 13


def is_link(lower: Card, upper: Card) -> bool:
    """Whether `upper`, lying directly on `lower`, makes a link with it."""
    return (
        lower.face_up
        and upper.face_up
        and lower.suit == upper.suit
        and lower.rank == upper.rank + 1
    )


def top_run_length(cards: Sequence[Card]) -> int:
    """How many cards at the top of a pile form one same-suit run (0 when the top is face down)."""
    if not cards or not cards[-1].face_up:
        return 0
    length = 1
    upper = cards[-1]
    for index in range(len(cards) - 2, -1, -1):
        lower = cards[index]
        if not is_link(lower, upper):
            break
        length += 1
        upper = lower
    return length


def has_full_run_on_top(cards: Sequence[Card]) -> bool:
    """Whether the top thirteen cards read Ace, 2, ... King of one suit, all face up."""
    # A run never holds more than 13 cards (nothing ranks above a King), so 13 means complete.
    return len(cards) >= FULL_RUN and top_run_length(cards) == FULL_RUN


def count_links(cards: Sequence[Card]) -> int:
    """Links in one pile."""
    return sum(1 for lower, upper in pairwise(cards) if is_link(lower, upper))
