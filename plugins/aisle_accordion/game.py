"""Accordion, as GNOME AisleRiot plays it (docs/rules/accordion.md): 52 cards in one long line; a
card covers the card one or three places to its left when they share a suit or a rank, the line
closes up, and the game is won when one card is left."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from aisle.engine import Action, Board, Card, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.slot_sentences import THE_FOUNDATION
from aisle.solver.model import SolverModel
from aisle.variant import Hint, Variant, card_name

#: The line's places, in order; five rows of nine and one of seven.
LINE = tuple(f"tableau-{n}" for n in range(1, 53))
#: Where the covered cards go, out of play.
OUT = "foundation-1"
#: How far to the left a card may go: three places, else one (the reference's order).
REACH = (3, 1)


def place(slot_id: str) -> int:
    """The place of a slot of the line, from 0."""
    return int(slot_id.rsplit("-", 1)[1]) - 1


def matches(card: Card, other: Card) -> bool:
    return card.suit == other.suit or card.rank == other.rank


class Accordion(Variant):
    id = "accordion"
    name = T("Accordion")
    description = T("Fold up a line of 52 cards by covering a card one or three places to the "
                    "left that shares its suit or rank, until only one card is left.")
    help_page = "accordion"
    game_family = "other"
    difficulty = 3
    has_deal_action = False

    def layout(self) -> Sequence[SlotSpec]:
        line = [SlotSpec(slot, SlotKind.TABLEAU, n % 9, n // 9) for n, slot in enumerate(LINE)]
        return [*line, SlotSpec(OUT, SlotKind.FOUNDATION, 8, 5)]

    def deal(self, board: Board, deck: list[Card]) -> None:
        for slot, card in zip(LINE, deck, strict=True):
            card.face_up = True
            board.place(slot, [card])

    # -- moves ---------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.id == OUT:
            return T("Cards on a foundation stay there.")
        if count != 1:
            return T("Only one card can be moved at a time.")
        if source.id == LINE[0]:
            return T("The first card of the line has nothing to its left to cover.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-1]
        if target.id == OUT or not target.cards or place(source.id) - place(target.id) not in REACH:
            return T("A card can only cover the card one place or three places to its left.")
        if not matches(card, target.cards[-1]):
            return T("{card} can only cover a card of its own suit or rank.", card=card_name(card))
        return None

    def after_move(self, board: Board, move: Move) -> None:
        # The covered card leaves the game; the cards right of the gap close it up.
        covered, mover = board.slot(move.target).cards
        gap = place(move.source)
        contents = {slot: list(board.slot(slot).cards) for slot in LINE[gap:]}
        closed = [*list(contents.values())[1:], []]
        board.rearrange({**dict(zip(LINE[gap:], closed, strict=True)), move.target: [mover],
                         OUT: [*board.slot(OUT).cards, covered]})

    def legal_actions(self, board: Board) -> list[Action]:
        return list(self._moves(board))

    def _moves(self, board: Board) -> Iterator[Move]:
        """Every move, source by source along the line, the farther target first."""
        for n in range(1, 52):
            card = board.slot(LINE[n]).top
            if card is None:
                return
            for step in REACH:
                target = board.slot(LINE[n - step]).top if n >= step else None
                if target is not None and matches(card, target):
                    yield Move(LINE[n], 1, LINE[n - step])

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        yield from [move for move in self._moves(board) if move.source == slot_id][:1]

    def hint(self, board: Board) -> Hint | None:
        move = next(self._moves(board), None)
        if move is None:
            return None
        return Hint(T("Move {card} onto {target}.", card=card_name(board.slot(move.source).cards[-1]),
                      target=card_name(board.slot(move.target).cards[-1])), move)

    # -- outcome -------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return len(board.slot(OUT).cards)

    def max_score(self) -> int:
        return 51

    def is_won(self, board: Board) -> bool:
        return not board.slot(LINE[1]).cards

    def is_lost(self, board: Board) -> bool:
        return not self.legal_actions(board)

    def solver_model(self, board: Board) -> SolverModel[Any, Any]:
        from aisle_accordion.solving import AccordionModel

        return AccordionModel(board)

    def slot_name(self, slot: Slot) -> Text:
        return THE_FOUNDATION if slot.id == OUT else super().slot_name(slot)
