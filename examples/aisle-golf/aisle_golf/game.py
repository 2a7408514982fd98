"""Golf: clear seven face-up columns onto one foundation, a rank above or below its top card.

Standard rules, as most card-game books give them: one deck; seven columns of five cards,
all face up; one card starts the foundation and the other 16 form the stock. The top card of a
column may go onto the foundation when it is one rank above or below the foundation's top card,
suits do not matter, and there is no wrapping between King and Ace. Nothing may be played on a
King, unless the "kings" option lets a Queen follow it. A click on the stock turns its next card
onto the foundation. The game is won when the tableau is empty and lost when the stock is empty
and no column's top card fits.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import Text
from aisle.variant import Choice, Hint, Option, Variant, card_name

from aisle_golf import rules
from aisle_golf.texts import TN, T

STOCK = "stock"
FOUNDATION = "foundation-1"
TABLEAU = tuple(f"tableau-{n}" for n in range(1, rules.COLUMNS + 1))


class Golf(Variant):
    id = "golf"
    name = T("Golf")
    description = T(
        "Clear seven face-up columns onto a single pile by playing cards one rank above or "
        "below its top card."
    )
    help_page = "golf"
    options = (
        Option(
            "kings",
            T("Playing on a King"),
            (
                Choice("stop", T("Nothing goes on a King")),
                Choice("queen", T("A Queen may go on a King")),
            ),
            "stop",
        ),
    )

    @property
    def queen_on_king(self) -> bool:
        return self.chosen["kings"] == "queen"

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        # Seven columns across the top; the stock and the foundation below the first two.
        # Row 2 leaves the five-card fans above it a card's height of room.
        specs = [SlotSpec(slot_id, SlotKind.TABLEAU, x, 0, Fan.DOWN) for x, slot_id in enumerate(TABLEAU)]
        specs.append(SlotSpec(STOCK, SlotKind.STOCK, 0, 2))
        specs.append(SlotSpec(FOUNDATION, SlotKind.FOUNDATION, 1, 2))
        return specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        # Row by row across the columns, as cards are dealt by hand; all face up.
        cards = iter(deck)
        for _row in range(rules.ROWS):
            for slot_id in TABLEAU:
                card = next(cards)
                card.face_up = True
                board.place(slot_id, [card])
        first = next(cards)
        first.face_up = True
        board.place(FOUNDATION, [first])
        # The rest stays face down, the next card to come out on top.
        board.place(STOCK, reversed(list(cards)))

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.STOCK:
            return T("Cards cannot be taken from the stock; click it to turn its next card.")
        if source.kind == SlotKind.FOUNDATION:
            return T("Cards on the foundation stay there.")
        if count != 1:
            return T("Only the top card of a column can be played.")
        return None

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.kind != SlotKind.FOUNDATION:
            return T("Cards can only be played onto the foundation.")
        card, top = source.cards[-1], target.top
        if top is None:  # cannot happen after the deal; refuse rather than guess
            return T("The foundation is empty.")
        if rules.fits(card.rank, top.rank, self.queen_on_king):
            return None
        if top.rank == rules.KING:
            if self.queen_on_king:
                return T("Only a Queen can be played on a King.")
            return T("Nothing can be played on a King.")
        return T("{card} is not one rank above or below {top}.",
                 card=card_name(card), top=card_name(top))

    def stock_refusal(self, board: Board) -> Text | None:
        return None if board.slot(STOCK).cards else T("The stock is empty.")

    def click_stock(self, board: Board) -> None:
        # Turned over as it goes, so the card lands face up on the foundation.
        board.turn_over(STOCK, 1, FOUNDATION)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        if slot_id in TABLEAU and self._playable(board, board.slot(slot_id)):
            yield Move(slot_id, 1, FOUNDATION)

    def legal_actions(self, board: Board) -> list[Action]:
        # Only a column's top card can ever move, and only to the foundation: far fewer
        # questions than the generic search over every slot pair.
        actions: list[Action] = [Move(slot.id, 1, FOUNDATION) for slot in self._columns(board)
                                 if self._playable(board, slot)]
        if board.slot(STOCK).cards:
            actions.append(Deal())
        return actions

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        # Every play goes onto the foundation here, and which card goes first is the whole
        # game: Send All Up would play it for the player, so it is off (it offers nothing).
        return iter(())

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        tableau_left = sum(len(slot.cards) for slot in self._columns(board))
        return rules.score(tableau_left, len(board.slot(STOCK).cards))

    def max_score(self) -> int:
        return rules.MAX_SCORE

    def is_won(self, board: Board) -> bool:
        return not any(slot.cards for slot in self._columns(board))

    def is_lost(self, board: Board) -> bool:
        if board.slot(STOCK).cards:
            return False
        return not any(self._playable(board, slot) for slot in self._columns(board))

    def hint(self, board: Board) -> Hint | None:
        playable = [slot for slot in self._columns(board) if self._playable(board, slot)]
        if playable:
            # Prefer the card that another card can follow at once, then the card from the
            # tallest column (it has the most cards to free).
            best = max(playable, key=lambda slot: (self._followers(board, slot), len(slot.cards)))
            card = best.cards[-1]
            # The column number goes into the sentence itself rather than a slot name, so
            # each language can put "column" in the grammatical case the sentence needs.
            return Hint(T("Play {card} from column {number} onto the foundation.",
                          card=card_name(card), number=TABLEAU.index(best.id) + 1),
                        Move(best.id, 1, FOUNDATION))
        if board.slot(STOCK).cards:
            return Hint(T("No column's top card fits; turn the next card of the stock."), Deal())
        return None

    def status_text(self, board: Board) -> Text | None:
        left = len(board.slot(STOCK).cards)
        if left == 0:
            return T("The stock is empty.")
        return TN("The stock holds {n} card.", "The stock holds {n} cards.", left)

    # -- names --------------------------------------------------------------------------------
    def slot_name(self, slot: Slot) -> Text:
        if slot.kind == SlotKind.TABLEAU:
            return T("column {number}", number=slot.id.rsplit("-", 1)[1])
        if slot.kind == SlotKind.FOUNDATION:
            return T("the foundation")
        return T("the stock")

    # -- inside -------------------------------------------------------------------------------
    @staticmethod
    def _columns(board: Board) -> list[Slot]:
        return [board.slot(slot_id) for slot_id in TABLEAU]

    def _playable(self, board: Board, column: Slot) -> bool:
        card, top = column.top, board.slot(FOUNDATION).top
        return card is not None and top is not None and rules.fits(card.rank, top.rank, self.queen_on_king)

    def _followers(self, board: Board, column: Slot) -> int:
        """How many cards could follow this column's top card onto the foundation at once:
        the other columns' top cards and the card it uncovers."""
        rank = column.cards[-1].rank
        nexts = [other.cards[-1] for other in self._columns(board) if other is not column and other.cards]
        nexts += column.cards[-2:-1]
        return sum(1 for card in nexts if rules.fits(card.rank, rank, self.queen_on_king))
