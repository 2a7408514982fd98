"""Forty Thieves, as GNOME AisleRiot plays it (docs/rules/forty-thieves.md): two decks, ten piles of
four built down in suit, eight foundations, and one pass through the stock."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Action, Board, Card, Deal, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import TN, T, Text
from aisle.variant import Hint, Variant, card_name
from aisle_forty_thieves import layout, progress, rules


class FortyThieves(Variant):
    id = "forty-thieves"
    name = T("Forty Thieves")
    description = T(
        "Two decks on ten piles of four, built down in suit, with one pass through the stock: "
        "a classic that rewards careful planning."
    )
    help_page = "forty-thieves"
    decks = 2

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return layout.slot_specs()

    def deal(self, board: Board, deck: list[Card]) -> None:
        # Four rounds of one card face up to each pile; the rest waits face down in the stock.
        cards = iter(deck)
        for _round in range(4):
            for pile in layout.PILE_IDS:
                card = next(cards)
                card.face_up = True
                board.place(pile, [card])
        board.place("stock", reversed(list(cards)))

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.STOCK:
            return T("Cards cannot be taken from the stock; click it to deal.")
        if source.kind == SlotKind.FOUNDATION:
            return T("Cards on a foundation stay there.")
        if source.kind == SlotKind.WASTE:
            return None if count == 1 else T("Only the top card of the waste can be played.")
        if count <= rules.run_length(source.cards):
            return None
        moving = source.cards[-count:]
        if any(card.suit != moving[0].suit for card in moving):
            return T("Only cards of one suit can be moved together.")
        return T("Cards moved together must go down in rank one step at a time.")

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind == SlotKind.STOCK:
            return T("Nothing can be put onto the stock.")
        if target.kind == SlotKind.WASTE:
            return T("Nothing can be put onto the waste; it is filled from the stock.")
        if target.kind == SlotKind.FOUNDATION:
            # A run goes up when its uppermost card does; it lands turned round (see after_move).
            return _foundation_refusal(source.cards[-1], target.top)
        lowest, top = source.cards[-count], target.top
        if top is not None:
            if lowest.suit != top.suit:
                return T("Piles are built down by suit: {card} cannot go onto {target}.",
                         card=card_name(lowest), target=card_name(top))
            if lowest.rank + 1 != top.rank:
                return T("{card} must be one rank lower than {target}.",
                         card=card_name(lowest), target=card_name(top))
        most = rules.capacity(rules.empty_piles(board.slots), top is None)
        if count > most:
            # TRANSLATORS: a Forty Thieves refusal; {n} is how many cards the empty piles allow
            # to move at once.
            return TN("With the empty piles you have, only {n} card can be moved at once.",
                      "With the empty piles you have, only {n} cards can be moved at once.", most)
        return None

    def after_move(self, board: Board, move: Move) -> None:
        target = board.slot(move.target)
        if target.kind == SlotKind.FOUNDATION and move.count > 1:
            # The run was lifted as it lay (highest card first); a foundation runs upward.
            cards = target.cards
            board.rearrange({target.id: [*cards[:-move.count], *reversed(cards[-move.count:])]})

    # -- the stock ----------------------------------------------------------------------------
    def stock_refusal(self, board: Board) -> Text | None:
        return None if board.slots[rules.STOCK].cards else T("The stock is empty.")

    def click_stock(self, board: Board) -> None:
        board.turn_over("stock", 1, "waste")

    # -- double-click -------------------------------------------------------------------------
    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slots = board.slots
        slot = board.slot(slot_id)
        if slot.kind == SlotKind.FOUNDATION:
            yield from self.send_up_moves(board)
            return
        card = slot.top
        if card is None or slot.kind not in (SlotKind.WASTE, SlotKind.TABLEAU):
            return
        foundation = rules.foundation_for(slots, card)
        if foundation is not None:
            yield Move(slot_id, 1, foundation.id)
            return
        pile = rules.pile_for(slots, card, slot)
        # A pile's only card gains nothing from moving into an empty pile.
        if pile is not None and not (pile.top is None and len(slot.cards) == 1):
            yield Move(slot_id, 1, pile.id)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        """The waste, then piles 1-10: the first top card that fits a foundation goes up, until
        none does (each move is made before the next is looked for)."""
        while True:
            move = next(self._fitting(board), None)
            if move is None:
                return
            yield move

    def safe_up_move(self, board: Board) -> Move | None:
        slots = board.slots
        for move in self._fitting(board):
            card = board.slot(move.source).cards[-1]
            tops = [slot.top for slot in slots[rules.FOUNDATIONS] if slot.top is not None]
            lower_up = sum(1 for top in tops if top.suit == card.suit and top.rank >= card.rank - 1)
            # Both cards one rank lower of its suit are up: nothing can ever lie on it.
            if card.rank == rules.ACE or lower_up == 2:
                return move
        return None

    def _fitting(self, board: Board) -> Iterator[Move]:
        slots = board.slots
        for source in (slots[rules.WASTE], *slots[rules.PILES]):
            card = source.top
            if card is not None:
                foundation = rules.foundation_for(slots, card)
                if foundation is not None:
                    yield Move(source.id, 1, foundation.id)

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return rules.score(board.slots)

    def max_score(self) -> int:
        return 1000

    def is_won(self, board: Board) -> bool:
        return all(len(slot.cards) == 13 for slot in board.slots[rules.FOUNDATIONS])

    def is_lost(self, board: Board) -> bool:
        if board.slots[rules.STOCK].cards:
            return False  # dealing is always possible
        return progress.stuck(progress.compact(board.slots))

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.legal_moves(board.slots))
        if board.slots[rules.STOCK].cards:
            actions.append(Deal())
        return actions

    def hint(self, board: Board) -> Hint | None:
        position = progress.compact(board.slots)
        step = progress.progress_step(position)
        if step is None:
            step = progress.look_ahead(position)
        if step is None:
            return Hint(T("No hint available right now."))
        if step == progress.DEAL:
            return Hint(T("Deal a new card from the stock."), Deal())
        return _hint_for(board, step)

    def status_text(self, board: Board) -> Text | None:
        # TRANSLATORS: the status line; {stock} is the number of cards left in the stock.
        return T("Stock left: {stock}", stock=len(board.slots[rules.STOCK].cards))


def _hint_for(board: Board, step: progress.Step) -> Hint:
    source_place, count, target_place = step
    source, target = board.slots[source_place], board.slots[target_place]
    card = source.cards[-count]
    move = Move(source.id, count, target.id)
    if target.top is None:
        if target.kind == SlotKind.FOUNDATION:
            # TRANSLATORS: {card} is a card such as "A♦".
            return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
        # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving run).
        return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)
    # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
    return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(target.top)), move)


def _foundation_refusal(card: Card, top: Card | None) -> Text | None:
    if rules.fits_foundation(card, top):
        return None
    if top is None:
        return T("Only an Ace can start an empty foundation.")
    if top.suit != card.suit:
        return T("A foundation takes only cards of its own suit.")
    return T("This card must be one rank higher than the top card of the foundation.")
