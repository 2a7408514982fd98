"""Klondike, as GNOME AisleRiot plays it (RULES.md §2), with its four ways to deal the stock."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import TP, T, Text
from aisle.refusals import colour_refusal
from aisle.variant import Choice, Hint, Option, SolverStep, Variant
from aisle_klondike import outcome, rules, safe
from aisle_klondike.hints import klondike_hint, stock_can_help

if TYPE_CHECKING:
    from aisle_klondike import solving

#: Option value -> (cards per stock click, redeals allowed; None = unlimited).
DEALING: dict[str, tuple[int, int | None]] = {
    "three": (3, None),
    "single": (1, 2),
    "no-redeals": (1, 0),
    "unlimited": (1, None),
}

#: The variant's own value: how often the waste has been turned back into the stock.
REDEALS = "redeals"


class Klondike(Variant):
    id = "klondike"
    name = T("Klondike")
    description = T(
        "Seven piles built down in alternating colours, a stock to deal from, and four "
        "foundations to fill from Ace to King in each suit."
    )
    help_page = "klondike"
    # TRANSLATORS: other names of Klondike, as players know it (Windows called it Solitaire).
    other_names = (TP("other game name", "Solitaire"), TP("other game name", "Patience"))
    game_family = "klondike"
    difficulty = 2
    options = (
        Option(
            "deal",
            T("Dealing from the stock"),
            (
                Choice("three", T("Three card deals")),
                Choice("single", T("Single card deals")),
                Choice("no-redeals", T("No redeals")),
                Choice("unlimited", T("Unlimited redeals")),
            ),
            "single",
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.draw, self.max_redeals = DEALING[self.chosen["deal"]]

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        # The reference grid: stock, waste, a gap, four foundations; seven piles below.
        if self.draw > 1:
            waste = SlotSpec("waste", SlotKind.WASTE, 1, 0, Fan.RIGHT, fan_limit=3)
        else:
            waste = SlotSpec("waste", SlotKind.WASTE, 1, 0)
        specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0), waste]
        specs += [SlotSpec(f"foundation-{n}", SlotKind.FOUNDATION, 2 + n, 0) for n in range(1, 5)]
        specs += [SlotSpec(f"tableau-{n}", SlotKind.TABLEAU, n - 1, 1, Fan.DOWN) for n in range(1, 8)]
        return specs

    def initial_state(self) -> dict[str, Any]:
        return {REDEALS: 0}

    def deal(self, board: Board, deck: list[Card]) -> None:
        # Rows from the stock's top: one card to each of the 7 piles, then to piles 2..7, ...
        cards = iter(deck)
        for row in range(7):
            for pile in range(row + 1, 8):
                board.place(f"tableau-{pile}", [next(cards)])
        for slot in board.slots[rules.TABLEAU]:
            slot.cards[-1].face_up = True
        # The rest stays in the stock, face down, the next card to come out on top.
        board.place("stock", reversed(list(cards)))

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        if source.kind == SlotKind.STOCK:
            return T("Cards cannot be taken from the stock; click it to deal.")
        if source.kind == SlotKind.WASTE:
            return None if count == 1 else T("Only the top card of the waste can be played.")
        if source.kind == SlotKind.FOUNDATION:
            return None if count == 1 else T("Only the top card of a foundation can be taken.")
        if count <= rules.run_length(source.cards):
            return None
        if not source.cards[-count].face_up:
            return T("Face-down cards cannot be picked up.")
        return T("Only a run going down by one rank in alternating colours can be moved together.")

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        card = source.cards[-count]
        if target.kind == SlotKind.FOUNDATION:
            return _foundation_refusal(card, count, target.top)
        if target.kind == SlotKind.TABLEAU:
            top = target.top
            if rules.fits_pile(card, top):
                return None
            if top is None:
                return T("Only a King can go onto an empty pile.")
            if not top.face_up:
                return T("Nothing can be put onto a face-down card.")
            return colour_refusal(card, top)
        if target.kind == SlotKind.STOCK:
            return T("Nothing can be put onto the stock.")
        return T("Nothing can be put onto the waste; it is filled from the stock.")

    def after_move(self, board: Board, move: Move) -> None:
        # The new top of a tableau pile turns face up by itself.
        source = board.slot(move.source)
        if source.kind == SlotKind.TABLEAU and source.cards:
            board.flip(move.source)

    # -- the stock ----------------------------------------------------------------------------
    def redeal_left(self, board: Board) -> bool:
        return self.max_redeals is None or board.state[REDEALS] < self.max_redeals

    def stock_refusal(self, board: Board) -> Text | None:
        slots = board.slots
        if slots[rules.STOCK].cards:
            return None
        if not slots[rules.WASTE].cards:
            return T("The stock and the waste are both empty.")
        if not self.redeal_left(board):
            return T("The stock is used up and no redeals are left.")
        return None

    def click_stock(self, board: Board) -> None:
        stock = board.slots[rules.STOCK]
        if stock.cards:
            # One card at a time, each turned face up onto the waste.
            for _ in range(min(self.draw, len(stock.cards))):
                board.turn_over("stock", 1, "waste")
            return
        # A redeal is a click of its own: the waste goes back in its first order, nothing is dealt.
        board.set(REDEALS, board.state[REDEALS] + 1)
        board.turn_over("waste", len(board.slots[rules.WASTE].cards), "stock")

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind in (SlotKind.WASTE, SlotKind.TABLEAU):
            # Only the slot's top card is tried, never a card deeper in the pile.
            top = slot.top
            if top is not None and top.face_up:
                target = rules.foundation_for(board.slots, top)
                if target is not None:
                    yield Move(slot_id, 1, target)
        elif slot.kind == SlotKind.FOUNDATION:
            yield from self._send_all_up(board)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        # Send All Up is the reference's double-click on a foundation.
        return self._send_all_up(board)

    def safe_up_move(self, board: Board) -> Move | None:
        # Aces and twos, and cards nothing can need any more: see safe.py for the proof.
        return safe.safe_up_move(board.slots, self.draw)

    def _send_all_up(self, board: Board) -> Iterator[Move]:
        """Waste, then piles 1..7: the first top card that can go up does, until none can.
        Each move is played before the next is looked for, so newly turned cards count."""
        slots = board.slots
        sources = [slots[rules.WASTE], *slots[rules.TABLEAU]]
        while True:
            for source in sources:
                top = source.top
                if top is not None and top.face_up:
                    target = rules.foundation_for(slots, top)
                    if target is not None:
                        yield Move(source.id, 1, target)
                        break
            else:
                return

    # -- the solver (see solving.py) ----------------------------------------------------------
    def solver_key(self, board: Board) -> str:
        from aisle_klondike import solving  # loaded when the solver first asks
        return solving.position_key(board)

    def solver_spent(self, board: Board) -> int:
        return 0 if self.max_redeals is None else int(board.state[REDEALS])

    def solver_steps(self, board: Board) -> list[SolverStep]:
        from aisle_klondike import solving  # loaded when the solver first asks
        return solving.solver_steps(board, self.draw, self.redeal_left(board))

    def solver_model(self, board: Board) -> solving.KlondikeModel | None:
        from aisle_klondike import solving  # loaded when the solver first asks
        return solving.model_of(board, self.draw, self.max_redeals, int(board.state[REDEALS]))

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        # +1 for each card put on a foundation, -1 for each taken back: the cards there.
        return sum(len(slot.cards) for slot in board.slots[rules.FOUNDATIONS])

    def max_score(self) -> int:
        return 52

    def is_won(self, board: Board) -> bool:
        return self.score(board) == 52

    def is_lost(self, board: Board) -> bool:
        return outcome.is_lost(board.slots, self.draw, self.redeal_left(board))

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.legal_moves(board.slots))
        if self.stock_refusal(board) is None:
            actions.append(Deal())
        return actions

    def hint(self, board: Board) -> Hint | None:
        dealing_helps = self.stock_refusal(board) is None and stock_can_help(
            board.slots, self.draw, self.redeal_left(board))
        return klondike_hint(board, dealing_helps)

    def status_text(self, board: Board) -> Text | None:
        stock = len(board.slots[rules.STOCK].cards)
        if self.max_redeals is None:
            # TRANSLATORS: the status line; {stock} is the number of cards left in the stock.
            return T("Stock left: {stock}", stock=stock)
        # TRANSLATORS: the status line, two parts three spaces apart, as in the original game.
        return T("Stock left: {stock}   Redeals left: {redeals}",
                 stock=stock, redeals=self.max_redeals - board.state[REDEALS])


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
