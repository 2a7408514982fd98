"""Pyramid, as GNOME AisleRiot plays it under the name Thirteen (docs/rules/pyramid.md): remove
pairs of cards making 13, and Kings alone, from a pyramid of 28 cards and a stock turned one card
at a time onto a waste, with no redeal. Removed cards go onto one foundation pile."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, Variant
from aisle_pyramid import rules, shape
from aisle_pyramid.hints import pyramid_hint


class Pyramid(Variant):
    id = "pyramid"
    name = T("Pyramid")
    description = T(
        "Take apart a pyramid of 28 cards by removing pairs that add up to 13, and Kings alone, "
        "with the help of a stock turned one card at a time."
    )
    help_page = "pyramid"

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0),
                 SlotSpec("waste", SlotKind.WASTE, 1, 0, Fan.RIGHT),
                 SlotSpec(rules.FOUNDATION_ID, SlotKind.FOUNDATION, 6, 0)]
        for n in range(shape.SIZE):
            x, y = shape.grid_place(n)
            specs.append(SlotSpec(f"tableau-{n + 1}", SlotKind.TABLEAU, x, round(y, 4)))
        return specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        # Row by row from the apex; only the last row, which nothing covers, face up.
        pyramid = board.slots[rules.PYRAMID]
        for n, (slot, card) in enumerate(zip(pyramid, deck, strict=False)):
            card.face_up = not shape.COVERED_BY[n]
            board.place(slot.id, [card])
        board.place("stock", reversed(deck[shape.SIZE:]))

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        return rules.pick_up_refusal(source, count)

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        return rules.drop_refusal(source, count, target)

    def after_move(self, board: Board, move: Move) -> None:
        if move.target != rules.FOUNDATION_ID:
            # A pair: the card now lies on its partner, and both go.
            board.move(move.target, 2, rules.FOUNDATION_ID)
        _turn_up_uncovered(board)

    def stock_refusal(self, board: Board) -> Text | None:
        return None if board.slots[rules.STOCK].cards else T("The stock is empty.")

    def click_stock(self, board: Board) -> None:
        board.turn_over("stock", 1, "waste")

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind == SlotKind.FOUNDATION:
            yield from self.send_up_moves(board)
            return
        card = rules.in_play(slot)
        if card is not None and card.rank == rules.KING:
            yield Move(slot_id, 1, rules.FOUNDATION_ID)
        elif slot.kind == SlotKind.WASTE and rules.waste_pair(slot):
            yield Move(slot_id, 2, rules.FOUNDATION_ID)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        # Only Kings: they pair with nothing, so removing them never spoils a choice.
        while (move := self.safe_up_move(board)) is not None:
            yield move

    def safe_up_move(self, board: Board) -> Move | None:
        for slot in (*board.slots[rules.PYRAMID], board.slots[rules.WASTE]):
            card = rules.in_play(slot)
            if card is not None and card.rank == rules.KING:
                return Move(slot.id, 1, rules.FOUNDATION_ID)
        return None

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.legal_moves(board.slots))
        if board.slots[rules.STOCK].cards:
            actions.append(Deal())
        return actions

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        # One point for each card removed: +2 for a pair, +1 for a King.
        return len(board.slots[rules.FOUNDATION].cards)

    def max_score(self) -> int:
        return 52

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 52

    def is_lost(self, board: Board) -> bool:
        return not board.slots[rules.STOCK].cards and not rules.legal_moves(board.slots)

    def hint(self, board: Board) -> Hint | None:
        return pyramid_hint(board.slots)

    def status_text(self, board: Board) -> Text | None:
        # TRANSLATORS: the status line; {stock} is the number of cards left in the stock.
        return T("Stock left: {stock}", stock=len(board.slots[rules.STOCK].cards))

    def slot_name(self, slot: Slot) -> Text:
        if slot.kind == SlotKind.FOUNDATION:
            return T("the foundation")
        return super().slot_name(slot)


def _turn_up_uncovered(board: Board) -> None:
    """Turn up every pyramid card whose two covering cards are both gone."""
    pyramid = board.slots[rules.PYRAMID]
    for n, covering in enumerate(shape.COVERED_BY):
        slot = pyramid[n]
        if (covering and slot.cards and not slot.cards[-1].face_up
                and not pyramid[covering[0]].cards and not pyramid[covering[1]].cards):
            board.flip(slot.id)
