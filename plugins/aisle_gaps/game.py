"""Gaps: four rows of thirteen with the Aces taken out; fill each gap with the card following
the one on its left, and build every row from 2 to King in one suit (docs/rules/gaps.md)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.engine.cards import SUITS
from aisle.i18n import T, Text
from aisle.variant import Choice, Hint, Option, Variant, card_name
from aisle_gaps import rules
from aisle_gaps.rules import ACES, COLUMNS, PLACES, REDEALS, USED

if TYPE_CHECKING:
    from aisle_gaps import solving

_GOAL = 48


class Gaps(Variant):
    id = "gaps"
    name = T("Gaps")
    description = T("Four rows with four gaps: fill each gap with the card following the one on "
                    "its left, until every row runs from 2 to King in one suit.")
    help_page = "gaps"
    game_family = "other"
    difficulty = 2
    options = (Option("gaps", T("Gaps on redeal"), (
        Choice("after", T("After the sequences")), Choice("random", T("At random"))), "after"),)

    def layout(self) -> Sequence[SlotSpec]:
        specs = [SlotSpec(f"tableau-{at + 1}", SlotKind.TABLEAU, at % COLUMNS, at // COLUMNS * 1.05)
                 for at in range(PLACES)]
        return [*specs, SlotSpec(ACES, SlotKind.FOUNDATION, 0, 4.3, Fan.RIGHT)]

    def initial_state(self) -> dict[str, Any]:
        return {USED: 0}

    def deal(self, board: Board, deck: list[Card]) -> None:
        """One card face up to each place in order; the Aces then leave their places."""
        for slot, card in zip(rules.places(board), deck, strict=True):
            card.face_up = True
            board.place(ACES if card.rank == 1 else slot.id, [card])

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.id == ACES:
            return T("The Aces are out of the game.")
        if rules.in_sequence(board, board.slots.index(source)):
            return T("A card in sequence stays where it is.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.id == ACES:
            return T("The Aces are out of the game.")
        if target.cards:
            return T("A card can only go into a gap.")
        card, index = source.cards[-1], board.slots.index(target)
        if index % COLUMNS == 0:
            return None if card.rank == 2 else T("Only a 2 can go into a gap in the leftmost column.")
        dead = rules.dead_left(board, index)
        if dead is not None:
            return T("A gap after a King takes nothing.") if dead == "king" else T(
                "A gap after another gap takes nothing.")
        left = board.slots[index - 1].cards[0]
        if rules.follows(card, left):
            return None
        wanted = board.cards[SUITS.index(left.suit) * 13 + left.rank]
        return T("Only {card} can go into this gap.", card=card_name(wanted))

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.moves(board))
        if not actions and board.state[USED] < REDEALS:
            actions.append(Deal())
        return actions

    def stock_refusal(self, board: Board) -> Text | None:
        if board.state[USED] >= REDEALS:
            return T("Both redeals are used.")
        if next(rules.moves(board), None) is not None:
            return T("A redeal is allowed only when no card can move.")
        return None

    def click_stock(self, board: Board) -> None:
        rules.redeal(board, self.chosen["gaps"] == "random")

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        move = next((move for move in rules.moves(board) if move.source == slot_id), None)
        if move is not None:
            yield move

    def solver_model(self, board: Board) -> solving.GapsModel:
        from aisle_gaps import solving  # loaded when the solver first asks
        return solving.GapsModel(board, self.chosen["gaps"] == "random")

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return sum(rules.sequence_lengths(board))

    def max_score(self) -> int:
        return _GOAL

    def is_won(self, board: Board) -> bool:
        return self.score(board) == _GOAL

    def is_lost(self, board: Board) -> bool:
        return board.state[USED] >= REDEALS and next(rules.moves(board), None) is None

    def status_text(self, board: Board) -> Text | None:
        return T("Redeals left: {count}", count=REDEALS - board.state[USED])

    def hint(self, board: Board) -> Hint | None:
        """The reference's order: a redeal when stuck, then the rows' sequences, then the gaps in
        table order, first those whose move parts no card from its successor."""
        moves = list(rules.moves(board))
        if not moves:
            return Hint(T("Redeal the cards that are not in sequence."), Deal()) if (
                board.state[USED] < REDEALS) else None
        lengths = rules.sequence_lengths(board)
        ends = {board.slots[row * COLUMNS + length].id for row, length in enumerate(lengths)}
        move = next((move for move in moves if move.target in ends), None) or next(
            (move for move in moves if not _splits_pair(board, move)), moves[0])
        card = board.slot(move.source).cards[0]
        index = board.slots.index(board.slot(move.target))
        if index % COLUMNS == 0:
            return Hint(T("Move {card} into the leftmost place of row {row}.",
                          card=card_name(card), row=index // COLUMNS + 1), move)
        return Hint(T("Move {card} into the gap after {target}.", card=card_name(card),
                      target=card_name(board.slots[index - 1].cards[0])), move)


def _splits_pair(board: Board, move: Move) -> bool:
    """Whether the moving card leaves its successor, which lies just right of it."""
    index = board.slots.index(board.slot(move.source))
    if index % COLUMNS == COLUMNS - 1:
        return False
    right = board.slots[index + 1].top
    return right is not None and rules.follows(right, board.slots[index].cards[0])
