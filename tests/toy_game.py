"""A small game used to test the engine and the conformance kit without the real games.

Stock, waste, four foundations built up by suit from the ace, four tableau piles built down
regardless of suit (one card at a time); stock click deals one card, redeals as an option.
"""

from __future__ import annotations

from collections.abc import Iterator

from aisle.engine import Board, Card, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Choice, Option, Variant


class ToyGame(Variant):
    id = "toy"
    name = T("Toy")
    description = T("A tiny game for tests.")
    options = (
        Option("redeals", T("Redeals"), (Choice("none", T("No redeals")), Choice("one", T("One redeal"))),
               "one"),
    )

    def layout(self) -> list[SlotSpec]:
        specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0), SlotSpec("waste", SlotKind.WASTE, 1, 0)]
        specs += [SlotSpec(f"foundation-{i}", SlotKind.FOUNDATION, 2 + i, 0) for i in range(1, 5)]
        specs += [SlotSpec(f"tableau-{i}", SlotKind.TABLEAU, i - 1, 1, Fan.DOWN) for i in range(1, 5)]
        return specs

    def initial_state(self) -> dict[str, object]:
        return {"redeals": 0}

    def deal(self, board: Board, deck: list[Card]) -> None:
        for i in range(4):
            card = deck.pop(0)
            card.face_up = True
            board.place(f"tableau-{i + 1}", [card])
        board.place("stock", reversed(deck))

    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind not in (SlotKind.WASTE, SlotKind.TABLEAU):
            return T("Cards cannot be taken from there.")
        if count != 1:
            return T("Only one card moves at a time.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-count]
        if target.kind == SlotKind.FOUNDATION:
            top = target.top
            if top is None:
                return None if card.rank == 1 else T("Only an ace starts a foundation.")
            ok = top.suit == card.suit and card.rank == top.rank + 1
            return None if ok else T("Foundations go up by suit.")
        if target.kind == SlotKind.TABLEAU:
            top = target.top
            if top is None or top.rank == card.rank + 1:
                return None
            return T("Tableau piles go down by one.")
        return T("Nothing can be put there.")

    def stock_refusal(self, board: Board) -> Text | None:
        if board.slot("stock").cards:
            return None
        limit = 1 if self.chosen["redeals"] == "one" else 0
        if board.slot("waste").cards and board.state["redeals"] < limit:
            return None
        return T("There is nothing to deal.")

    def click_stock(self, board: Board) -> None:
        stock = board.slot("stock")
        if stock.cards:
            board.turn_over("stock", 1, "waste")
        else:
            board.set("redeals", board.state["redeals"] + 1)
            board.turn_over("waste", len(board.slot("waste").cards), "stock")

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind not in (SlotKind.WASTE, SlotKind.TABLEAU) or not slot.cards:
            return
        for target in board.of_kind(SlotKind.FOUNDATION):
            if self.drop_refusal(board, slot, 1, target) is None:
                yield Move(slot_id, 1, target.id)
                return

    def score(self, board: Board) -> int:
        return sum(len(s.cards) for s in board.of_kind(SlotKind.FOUNDATION))

    def max_score(self) -> int:
        return 52

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 52

    def is_lost(self, board: Board) -> bool:
        return not self.legal_actions(board)
