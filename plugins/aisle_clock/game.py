"""Clock, as GNOME AisleRiot plays it (docs/rules/clock.md): twelve piles round a clock face and
one in the middle; each card goes onto the pile of its own rank, whose bottom card comes out to be
played next, until the fourth King turns up. The game makes no decision: it is won or lost in
the deal."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Action, Board, Card, Fan, Move, Rank, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, Variant, card_name, rank_name

#: The middle pile, where the Kings stay; pile n (1 to 12) collects the cards of rank n.
MIDDLE = "tableau-13"
#: Where each pile lies, by rank: the hours of a clock face (the Queen at twelve), the Kings in
#: the middle.
PLACES = {1: (5, 0), 2: (6, 1), 3: (6, 2), 4: (6, 3), 5: (5, 4), 6: (3, 4), 7: (1, 4), 8: (0, 3),
          9: (0, 2), 10: (0, 1), 11: (1, 0), 12: (3, 0), 13: (3, 2)}


def pile_of(card: Card) -> str:
    return f"tableau-{card.rank}"


def turned_up(cards: list[Card]) -> list[Card]:
    """The middle pile after its top card is turned up: a King stays, the bottom card coming out
    on top of it, for as long as a face-down card is left at the bottom (reference: a click)."""
    cards[-1].face_up = True
    while cards[-1].rank == Rank.KING and not cards[0].face_up:
        cards = [*cards[1:], cards[0]]
        cards[-1].face_up = True
    return cards


class Clock(Variant):
    id = "clock"
    name = T("Clock")
    description = T("Twelve piles laid out like the hours of a clock: put each card onto the pile "
                    "of its rank and play the card it frees, until the fourth King turns up.")
    help_page = "clock"
    game_family = "other"
    difficulty = 1
    has_deal_action = False

    def layout(self) -> Sequence[SlotSpec]:
        return [SlotSpec(f"tableau-{rank}", SlotKind.TABLEAU, x, y, Fan.RIGHT)
                for rank, (x, y) in PLACES.items()]

    def deal(self, board: Board, deck: list[Card]) -> None:
        # Four rounds face down onto the piles Ace to Queen; the last four in the middle, the
        # first of them on top.
        for index, card in enumerate(deck[:48]):
            board.place(f"tableau-{index % 12 + 1}", [card])
        board.place(MIDDLE, turned_up(deck[:47:-1]))

    # -- moves ---------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.id != MIDDLE or count != 1:
            return T("Only the top card of the middle pile can be moved.")
        if source.cards[-1].rank == Rank.KING:
            return T("Kings stay in the middle pile.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-1]
        if target.id != pile_of(card):
            return T("{card} can only go onto the pile of its own rank.", card=card_name(card))
        return None

    def after_move(self, board: Board, move: Move) -> None:
        # The card lies on top of its pile; the pile's bottom card goes to the middle, face up.
        pile, middle = board.slot(move.target).cards, board.slot(MIDDLE).cards
        board.rearrange({move.target: pile[1:], MIDDLE: [*middle, pile[0]]})
        cards = list(board.slot(MIDDLE).cards)
        while True:
            if not cards[-1].face_up:
                board.flip(MIDDLE)
            if cards[-1].rank != Rank.KING or cards[0].face_up:
                return
            cards = [*cards[1:], cards[0]]
            board.rearrange({MIDDLE: cards})

    def legal_actions(self, board: Board) -> list[Action]:
        card = board.slot(MIDDLE).top
        return [] if card is None or card.rank == Rank.KING else [Move(MIDDLE, 1, pile_of(card))]

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        yield from (move for move in self.legal_actions(board) if isinstance(move, Move)
                    and slot_id in (move.source, move.target))

    def hint(self, board: Board) -> Hint | None:
        card = board.slot(MIDDLE).top
        moves = self.legal_actions(board)
        if card is None or not moves:
            return None
        return Hint(T("Move {card} onto the pile of its rank.", card=card_name(card)), moves[0])

    # -- outcome -------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return sum(card.face_up for slot in board.slots if slot.id != MIDDLE for card in slot.cards)

    def max_score(self) -> int:
        return 48

    def is_won(self, board: Board) -> bool:
        return all(card.face_up for slot in board.slots for card in slot.cards)

    def is_lost(self, board: Board) -> bool:
        # The fourth King is out: nothing can move any more.
        return not self.legal_actions(board)

    def status_text(self, board: Board) -> Text | None:
        down = sum(not card.face_up for slot in board.slots for card in slot.cards)
        return T("Face-down cards left: {count}", count=down)

    def slot_name(self, slot: Slot) -> Text:
        if slot.id == MIDDLE:
            return T("the middle pile")
        return T("the pile of {rank}", rank=rank_name(int(slot.id.rsplit("-", 1)[1])))
