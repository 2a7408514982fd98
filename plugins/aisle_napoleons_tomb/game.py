"""Napoleon's Tomb, as GNOME AisleRiot plays it (docs/rules/napoleons-tomb.md): a stock, four
reserves of one card, four corner foundations built up from 7 to King and a centre foundation
built down from 6 to Ace again and again, whatever the suits."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Rank, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.kit import UP_ANY_SUIT, Foundations, FreeCells, KitVariant, Rest, Stock, Waste
from aisle.kit.roles import Role
from aisle.kit.stock import PASSES
from aisle.variant import Choice, Hint, Option

if TYPE_CHECKING:
    from aisle_napoleons_tomb.solving import TombModel

CENTRE = "foundation-3"
#: The foundations in the reference's order of trying: the centre, then the corners.
UP = (CENTRE, "foundation-1", "foundation-2", "foundation-4", "foundation-5")
RESERVES = tuple(f"reserve-{n}" for n in range(1, 5))
SOURCES = ("waste", *RESERVES)
#: The three by three grid: corners, reserves and the centre.
GRID = {"foundation-1": (3, 0), "reserve-1": (4, 0), "foundation-2": (5, 0), "reserve-2": (3, 1),
        CENTRE: (4, 1), "reserve-3": (5, 1), "foundation-4": (3, 2), "reserve-4": (4, 2),
        "foundation-5": (5, 2)}


class NapoleonsTomb(KitVariant):
    id = "napoleons-tomb"
    name = T("Napoleon's Tomb")
    description = T("Build four corners up from 7 to King and the centre down from 6 to Ace four "
                    "times over, whatever the suits, with four reserves of one card.")
    help_page = "napoleons-tomb"
    game_family = "other"
    difficulty = 2
    options = (Option("deal", T("Dealing from the stock"), (
        Choice("single", T("Single card deals")), Choice("three", T("Three card deals"))), "single"),)
    dealing = (Rest(),)

    def roles(self) -> Sequence[Role]:
        three = self.chosen["deal"] == "three"
        return (Stock(deal=3 if three else 1, passes=3 if three else 1),
                Waste(fan=Fan.RIGHT if three else Fan.NONE, fan_limit=3 if three else None),
                Foundations(5, build=UP_ANY_SUIT, first=7), FreeCells(4))

    def layout(self) -> Sequence[SlotSpec]:
        return [SlotSpec(s.id, s.kind, *GRID[s.id]) if s.id in GRID else s for s in super().layout()]

    # -- the foundations' rule -----------------------------------------------------------------
    @staticmethod
    def wanted(target: Slot) -> int:
        """The rank the foundation `target` takes next (14 for none: a corner up to its King)."""
        top = target.top
        if target.id == CENTRE:
            return 6 if top is None or top.rank == Rank.ACE else top.rank - 1
        return 7 if top is None else top.rank + 1

    def up_refusal(self, card: Card, target: Slot) -> Text | None:
        """Why `card` may not go onto the foundation `target`, or None."""
        if card.rank == self.wanted(target):
            return None
        top = target.top
        if target.id == CENTRE:
            if top is None or top.rank == Rank.ACE:
                return T("The centre foundation takes a 6 when it is empty or shows an Ace.")
            return T("The centre foundation is built down: the card must be one rank lower than its "
                     "top card.")
        if top is None:
            return T("An empty corner foundation takes only a 7.")
        return T("The corner foundations are built up: the card must be one rank higher than the top "
                 "card.")

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind == SlotKind.FOUNDATION:
            return self.up_refusal(source.cards[-1], target)
        return super().drop_refusal(board, source, count, target)

    def up_moves(self, board: Board) -> list[Move]:
        return [Move(source, 1, target) for source in SOURCES if (card := board.slot(source).top)
                for target in UP if card.rank == self.wanted(board.slot(target))]

    def legal_actions(self, board: Board) -> list[Action]:
        rest = [action for action in super().legal_actions(board)
                if not (isinstance(action, Move) and action.target in UP)]
        return [*self.up_moves(board), *rest]

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        if slot_id in UP:
            yield from self.send_up_moves(board)
            return
        move = next((move for move in self.up_moves(board) if move.source == slot_id), None)
        free = next((cell for cell in RESERVES if not board.slot(cell).cards), None)
        if move is None and slot_id == "waste" and board.slot(slot_id).cards and free is not None:
            move = Move(slot_id, 1, free)
        if move is not None:
            yield move

    # -- safe moves, hints and the end ---------------------------------------------------------
    def safe_up_move(self, board: Board) -> Move | None:
        # Foundations take any suit: a card that fits one was needed nowhere else. Not from a
        # three-card waste, where taking a card away changes the later passes.
        three = self.chosen["deal"] == "three"
        return next((move for move in self.up_moves(board)
                     if not (three and move.source == "waste")), None)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        while (move := self.safe_up_move(board)) is not None:
            yield move

    def within_reach(self, board: Board) -> list[Card]:
        """Every card that can still come to a top (a superset): the reserves', the stock's, the
        waste's as deep as the empty reserves allow digging, and all of it while a redeal is left."""
        waste, free = board.slot("waste").cards, sum(not board.slot(cell).cards for cell in RESERVES)
        cards = [*(card for cell in RESERVES for card in board.slot(cell).cards), *board.slot("stock").cards]
        passes = 3 if self.chosen["deal"] == "three" else 1
        return cards + (waste if board.state.get(PASSES, 0) + 1 < passes else waste[-1 - free:])

    def is_lost(self, board: Board) -> bool:
        wanted = {self.wanted(board.slot(target)) for target in UP}
        return all(card.rank not in wanted for card in self.within_reach(board))

    def hint(self, board: Board) -> Hint | None:
        if self.up_moves(board):
            return super().hint(board)  # the kit's wording of the first card going up
        waste = board.slot("waste").cards
        free = [cell for cell in RESERVES if not board.slot(cell).cards]
        wanted = {self.wanted(board.slot(target)) for target in UP}
        # Dig: a card below the waste's top, within reach of the empty reserves, fits.
        if free and any(card.rank in wanted for card in waste[-1 - len(free):-1]):
            return Hint(T("Move the top card of the waste into a free cell."), Move("waste", 1, free[0]))
        if self.stock_refusal(board) is None and not self.is_lost(board):
            if board.slot("stock").cards:
                return Hint(T("Deal a new card from the stock."), Deal())
            return Hint(T("Move the waste back to the stock."), Deal())
        return None

    def status_text(self, board: Board) -> Text | None:
        stock = len(board.slot("stock").cards)
        if self.chosen["deal"] == "single":
            return T("Stock left: {stock}", stock=stock)
        return T("Stock left: {stock}   Redeals left: {redeals}", stock=stock,
                 redeals=2 - board.state.get(PASSES, 0))

    def solver_model(self, board: Board) -> TombModel:
        from aisle_napoleons_tomb.solving import TombModel  # loaded when the solver first asks

        # Ranks only, on compact positions (solving.py).
        three = self.chosen["deal"] == "three"
        return TombModel(board, 3 if three else 1, 3 if three else 1)
