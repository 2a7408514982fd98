"""The solver's key for a kit game: positions that play the same get the same key.

Free cells are alike, and so are the tableau piles of one role, unless a stock still deals onto
them (each pile then gets its own next cards); cards of the same rank and suit (several decks)
are alike too. The key is one string, as the solver's exact key is: compact, and quick to make
and compare.
"""

from __future__ import annotations

from aisle.engine.board import Board
from aisle.engine.cards import SUITS
from aisle.kit.roles import Stock
from aisle.kit.table import Table


class SolverKey:
    """The key of one table's positions."""

    def __init__(self, table: Table) -> None:
        #: One character for each card and side (index 2 × card id + face up), shared by cards
        #: of the same rank and suit.
        self.chars = [""] * 2 * (max(card.id for card in table.deck) + 1)
        for card in table.deck:
            face = SUITS.index(card.suit) * 13 + card.rank - 1
            self.chars[2 * card.id] = chr(0x100 + 2 * face)
            self.chars[2 * card.id + 1] = chr(0x101 + 2 * face)
        stocks = table.roles_of(Stock)
        onto = stocks[0].onto if stocks and isinstance(stocks[0], Stock) else None
        self.stock = table.stocks[0] if table.stocks else None
        #: Each group of alike slots: its places, as a slice when they follow each other, and
        #: whether the stock deals onto them.
        self.alike = [(places, _span(places), onto is not None and table.role_of[places[0]].prefix == onto)
                      for places in (table.cells, *(places for _role, places in table.tableau_groups))
                      if len(places) > 1]

    def __call__(self, board: Board) -> str:
        chars = self.chars
        parts = ["".join([chars[2 * card.id + card.face_up] for card in slot.cards]) for slot in board.slots]
        dealing = self.stock is not None and bool(board.slots[self.stock].cards)
        for places, span, dealt in self.alike:
            if dealt and dealing:
                continue
            if span is not None:
                parts[span] = sorted(parts[span])
            else:
                for place, text in zip(places, sorted([parts[p] for p in places]), strict=True):
                    parts[place] = text
        if board.state:
            parts.append(repr(sorted(board.state.items())))
        return "|".join(parts)


def _span(places: tuple[int, ...]) -> slice | None:
    """The places as one slice when they follow each other (the usual case), else None."""
    return slice(places[0], places[-1] + 1) if places == tuple(range(places[0], places[-1] + 1)) else None
