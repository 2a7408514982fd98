"""Runs and links, the shapes Spider's moves, hints and score are made of.

A *link* joins two face-up cards of one suit where the upper card is one rank lower than the
card it lies on. A pile's *top run* is the longest chain of links ending at its top card: the
only cards that can be picked up together.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card

#: King down to Ace: a complete run, 13 cards holding 12 links.
COMPLETE = 13


def linked(lower: Card, upper: Card) -> bool:
    """Whether `upper`, lying on `lower`, is linked to it."""
    return (lower.face_up and upper.face_up and lower.suit == upper.suit
            and lower.rank == upper.rank + 1)


def top_run(cards: Sequence[Card]) -> int:
    """The length of the pile's top run (0 for an empty pile or a face-down top card)."""
    index = len(cards) - 1
    if index < 0 or not cards[index].face_up:
        return 0
    upper = cards[index]
    while index > 0:
        # `linked`, written out: this runs for every pile on every listing of the moves.
        lower = cards[index - 1]
        if not lower.face_up or lower.suit != upper.suit or lower.rank != upper.rank + 1:
            break
        index -= 1
        upper = lower
    return len(cards) - index


def links(cards: Sequence[Card]) -> int:
    """How many links one pile holds."""
    return sum(1 for index in range(1, len(cards)) if linked(cards[index - 1], cards[index]))


def loose(cards: Sequence[Card], count: int) -> bool:
    """Whether the top `count` cards lie loose: on nothing, on a face-down card, or on a card
    they do not follow in rank (taking them away then splits no descending build)."""
    if count >= len(cards):
        return True
    beneath, deepest = cards[-count - 1], cards[-count]
    return not beneath.face_up or beneath.rank != deepest.rank + 1
