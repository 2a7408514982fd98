"""The stock of a kit game: when a click on it may deal, and what the click does.

A stock deals onto the waste (`deal` cards, one at a time, each turned face up; when it is empty
the waste goes back, counting a pass), or deals a row onto a role of piles (one card each, onto
the first piles only when fewer are left; with `fill_first` never while one of them is empty).
Passes are counted in the game's state only when their number is limited and more than one.
"""

from __future__ import annotations

from aisle.engine.board import Board
from aisle.i18n import T, Text
from aisle.kit.roles import Stock
from aisle.kit.table import Table
from aisle.kit.texts import Texts

#: The state key counting how often the waste went back to the stock.
PASSES = "passes"


class StockRules:
    """The rules of one table's stock (a table without one refuses every click)."""

    def __init__(self, table: Table) -> None:
        stocks = table.roles_of(Stock)
        self.role = stocks[0] if stocks and isinstance(stocks[0], Stock) else None
        self.place = table.stocks[0] if table.stocks else -1
        self.to_waste = self.role is not None and self.role.onto == "waste"
        self.waste = table.wastes[0] if self.to_waste else -1
        #: The piles a row is dealt onto (none for a stock dealt onto the waste).
        self.onto = [place for place, role in enumerate(table.role_of)
                     if self.role is not None and not self.to_waste and role.prefix == self.role.onto]
        self.ids = table.ids
        self.stock_id = table.ids[self.place] if self.role is not None else ""
        self.waste_id = table.ids[self.waste] if self.to_waste else ""
        self.deal = self.role.deal if self.role is not None else 0
        #: Whether a stock holding cards may always deal (the common case, asked first).
        self.free = self.role is not None and not self.role.fill_first

    def counts_passes(self) -> bool:
        return self.to_waste and self.role is not None and (self.role.passes or 0) > 1

    def refusal(self, board: Board, texts: Texts) -> Text | None:
        """Why a click on the stock does nothing now, or None."""
        role, slots = self.role, board.slots
        if self.free and slots[self.place].cards:
            return None
        if role is None:
            return T("There is nothing to deal.")
        if slots[self.place].cards:
            if role.fill_first and any(not slots[pile].cards for pile in self.onto):
                return texts.fill_first
            return None
        if not self.to_waste:
            return texts.stock_empty
        if slots[self.waste].cards and (role.passes is None or board.state.get(PASSES, 0) + 1 < role.passes):
            return None
        return texts.stock_and_waste_empty if role.passes is None else texts.stock_empty

    def click(self, board: Board) -> None:
        """Deal, or turn the waste over; only asked when `refusal` allows it."""
        cards = board.slots[self.place].cards
        if self.to_waste and cards:
            # One at a time, each turned face up: the waste's order, as dealt by hand.
            for _ in range(self.deal if self.deal < len(cards) else len(cards)):
                board.turn_over(self.stock_id, 1, self.waste_id)
        elif self.to_waste:
            board.turn_over(self.waste_id, len(board.slots[self.waste].cards), self.stock_id)
            if self.counts_passes():
                board.set(PASSES, board.state.get(PASSES, 0) + 1)
        else:
            for place in self.onto[:len(cards)]:
                board.turn_over(self.stock_id, 1, self.ids[place])
