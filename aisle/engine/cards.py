"""Cards: rank 1..13 (ace low), suit, face up or down, and an identity unique across decks."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum, StrEnum


class Suit(StrEnum):
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


#: Deck order: clubs A..K, then diamonds, hearts, spades.
SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Rank(IntEnum):
    ACE = 1
    JACK = 11
    QUEEN = 12
    KING = 13


class Card:
    """One physical card. `id` is unique in a game: deck * 52 + suit index * 13 + rank - 1."""

    __slots__ = ("face_up", "id", "rank", "red", "suit")

    def __init__(self, card_id: int, rank: int, suit: Suit, face_up: bool = False) -> None:
        self.id = card_id
        self.rank = rank
        self.suit = suit
        self.face_up = face_up
        self.red = suit.red

    @property
    def deck(self) -> int:
        return self.id // 52

    @property
    def code(self) -> str:
        """A short language-neutral name such as "QH" or "10C" (for logs, tests and saves)."""
        return f"{_RANK_CODES[self.rank]}{self.suit.value[0].upper()}"

    def __repr__(self) -> str:
        return f"<{self.code}{'' if self.face_up else ' down'} #{self.id}>"


_RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K", **{r: str(r) for r in range(2, 11)}}


def new_deck(decks: int = 1, suits: Sequence[Suit] = SUITS) -> list[Card]:
    """`decks` decks of 52 cards in the reference order, all face down.

    A deck holds its four runs of 13 cards in `suits` order; with fewer suits (Spider's one- and
    two-suit games) the suits take turns, so one suit fills a deck with four runs of that suit
    and two suits with two runs of each. `card.id` stays deck * 52 + run * 13 + rank - 1.
    """
    if not suits or 4 % len(suits) or len(set(suits)) != len(suits) or not set(suits) <= set(SUITS):
        raise ValueError(f"a deck is made of one, two or four different suits, not {suits!r:.60}")
    cards = []
    for deck in range(decks):
        for run in range(4):
            suit = Suit(suits[run % len(suits)])
            for rank in range(1, 14):
                cards.append(Card(deck * 52 + run * 13 + rank - 1, rank, suit))
    return cards
