"""Osmosis, as GNOME AisleRiot plays it (docs/rules/osmosis.md): four reserve piles, and four
foundations built by suit in any order of rank, each taking only ranks already on the one above."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.kit import Empty, Foundations, KitVariant, Pick, Rest, Rows, Stock, Tableau, Texts, Waste
from aisle.kit.roles import Role
from aisle.kit.stock import PASSES
from aisle.variant import Choice, Hint, Option, SolverStep, card_name

if TYPE_CHECKING:
    from aisle_osmosis.solving import OsmosisModel

FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: Where cards come from: the reserve piles, then the waste (the reference's hint order).
SOURCES = (*(f"tableau-{n}" for n in range(1, 5)), "waste")


def shown(cards: Sequence[Card], deal: int) -> list[Card]:
    """The cards one pass through `cards` (dealt first first) shows on top of the waste."""
    return [*cards[deal - 1::deal], *cards[-1:]] if len(cards) % deal else list(cards[deal - 1::deal])


class Osmosis(KitVariant):
    id = "osmosis"
    name = T("Osmosis")
    description = T("Four foundations built by suit in any order, each taking only ranks already "
                    "lying on the foundation above it.")
    help_page = "osmosis"
    game_family = "other"
    difficulty = 2
    options = (Option("deal", T("Dealing from the stock"), (
        Choice("single", T("Single card deals")), Choice("three", T("Three card deals"))), "single"),)
    # Three face-down rounds and a face-up one onto the reserve piles, the base card to
    # foundation 1, the rest into the stock.
    dealing = (Rows(3, face_up=False), Rows(1), Rows(1, role="foundation", piles=(1,)), Rest())
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."))

    def roles(self) -> Sequence[Role]:
        three = self.chosen["deal"] == "three"
        return (Tableau(4, at=(0, 0), step=(0, 1), build=None, pick=Pick.TOP, empty=Empty.NOTHING,
                        fan=Fan.RIGHT),
                Foundations(4, at=(2.5, 0), step=(0, 1), first=None),
                Stock(at=(8.5, 0), deal=3 if three else 1, passes=None if three else 3),
                Waste(at=(8.5, 1), fan=Fan.RIGHT if three else Fan.NONE, fan_limit=3 if three else None))

    def layout(self) -> Sequence[SlotSpec]:
        # The foundations are fanned: the ranks on one decide what the next one may take.
        return [SlotSpec(s.id, s.kind, s.x, s.y, Fan.RIGHT) if s.kind == SlotKind.FOUNDATION else s
                for s in super().layout()]

    # -- the foundations' rule -----------------------------------------------------------------
    def up_refusal(self, board: Board, card: Card, target: Slot) -> Text | None:
        """Why `card` may not go onto the foundation `target`, or None."""
        number = FOUNDATIONS.index(target.id)
        if not target.cards:
            if card.rank != self.first_rank(board):
                return self.texts.first_up(self.first_rank(board), True)
            if not board.slot(FOUNDATIONS[number - 1]).cards:
                return T("The foundations are started in order: foundation {number} is still empty.",
                         number=number)
            return None
        if card.suit != target.cards[0].suit:
            return self.texts.own_suit
        if number and all(above.rank != card.rank for above in board.slot(FOUNDATIONS[number - 1]).cards):
            return T("{card} can go onto this foundation only once a card of its rank lies on the "
                     "foundation above.", card=card_name(card))
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind == SlotKind.FOUNDATION:
            return self.up_refusal(board, source.cards[-1], target)
        return super().drop_refusal(board, source, count, target)

    def up_moves(self, board: Board) -> list[Move]:
        """Every card going up, from the reserve piles then the waste, foundations in order."""
        return [Move(source, 1, target) for source in SOURCES if (card := board.slot(source).top)
                for target in FOUNDATIONS if self.up_refusal(board, card, board.slot(target)) is None]

    def legal_actions(self, board: Board) -> list[Action]:
        # Nothing is built anywhere else: every move goes up.
        deal: list[Action] = [Deal()] if self.stock_refusal(board) is None else []
        return [*self.up_moves(board), *deal]

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        if slot_id in FOUNDATIONS:
            yield from self.send_up_moves(board)
        else:
            yield from [move for move in self.up_moves(board) if move.source == slot_id][:1]

    # -- safe moves, hints and the end ---------------------------------------------------------
    def safe_up_move(self, board: Board) -> Move | None:
        # A card onto a foundation already started has nowhere else to go, and only widens what
        # the next foundation takes. Not from a three-card waste (it shifts the later deals), and
        # never a new foundation (which suit comes next is the player's choice).
        three = self.chosen["deal"] == "three"
        return next((move for move in self.up_moves(board) if board.slot(move.target).cards
                     and not (three and move.source == "waste")), None)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        while (move := self.safe_up_move(board)) is not None:
            yield move

    def dealt_card_fits(self, board: Board) -> bool:
        """Whether some card that dealing on will show on top of the waste fits a foundation."""
        deal = 3 if self.chosen["deal"] == "three" else 1
        stock, waste = board.slot("stock").cards[::-1], board.slot("waste").cards
        cards = shown(stock, deal)
        if self.chosen["deal"] == "three" or board.state.get(PASSES, 0) + 1 < 3:
            cards += shown([*waste, *stock], deal)
        return any(self.up_refusal(board, card, board.slot(f)) is None for card in cards for f in FOUNDATIONS)

    def hint(self, board: Board) -> Hint | None:
        up = self.up_moves(board)
        if up:
            return super().hint(board)  # the kit's wording of the first card going up
        if not self.dealt_card_fits(board):
            return None
        if not board.slot("stock").cards:
            return Hint(T("Move the waste back to the stock."), Deal())
        if self.chosen["deal"] == "three":
            return Hint(T("Deal new cards from the stock."), Deal())
        return Hint(T("Deal a new card from the stock."), Deal())

    def is_lost(self, board: Board) -> bool:
        # The foundations change only when a card goes up: with none able to, dealing on is vain.
        return not self.up_moves(board) and not self.dealt_card_fits(board)

    def status_text(self, board: Board) -> Text | None:
        stock = len(board.slot("stock").cards)
        if self.chosen["deal"] == "three":
            return T("Stock left: {stock}", stock=stock)
        return T("Stock left: {stock}   Redeals left: {redeals}", stock=stock,
                 redeals=2 - board.state.get(PASSES, 0))

    def solver_steps(self, board: Board) -> Sequence[SolverStep] | None:
        safe = self.safe_up_move(board)
        return [(safe,)] if safe is not None else [(action,) for action in self.legal_actions(board)]

    def solver_model(self, board: Board) -> OsmosisModel | None:
        from aisle_osmosis.solving import OsmosisModel  # loaded when the solver first asks

        if not board.slot(FOUNDATIONS[0]).cards:
            return None  # no base card yet: a table the game never deals
        return OsmosisModel(board, self.first_rank(board), self.chosen["deal"] == "three")
