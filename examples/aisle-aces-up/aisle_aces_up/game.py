"""Aces Up, described with Aisle's game kit. One rule, what the discard pile takes, is a function
of its own (plugins/README.md, "Override one rule with a function").

The rules, which the help page aces-up.md tells the player: one deck. Four piles get one face-up
card each; the other 48 cards form the stock, and a click on it deals one card face up onto each
pile. A pile's top card may be discarded when the top card of another pile is of the same suit
and higher, Aces ranking high. Any top card may move into an empty pile. Won when only the four
Aces are left (the score counts the cards discarded, at most 48); lost when the stock is empty
and neither a discard nor a move into an empty pile is possible.
"""

from __future__ import annotations

from collections.abc import Iterator

from aisle.engine import Action, Board, Card, Deal, Move, Slot, SlotKind
from aisle.i18n import Text
from aisle.kit import Empty, Foundations, KitVariant, Pick, Rest, Rows, Stock, Tableau, Texts
from aisle.slot_sentences import MOVE_ONTO, THE_FOUNDATION
from aisle.variant import Hint, card_name

from aisle_aces_up.texts import TN, T

STOCK = "stock"
DISCARD = "foundation-1"
#: Every card but the four Aces ends on the discard pile.
TO_DISCARD = 48


def value(card: Card) -> int:
    """The card's rank with Aces high."""
    return 14 if card.rank == 1 else card.rank


def beater(board: Board, card: Card) -> Card | None:
    """A pile's top card of `card`'s suit that is higher than `card`, or None."""
    return next((pile.top for pile in board.of_kind(SlotKind.TABLEAU) if pile.top is not None
                 and pile.top.suit == card.suit and value(pile.top) > value(card)), None)


def discard_refusal(board: Board, card: Card) -> Text | None:
    """The rule the kit cannot describe: why a pile's top `card` may not be discarded."""
    if beater(board, card) is not None:
        return None
    return T("{card} can only be discarded while a higher card of its suit lies on top of another "
             "pile.", card=card_name(card))


class AcesUp(KitVariant):
    id = "aces-up"
    name = T("Aces Up")
    description = T("Discard every card that a higher card of its suit beats, until only the four "
                    "Aces are left.")
    help_page = "aces-up"
    # The stock deals one card onto each of the four piles; the discard pile is on the right.
    table = (Stock(at=(0, 0), onto="tableau"),
             Tableau(4, at=(1.25, 0), build=None, pick=Pick.TOP, empty=Empty.ANY),
             Foundations(1, at=(5.5, 0)))
    dealing = (Rows(1), Rest())
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."),
                  no_building=T("A card can only be moved into an empty pile."))

    # -- the discard rule, wherever the kit would use the foundation's build rule --------------
    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.id == DISCARD:
            return discard_refusal(board, source.cards[-1])
        return super().drop_refusal(board, source, count, target)

    def legal_actions(self, board: Board) -> list[Action]:
        discards: list[Action] = [Move(pile.id, 1, DISCARD) for pile in board.of_kind(SlotKind.TABLEAU)
                                  if pile.top is not None and beater(board, pile.top) is not None]
        # The kit's own list, less its moves onto the foundation (they follow its build rule).
        return discards + [action for action in super().legal_actions(board)
                           if not (isinstance(action, Move) and action.target == DISCARD)]

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        if slot_id == DISCARD:
            yield from super().double_click(board, slot_id)  # Send All Up
        elif Move(slot_id, 1, DISCARD) in self.legal_actions(board):
            yield Move(slot_id, 1, DISCARD)

    def safe_up_move(self, board: Board) -> Move | None:
        # Once every lower card of its suit is gone, a card can beat nothing any more: throwing
        # it out loses nothing (the kit's "of no more use anywhere else", for this rule).
        gone = {(card.suit, card.rank) for card in board.slot(DISCARD).cards}
        for action in self.legal_actions(board):
            if isinstance(action, Move) and action.target == DISCARD:
                card = board.slot(action.source).cards[-1]
                if all((card.suit, rank) in gone for rank in range(2, card.rank)):
                    return action
        return None

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        # Only the safe discards: which card to throw out first can decide the game.
        while (move := self.safe_up_move(board)) is not None:
            yield move

    # -- outcome, hint and names ---------------------------------------------------------------
    def max_score(self) -> int:
        return TO_DISCARD

    def is_won(self, board: Board) -> bool:
        return self.score(board) == TO_DISCARD

    def hint(self, board: Board) -> Hint | None:
        hint = super().hint(board)  # a discard, else a deal
        if hint is not None and not isinstance(hint.action, Deal):
            return hint
        # A deal would cover an empty pile: fill it first, preferably uncovering a card that
        # can then be discarded, else from the tallest pile. Never a pile's only card, which
        # would just change places (following the hints must never come back to a position).
        fills = [action for action in self.legal_actions(board) if isinstance(action, Move)
                 and action.target != DISCARD and len(board.slot(action.source).cards) > 1]
        if not fills:
            return hint
        move = max(fills, key=lambda m: (beater(board, board.slot(m.source).cards[-2]) is not None,
                                         len(board.slot(m.source).cards)))
        card = board.slot(move.source).cards[-1]
        return Hint(self.slot_sentence(MOVE_ONTO, board.slot(move.target), cards=card_name(card)), move)

    def status_text(self, board: Board) -> Text | None:
        left = len(board.slot(STOCK).cards)
        if left == 0:
            return T("The stock is empty.")
        return TN("The stock holds {n} card.", "The stock holds {n} cards.", left)

    def slot_name(self, slot: Slot) -> Text:
        # Aisle's standard name: its sentences about "the foundation" are then whole in every language.
        return THE_FOUNDATION if slot.id == DISCARD else super().slot_name(slot)
