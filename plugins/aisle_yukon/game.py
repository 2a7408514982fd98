"""Yukon, as GNOME AisleRiot plays it (docs/rules/yukon.md): Klondike's piles, no stock, and any
face-up card moves together with everything on top of it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Action, Board, Card, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, Variant, card_name
from aisle_yukon import layout, progress, rules


class Yukon(Variant):
    id = "yukon"
    name = T("Yukon")
    description = T(
        "Seven piles built down in alternating colours, where any face-up card moves together "
        "with all the cards on top of it, in sequence or not."
    )
    help_page = "yukon"
    has_deal_action = False

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return layout.slot_specs()

    def deal(self, board: Board, deck: list[Card]) -> None:
        cards = iter(deck)
        # A triangle face down, as in Klondike: rows to piles 1-7, 2-7, … 7; then the tops up.
        for row in range(7):
            for pile in layout.PILE_IDS[row:]:
                board.place(pile, [next(cards)])
        for pile in layout.PILE_IDS:
            board.slot(pile).cards[-1].face_up = True
        # Four more rows to piles 2-7, each card ending face up.
        for _row in range(4):
            for pile in layout.PILE_IDS[1:]:
                card = next(cards)
                card.face_up = True
                board.place(pile, [card])

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.FOUNDATION:
            return T("Cards on a foundation stay there.")
        if not source.cards[-count].face_up:
            return T("Face-down cards cannot be picked up.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-count]
        if target.kind == SlotKind.FOUNDATION:
            return _foundation_refusal(card, count, target.top)
        top = target.top
        if top is None:
            return None if card.rank == rules.KING else T("Only a King can go onto an empty pile.")
        if rules.builds_on(card, top):
            return None
        return T("This card must be one rank lower than the card it goes onto and of the other colour.")

    def after_move(self, board: Board, move: Move) -> None:
        # The new top of the pile the cards came from turns face up by itself.
        if board.slot(move.source).cards:
            board.flip(move.source)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind == SlotKind.FOUNDATION:
            yield from self.send_up_moves(board)
            return
        card = slot.top
        if card is not None:
            foundation = rules.foundation_for(board.slots, card)
            if foundation is not None:
                yield Move(slot_id, 1, foundation.id)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        """Piles 1-7: the first top card that fits a foundation goes up, until none does. Each
        move (and the card it turns up) is made before the next is looked for."""
        while True:
            move = next(self._fitting(board), None)
            if move is None:
                return
            yield move

    def safe_up_move(self, board: Board) -> Move | None:
        tops = progress.compact(board.slots)[1]
        for move in self._fitting(board):
            card = board.slot(move.source).cards[-1]
            # Nothing can go onto it any more: both cards of the other colour one rank lower are up.
            other = (tops[0], tops[3]) if card.red else (tops[1], tops[2])
            if card.rank == rules.ACE or min(other) >= card.rank - 1:
                return move
        return None

    def _fitting(self, board: Board) -> Iterator[Move]:
        slots = board.slots
        for pile in slots[rules.PILES]:
            card = pile.top
            if card is not None:
                foundation = rules.foundation_for(slots, card)
                if foundation is not None:
                    yield Move(pile.id, 1, foundation.id)

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return sum(len(slot.cards) for slot in board.slots[rules.FOUNDATIONS])

    def max_score(self) -> int:
        return 52

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 52

    def is_lost(self, board: Board) -> bool:
        piles, found = progress.compact(board.slots)
        if progress.progress_step(piles, found) is not None:
            return False
        step, complete = progress.way_forward(piles, found)
        return step is None and complete

    def legal_actions(self, board: Board) -> list[Action]:
        return list(rules.legal_moves(board.slots))

    def hint(self, board: Board) -> Hint | None:
        piles, found = progress.compact(board.slots)
        step = progress.progress_step(piles, found)
        if step is None:
            step = progress.way_forward(piles, found)[0]
        if step is None:
            return Hint(T("No hint available right now."))
        return _hint_for(board, step)

    def status_text(self, board: Board) -> Text | None:
        down = sum(1 for pile in board.slots[rules.PILES] for card in pile.cards if not card.face_up)
        # TRANSLATORS: Yukon's status line; {count} is the number of cards still lying face down.
        return T("Face-down cards left: {count}", count=down)


def _hint_for(board: Board, step: progress.Step) -> Hint:
    slots = board.slots
    source_place, count, target_place = step
    source = slots[rules.PILES][source_place]
    card = source.cards[-count]
    if target_place == progress.UP:
        foundation = rules.foundation_for(slots, card)
        if foundation is None:  # cannot happen: the step was found because the card fits there
            return Hint(T("No hint available right now."))
        move = Move(source.id, 1, foundation.id)
        if foundation.top is None:
            # TRANSLATORS: {card} is a card such as "A♦".
            return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
        return Hint(T("Move {card} onto {target}.", card=card_name(card),
                      target=card_name(foundation.top)), move)
    target = slots[rules.PILES][target_place]
    move = Move(source.id, count, target.id)
    if target.top is None:
        # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving group).
        return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)
    # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
    return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(target.top)), move)


def _foundation_refusal(card: Card, count: int, top: Card | None) -> Text | None:
    if count != 1:
        return T("Cards go onto a foundation one at a time.")
    if rules.fits_foundation(card, top):
        return None
    if top is None:
        return T("Only an Ace can start an empty foundation.")
    if top.suit != card.suit:
        return T("A foundation takes only cards of its own suit.")
    return T("This card must be one rank higher than the top card of the foundation.")
