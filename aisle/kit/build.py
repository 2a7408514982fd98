"""How a card may lie on another: the one relation every pile and foundation rule is made of.

A `Build` says which way ranks go (down, up, or either) and how suits must relate (the same
suit, the same colour, alternating colours, or any). Cards are compared through small integer
keys, so a table can index its piles by "the key of the card this pile takes" and find every
target of a card with one dictionary look-up instead of asking every pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from aisle.engine.cards import SUITS, Card
from aisle.engine.records import frozen

_set = object.__setattr__
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
ACE = 1
KING = 13


class Suits(StrEnum):
    """How the suits of two cards lying on each other relate."""

    SAME = "same"
    COLOUR = "colour"
    ALTERNATE = "alternate"
    ANY = "any"


class Direction(StrEnum):
    DOWN = "down"
    UP = "up"
    EITHER = "either"


@frozen
class Build:
    """Cards go `direction` one rank at a time, suits related as `suits`; with `wrap` an Ace and
    a King follow each other (K-A going up, A-K going down)."""

    direction: Direction
    suits: Suits
    wrap: bool

    def __init__(self, direction: Direction, suits: Suits, wrap: bool = False) -> None:
        _set(self, "direction", direction)
        _set(self, "suits", suits)
        _set(self, "wrap", wrap)

    def key(self, card: Card) -> int:
        """The card as this rule sees it: its rank and what of its suit counts."""
        return card.rank * 8 + self._suit_part(card, same=True)

    def wanted(self, onto: Card) -> tuple[int, ...]:
        """The keys of the cards that may lie on `onto` (none, one or two)."""
        suit = self._suit_part(onto, same=False)
        return tuple(rank * 8 + suit for rank in self._next_ranks(onto.rank))

    def fits(self, card: Card, onto: Card) -> bool:
        return self.key(card) in self.wanted(onto)

    def next_rank(self, rank: int) -> int | None:
        """The rank that follows `rank` in this rule's one direction (None: none, or either way)."""
        ranks = self._next_ranks(rank)
        return ranks[0] if len(ranks) == 1 and self.direction != Direction.EITHER else None

    def run_length(self, cards: list[Card]) -> int:
        """How many top cards of a pile lie in sequence under this rule (face up, each on the
        one below it); 0 for an empty pile."""
        index = len(cards) - 1
        if index < 0 or not cards[index].face_up:
            return 0
        while index > 0 and cards[index - 1].face_up and self.fits(cards[index], cards[index - 1]):
            index -= 1
        return len(cards) - index

    # -- inside --------------------------------------------------------------------------------
    def _next_ranks(self, rank: int) -> tuple[int, ...]:
        ranks: list[int] = []
        if self.direction != Direction.UP:
            ranks.append(rank - 1 if rank > ACE else (KING if self.wrap else 0))
        if self.direction != Direction.DOWN:
            ranks.append(rank + 1 if rank < KING else (ACE if self.wrap else 0))
        return tuple(sorted({r for r in ranks if r}))

    def _suit_part(self, card: Card, same: bool) -> int:
        """0-3 the suit, 4-5 the colour, 6 for any; `same` False gives the part a card lying
        on `card` must have (the other colour for alternating colours)."""
        if self.suits is Suits.SAME:
            return _SUIT_INDEX[card.suit]
        if self.suits is Suits.COLOUR:
            return 4 + card.red
        if self.suits is Suits.ALTERNATE:
            return 4 + (card.red if same else not card.red)
        return 6


class Relation:
    """A `Build` applied to one game's cards: lists indexed by card id, so that the rules asked at
    every listing of the moves are look-ups (``fits[card.id][onto.id]``), not computations."""

    def __init__(self, build: Build, deck: Sequence[Card]) -> None:
        size = max(card.id for card in deck) + 1
        self.build = build
        #: Each card's key, and the keys of the cards that may lie on it.
        self.key = [0] * size
        self.wanted: list[tuple[int, ...]] = [()] * size
        by_key: dict[int, list[int]] = {}
        for card in deck:
            self.key[card.id] = build.key(card)
            self.wanted[card.id] = build.wanted(card)
            by_key.setdefault(self.key[card.id], []).append(card.id)
        #: fits[card][onto]: may the card lie on the other (1) or not (0). Rows of bytes: a
        #: tenth of the memory of lists of booleans, and looked up as fast.
        rows = [bytearray(size) for _ in range(size)]
        for onto in deck:
            for key in self.wanted[onto.id]:
                for card_id in by_key.get(key, ()):
                    rows[card_id][onto.id] = 1
        self.fits = [bytes(row) for row in rows]

    def run_length(self, cards: Sequence[Card]) -> int:
        """`Build.run_length`, by look-up."""
        index = len(cards) - 1
        if index < 0 or not cards[index].face_up:
            return 0
        fits, upper = self.fits, cards[index]
        while index > 0:
            lower = cards[index - 1]
            if not lower.face_up or not fits[upper.id][lower.id]:
                break
            index -= 1
            upper = lower
        return len(cards) - index

    def links(self, cards: Sequence[Card]) -> int:
        """How many face-up cards of a pile lie in sequence on a face-up card."""
        fits, count = self.fits, 0
        for index in range(1, len(cards)):
            lower, upper = cards[index - 1], cards[index]
            if lower.face_up and upper.face_up and fits[upper.id][lower.id]:
                count += 1
        return count


#: The common rules, by the names the rules pages use.
DOWN_ALTERNATE = Build(Direction.DOWN, Suits.ALTERNATE)
DOWN_BY_SUIT = Build(Direction.DOWN, Suits.SAME)
DOWN_BY_COLOUR = Build(Direction.DOWN, Suits.COLOUR)
DOWN_ANY_SUIT = Build(Direction.DOWN, Suits.ANY)
UP_BY_SUIT = Build(Direction.UP, Suits.SAME)
UP_ANY_SUIT = Build(Direction.UP, Suits.ANY)
#: The same, round the corner: an Ace follows a King going up, a King an Ace going down.
UP_BY_SUIT_ROUND = Build(Direction.UP, Suits.SAME, wrap=True)
DOWN_ALTERNATE_ROUND = Build(Direction.DOWN, Suits.ALTERNATE, wrap=True)
