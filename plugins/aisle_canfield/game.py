"""Canfield, as GNOME AisleRiot plays it (docs/rules/canfield.md): a reserve of thirteen, four
tableau piles, foundations built round the corner from the base card dealt at the start, and a
stock dealt three at a time with unlimited redeals."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.variant import Hint, Variant, card_name, rank_name
from aisle_canfield import outcome, rules, safe
from aisle_canfield.hints import canfield_hint

RESERVE_SIZE = 13


class Canfield(Variant):
    id = "canfield"
    name = T("Canfield")
    description = T(
        "A reserve of thirteen, four piles built down in alternating colours, and foundations "
        "built up by suit from the rank of the first card dealt to them."
    )
    help_page = "canfield"

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        # The reference grid: stock, waste (three shown), a gap, four foundations; the reserve
        # below the stock, two gaps, four tableau piles below the foundations.
        specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0),
                 SlotSpec("waste", SlotKind.WASTE, 1, 0, Fan.RIGHT, fan_limit=3)]
        specs += [SlotSpec(f"foundation-{n}", SlotKind.FOUNDATION, 2 + n, 0) for n in range(1, 5)]
        specs.append(SlotSpec("reserve", SlotKind.RESERVE, 0, 1))
        specs += [SlotSpec(f"tableau-{n}", SlotKind.TABLEAU, 2 + n, 1, Fan.DOWN) for n in range(1, 5)]
        return specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        # From the stock's top: thirteen to the reserve, one to each pile, one to foundation 1.
        board.place("reserve", deck[:RESERVE_SIZE])
        for n in range(1, 5):
            board.place(f"tableau-{n}", [deck[RESERVE_SIZE + n - 1]])
        base = deck[RESERVE_SIZE + 4]
        board.place("foundation-1", [base])
        for slot in (board.slot("reserve"), *board.slots[rules.TABLEAU], board.slot("foundation-1")):
            slot.cards[-1].face_up = True
        # The rest stays in the stock, face down, the next card to come out on top.
        board.place("stock", reversed(deck[RESERVE_SIZE + 5:]))

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.STOCK:
            return T("Cards cannot be taken from the stock; click it to deal.")
        if source.kind == SlotKind.WASTE:
            return None if count == 1 else T("Only the top card of the waste can be played.")
        if source.kind == SlotKind.RESERVE:
            return None if count == 1 else T("Only the top card of the reserve can be played.")
        if source.kind == SlotKind.FOUNDATION:
            if count != 1:
                return T("Only the top card of a foundation can be taken.")
            if source.cards[-1].rank == rules.base_rank(board.slots):
                return T("A card of the base rank stays on its foundation.")
            return None
        if count <= rules.run_length(source.cards):
            return None
        if not source.cards[-count].face_up:
            return T("Face-down cards cannot be picked up.")
        return T("Only a run going down by one rank in alternating colours can be moved together.")

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-count]
        if target.kind == SlotKind.FOUNDATION:
            return _foundation_refusal(card, count, target.top, rules.base_rank(board.slots))
        if target.kind == SlotKind.TABLEAU:
            if rules.fits_pile(card, target.top):
                return None
            return T("This card must be one rank lower than the card it goes onto and of the "
                     "other colour; a King may go onto an Ace.")
        if target.kind == SlotKind.STOCK:
            return T("Nothing can be put onto the stock.")
        if target.kind == SlotKind.WASTE:
            return T("Nothing can be put onto the waste; it is filled from the stock.")
        return T("Nothing can be put onto the reserve.")

    def after_move(self, board: Board, move: Move) -> None:
        source = board.slot(move.source)
        reserve = board.slots[rules.RESERVE]
        if source.kind == SlotKind.TABLEAU and not source.cards and reserve.cards:
            # An emptied pile is filled from the reserve at once.
            board.move(reserve.id, 1, source.id)
            source = reserve
        if source is reserve and reserve.cards:
            board.flip(reserve.id)

    # -- the stock ----------------------------------------------------------------------------
    def stock_refusal(self, board: Board) -> Text | None:
        slots = board.slots
        if slots[rules.STOCK].cards or slots[rules.WASTE].cards:
            return None
        return T("The stock and the waste are both empty.")

    def click_stock(self, board: Board) -> None:
        stock = board.slots[rules.STOCK]
        if stock.cards:
            # Three cards (fewer at the end), one at a time, each turned face up onto the waste.
            for _ in range(min(rules.DRAW, len(stock.cards))):
                board.turn_over("stock", 1, "waste")
            return
        # Unlimited redeals: the waste goes back in its first order; this click deals nothing.
        board.turn_over("waste", len(board.slots[rules.WASTE].cards), "stock")

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind in (SlotKind.WASTE, SlotKind.RESERVE, SlotKind.TABLEAU):
            top = slot.top
            if top is not None and top.face_up:
                target = rules.foundation_for(board.slots, top)
                if target is not None:
                    yield Move(slot_id, 1, target)
        elif slot.kind == SlotKind.FOUNDATION:
            yield from self.send_up_moves(board)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        """The waste, the reserve, then piles 1 to 4: the first top card that fits goes up, until
        none fits. Each is played before the next is looked for, so refills count."""
        slots = board.slots
        while True:
            for source in (slots[rules.WASTE], slots[rules.RESERVE], *slots[rules.TABLEAU]):
                top = source.top
                if top is not None and top.face_up:
                    target = rules.foundation_for(slots, top)
                    if target is not None:
                        yield Move(source.id, 1, target)
                        break
            else:
                return

    def safe_up_move(self, board: Board) -> Move | None:
        return safe.safe_up_move(board.slots)

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.legal_moves(board.slots))
        if self.stock_refusal(board) is None:
            actions.append(Deal())
        return actions

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        # +1 for each card put up, -1 for each taken down, from 1 for the base card.
        return sum(len(slot.cards) for slot in board.slots[rules.FOUNDATIONS])

    def max_score(self) -> int:
        return 52

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 52

    def is_lost(self, board: Board) -> bool:
        return outcome.is_lost(board.slots)

    def hint(self, board: Board) -> Hint | None:
        return canfield_hint(board)

    def status_text(self, board: Board) -> Text | None:
        slots = board.slots
        # TRANSLATORS: the status line, three parts three spaces apart, as in the original game;
        # {base} is the rank as the cards show it (A, 2 ... 10, J, Q, K).
        return T("Stock left: {stock}   Reserve left: {reserve}   Base card: {base}",
                 stock=len(slots[rules.STOCK].cards), reserve=len(slots[rules.RESERVE].cards),
                 base=rank_name(rules.base_rank(slots)))

    def slot_name(self, slot: Slot) -> Text:
        if slot.kind == SlotKind.RESERVE:
            return T("the reserve")
        return super().slot_name(slot)


def _foundation_refusal(card: Card, count: int, top: Card | None, base: int) -> Text | None:
    if count != 1:
        return T("Cards go onto a foundation one at a time.")
    if rules.fits_foundation(card, top, base):
        return None
    if top is None:
        # TRANSLATORS: {rank} is the base rank as the cards show it (A, 2 ... 10, J, Q, K).
        return T("Only a card of the base rank, {rank}, can start an empty foundation.",
                 rank=rank_name(base))
    if top.suit != card.suit:
        return T("A foundation takes only cards of its own suit.")
    return T("{card} must be the next card of the foundation: one rank higher, or an Ace on a King.",
             card=card_name(card))
