"""How a kit game lays out its cards: a short list of steps, each taking cards from the deck.

The deck is used from its first card on (deck[0] comes out first), step by step. Piles are
named by role prefix and number ("tableau" and 1-7), so ``Rows(4, piles=range(2, 8))`` deals
four rows across tableau piles 2 to 7.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine.board import Board
from aisle.engine.cards import Card


class Step:
    """One step of a deal."""

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        """Take cards from `cards` and place them; `count` gives each role prefix's number of
        slots."""
        raise NotImplementedError


def _pile_ids(prefix: str, piles: Sequence[int] | None, total: int) -> list[str]:
    numbers = range(1, total + 1) if piles is None else piles
    return [f"{prefix}-{n}" for n in numbers]


class Rows(Step):
    """`rows` rows, one card to each pile in turn (`piles`: their numbers, default all)."""

    def __init__(self, rows: int, face_up: bool = True, role: str = "tableau",
                 piles: Sequence[int] | None = None) -> None:
        self.rows, self.face_up, self.role, self.piles = rows, face_up, role, piles

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        ids = _pile_ids(self.role, self.piles, count[self.role])
        for _row in range(self.rows):
            for pile in ids:
                card = next(cards)
                card.face_up = self.face_up
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


class Rest(Step):
    """Every card left onto one slot, face down, the next card to be dealt on top."""

    def __init__(self, slot: str = "stock") -> None:
        self.slot = slot

    def run(self, board: Board, cards: Iterator[Card], count: dict[str, int]) -> None:
        board.place(self.slot, reversed(list(cards)))


def deal(board: Board, deck: list[Card], steps: Sequence[Step], count: dict[str, int]) -> None:
    cards = iter(deck)
    for step in steps:
        step.run(board, cards, count)
    left = list(cards)
    if left:
        raise ValueError(f"the deal leaves {len(left)} cards in no slot; end it with Rest()")
