"""FreeCell, as GNOME AisleRiot plays it (docs/rules/freecell.md), with the classic Microsoft deals."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Action, Board, Card, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import TN, T, Text
from aisle.variant import Hint, Variant
from aisle_freecell import deals, layout, rules
from aisle_freecell.hints import freecell_hint


class FreeCell(Variant):
    id = "freecell"
    name = T("FreeCell")
    description = T(
        "Every card lies face up in eight columns; with four free cells to park cards in, "
        "almost every deal can be won by careful planning."
    )
    help_page = "freecell"
    has_deal_action = False

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        return layout.slot_specs()

    def deck_order(self, seed: int, cards: Sequence[Card]) -> list[Card] | None:
        # Deal N is deal N of the classic program (numbers outside its range wrap round).
        return deals.classic_order(seed, cards)

    def deal(self, board: Board, deck: list[Card]) -> None:
        # Rows across the eight columns, face up: columns 1-4 get seven cards, 5-8 six.
        for index, card in enumerate(deck):
            card.face_up = True
            board.place(layout.COLUMN_IDS[index % 8], [card])

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.FOUNDATION:
            return T("Cards on a foundation stay there.")
        if source.kind == SlotKind.TABLEAU and count > rules.run_length(source.cards):
            return T("Only a run going down by one rank in alternating colours can be moved together.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-count]
        if target.kind == SlotKind.RESERVE:
            if count != 1:
                return T("A free cell holds only one card.")
            return None if not target.cards else T("This free cell is already taken.")
        if target.kind == SlotKind.FOUNDATION:
            return _foundation_refusal(card, count, target.top)
        top = target.top
        if top is not None and not rules.builds_on(card, top):
            return T("This card must be one rank lower than the card it goes onto "
                     "and of the other colour.")
        free, empty = rules.counts(board.slots)
        most = rules.capacity(free, empty, top is None)
        if count > most:
            # TRANSLATORS: a FreeCell refusal; {n} is how many cards the free cells and empty
            # columns allow to move at once.
            return TN("With the free cells and empty columns you have, only {n} card can be moved "
                      "at once.",
                      "With the free cells and empty columns you have, only {n} cards can be moved "
                      "at once.", most)
        return None

    def after_move(self, board: Board, move: Move) -> None:
        rules.autoplay(board)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind == SlotKind.FOUNDATION:
            yield from self._send_all_up(board)
            return
        card = slot.top
        if card is None:
            return
        foundation = rules.foundation_for(board.slots, card)
        if foundation is not None:
            yield Move(slot_id, 1, foundation.id)
        elif slot.kind == SlotKind.TABLEAU:
            # The reference's double-click: the card goes to the first empty free cell.
            cell = next((c for c in board.slots[rules.CELLS] if not c.cards), None)
            if cell is not None:
                yield Move(slot_id, 1, cell.id)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        return self._send_all_up(board)

    def safe_up_move(self, board: Board) -> Move | None:
        # The game's own autoplay rule: it already runs after every move (as in the reference),
        # so this only finds a card when something else left one, such as the deal.
        return rules.next_autoplay(board.slots)

    def _send_all_up(self, board: Board) -> Iterator[Move]:
        """Free cells, then columns: the first top card that fits goes up, until none does.
        Each move (and its autoplay) is made before the next is looked for."""
        while True:
            move = next(rules.sendable(board.slots), None)
            if move is None:
                return
            yield move

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        return sum(len(slot.cards) for slot in board.slots[rules.FOUNDATIONS])

    def max_score(self) -> int:
        return 52

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 52

    def is_lost(self, board: Board) -> bool:
        return rules.is_stuck(board.slots)

    def legal_actions(self, board: Board) -> list[Action]:
        return list(rules.legal_moves(board.slots))

    def hint(self, board: Board) -> Hint | None:
        return freecell_hint(board)

    def status_text(self, board: Board) -> Text | None:
        free, empty = rules.counts(board.slots)
        # No run is longer than thirteen cards (King to Ace), so a larger room means "any run".
        most = min(rules.capacity(free, empty, False), 13)
        # TRANSLATORS: FreeCell's status line; {count} is how many cards can move at once onto a card.
        return T("Cards that can move together: {count}", count=most)

    def slot_name(self, slot: Slot) -> Text:
        if slot.kind == SlotKind.RESERVE:
            return T("free cell {number}", number=slot.id.rsplit("-", 1)[-1])
        return super().slot_name(slot)


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
