"""A minimal third-party game: turn the stock over one card at a time onto a single foundation
that climbs by one rank (any suit, king wraps to ace); the waste top may also go up."""

from __future__ import annotations

from aisle.engine import Board, Card, Slot, SlotKind, SlotSpec
from aisle.hooks import hookimpl
from aisle.i18n import Messages, Text
from aisle.variant import Variant

T, TN, TP = Messages("aisle_sample").makers()


class Climb(Variant):
    id = "sample-climb"
    name = T("Climb")
    description = T("Build one pile upwards by rank, whatever the suit.")
    help_page = "aisle"  # no page of its own: How to play Aisle, on purpose

    def layout(self) -> list[SlotSpec]:
        return [SlotSpec("stock", SlotKind.STOCK, 0, 0), SlotSpec("waste", SlotKind.WASTE, 1, 0),
                SlotSpec("foundation-1", SlotKind.FOUNDATION, 3, 0)]

    def deal(self, board: Board, deck: list[Card]) -> None:
        first = deck.pop(0)
        first.face_up = True
        board.place("foundation-1", [first])
        board.place("stock", reversed(deck))

    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        return None if source.id == "waste" and count == 1 else T("Only the waste's top card moves.")

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        top = target.top
        if target.kind != SlotKind.FOUNDATION or top is None:
            return T("Cards go only onto the foundation.")
        return None if source.cards[-1].rank == top.rank % 13 + 1 else T("The card must be one rank higher.")

    def stock_refusal(self, board: Board) -> Text | None:
        return None if board.slot("stock").cards else T("The stock is empty.")

    def click_stock(self, board: Board) -> None:
        board.turn_over("stock", 1, "waste")

    def score(self, board: Board) -> int:
        return len(board.slot("foundation-1").cards) - 1

    def max_score(self) -> int:
        return 51

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 51


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [Climb]
