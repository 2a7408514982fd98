"""Scorpion, as GNOME AisleRiot plays it (docs/rules/scorpion.md): build four whole suits, King to Ace,
on seven piles where any face-up card moves with everything on it."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Action, Board, Card, Deal, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, Variant, card_name
from aisle_scorpion import rules
from aisle_scorpion.hints import hint_action


class Scorpion(Variant):
    id = "scorpion"
    name = T("Scorpion")
    description = T(
        "Seven piles built down in suit, where any face-up card moves with everything on it: "
        "untangle them into four whole suits from King to Ace."
    )
    help_page = "scorpion"
    # The reference deals only by a click on the stock (it offers no Deal command).
    has_deal_action = False

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return rules.slot_specs()

    def deal(self, board: Board, deck: list[Card]) -> None:
        cards = iter(deck)

        def give(piles: Sequence[str], face_up: bool) -> None:
            for pile in piles:
                card = next(cards)
                card.face_up = face_up
                board.place(pile, [card])

        for _row in range(3):
            give(rules.PILE_IDS[:4], False)
            give(rules.PILE_IDS[4:], True)
        for _row in range(4):
            give(rules.PILE_IDS, True)
        # The last three cards wait face down, the next to be dealt on top.
        board.place("stock", reversed(list(cards)))

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.STOCK:
            return T("Cards cannot be taken from the stock; click it to deal.")
        if not source.cards[-count].face_up:
            return T("Face-down cards cannot be picked up.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind == SlotKind.STOCK:
            return T("Nothing can be put onto the stock.")
        lowest, top = source.cards[-count], target.top
        if top is None:
            return None if lowest.rank == rules.KING else T("Only a King can go onto an empty pile.")
        if lowest.suit != top.suit:
            return T("Piles are built down by suit: {card} cannot go onto {target}.",
                     card=card_name(lowest), target=card_name(top))
        if lowest.rank + 1 != top.rank:
            return T("{card} must be one rank lower than {target}.",
                     card=card_name(lowest), target=card_name(top))
        return None

    def after_move(self, board: Board, move: Move) -> None:
        # The new top of the pile the cards came from turns face up by itself.
        if board.slot(move.source).cards:
            board.flip(move.source)

    # -- the stock ----------------------------------------------------------------------------
    def stock_refusal(self, board: Board) -> Text | None:
        return None if board.slots[rules.STOCK].cards else T("The stock is empty.")

    def click_stock(self, board: Board) -> None:
        # One card each, face up, onto piles 1, 2 and 3, empty or not.
        for pile in rules.PILE_IDS[:len(board.slots[rules.STOCK].cards)]:
            board.turn_over("stock", 1, pile)

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return rules.score(board.slots)

    def max_score(self) -> int:
        return 100

    def is_won(self, board: Board) -> bool:
        return all(not pile.cards or rules.complete(pile.cards) for pile in board.slots[rules.PILES])

    def is_lost(self, board: Board) -> bool:
        # The reference's rule: the game is over when its hint finds nothing (see `hints`).
        return hint_action(board.slots) is None

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.legal_moves(board.slots))
        if board.slots[rules.STOCK].cards:
            actions.append(Deal())
        return actions

    def hint(self, board: Board) -> Hint | None:
        action = hint_action(board.slots)
        if action is None:
            return None
        if not isinstance(action, Move):
            return Hint(T("Deal the cards."), action)
        source, target = board.slot(action.source), board.slot(action.target)
        card = source.cards[-action.count]
        if target.top is None:
            # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving group).
            return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), action)
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♥".
        return Hint(T("Move {card} onto {target}.", card=card_name(card),
                      target=card_name(target.top)), action)

    def status_text(self, board: Board) -> Text | None:
        # TRANSLATORS: the status line; {stock} is the number of cards left in the stock.
        return T("Stock left: {stock}", stock=len(board.slots[rules.STOCK].cards))
