"""How a kit game lays out its cards: a short list of steps, each taking cards from the deck.

The deck is used from its first card on (deck[0] comes out first), step by step. Piles are
named by role prefix and number ("tableau" and 1-7), so ``Rows(4, piles=range(2, 8))`` deals
four rows across tableau piles 2 to 7. A step may also take named cards out of what is left,
wherever they lie (`Named`: Grandfather's Clock's twelve foundation cards); the others keep
their shuffled order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence

from aisle.engine.board import Board
from aisle.engine.cards import Card, Suit


class Left(Iterator[Card]):
    """The cards not dealt yet, the next one first; `take` pulls a named card out of them."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._cards = deque(cards)

    def __next__(self) -> Card:
        if not self._cards:
            raise StopIteration
        return self._cards.popleft()

    def take(self, rank: int, suit: Suit) -> Card:
        """The next card of that rank and suit, taken out wherever it lies."""
        for index, card in enumerate(self._cards):
            if card.rank == rank and card.suit == suit:
                del self._cards[index]
                return card
        raise ValueError(f"the deal has no {rank} of {suit} left to place")


class Step:
    """One step of a deal."""

    def run(self, board: Board, cards: Left, count: dict[str, int]) -> None:
        """Take cards from `cards` and place them; `count` gives each role prefix's number of
        slots."""
        raise NotImplementedError


def _pile_ids(prefix: str, piles: Sequence[int] | None, total: int) -> list[str]:
    numbers = range(1, total + 1) if piles is None else piles
    return [f"{prefix}-{n}" for n in numbers]


class Rows(Step):
    """`rows` rows, one card to each pile in turn (`piles`: their numbers, default all), face up
    but on the piles numbered in `down` (Scorpion: face down on piles 1-4 in its first rows)."""

    def __init__(self, rows: int, face_up: bool = True, role: str = "tableau",
                 piles: Sequence[int] | None = None, down: Sequence[int] = ()) -> None:
        self.rows, self.face_up, self.role, self.piles = rows, face_up, role, piles
        self.down = set(down)

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        ids = _pile_ids(self.role, self.piles, count[self.role])
        numbers = range(1, len(ids) + 1) if self.piles is None else self.piles
        faces = [self.face_up and number not in self.down for number in numbers]
        for _row in range(self.rows):
            for pile, face_up in zip(ids, faces, strict=True):
                card = next(cards)
                card.face_up = face_up
                board.place(pile, [card])


class Triangle(Step):
    """Klondike's triangle: row r goes to piles r to the last, face down; then each pile's top
    card is turned up."""

    def __init__(self, role: str = "tableau") -> None:
        self.role = role

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        ids = _pile_ids(self.role, None, count[self.role])
        for row in range(len(ids)):
            for pile in ids[row:]:
                board.place(pile, [next(cards)])
        for pile in ids:
            board.slot(pile).cards[-1].face_up = True


class AllAround(Step):
    """Every card left, one to each pile in turn, face up (FreeCell's columns)."""

    def __init__(self, role: str = "tableau") -> None:
        self.role = role

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        ids = _pile_ids(self.role, None, count[self.role])
        for index, card in enumerate(cards):
            card.face_up = True
            board.place(ids[index % len(ids)], [card])


class Pile(Step):
    """`count` cards onto one slot, the first at the bottom, face down but the top one."""

    def __init__(self, count: int, slot: str) -> None:
        self.count, self.slot = count, slot

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        pile = [next(cards) for _ in range(self.count)]
        for card in pile:
            card.face_up = False
        pile[-1].face_up = True
        board.place(self.slot, pile)


class TurnUp(Step):
    """Turn the top card of every pile of a role face up (takes no card)."""

    def __init__(self, role: str = "tableau") -> None:
        self.role = role

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        for pile in _pile_ids(self.role, None, count[self.role]):
            board.slot(pile).cards[-1].face_up = True


class Named(Step):
    """Named cards, face up, onto named slots, each taken out of the cards left wherever it lies
    (`{"foundation-12": (9, Suit.CLUBS)}`: the nine of clubs starts the twelfth foundation)."""

    def __init__(self, cards: Mapping[str, tuple[int, Suit]]) -> None:
        self.cards = dict(cards)

    def run(self, board: Board, cards: Left, count: dict[str, int]) -> None:
        for slot, (rank, suit) in self.cards.items():
            card = cards.take(rank, suit)
            card.face_up = True
            board.place(slot, [card])


class Rest(Step):
    """Every card left onto one slot, face down, the next card to be dealt on top."""

    def __init__(self, slot: str = "stock") -> None:
        self.slot = slot

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        if not board.has_slot(self.slot):
            raise ValueError(f"Rest() puts the cards left onto the slot {self.slot!r}, and the "
                             f"game has none: give it a Stock(), name another slot "
                             f"(Rest(slot=...)), or deal every card to the table")
        board.place(self.slot, reversed(list(cards)))


def deal(board: Board, deck: list[Card], steps: Sequence[Step], count: dict[str, int]) -> None:
    total = len(deck)
    cards = Left(deck)
    for step in steps:
        step.run(board, cards, count)
    left = list(cards)
    if left:
        end = ("end it with Rest()" if board.has_slot("stock") else
               "the game has no stock to take them: deal every card to the table")
        raise ValueError(f"the deal leaves {len(left)} of its {total} cards in no slot; {end}")
