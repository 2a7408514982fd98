"""Spider: two decks on ten piles, built down regardless of suit, runs moved by suit; played
with four suits, two suits or one (docs/rules/spider.md, from AisleRiot's spider.scm).

The layout is fixed, so slots are read by position: stock, foundations 1-8, tableau 1-10.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec, Suit
from aisle.i18n import TN, T, Text
from aisle.variant import Choice, Hint, Option, Variant
from aisle_spider import rules
from aisle_spider.hints import spider_hint
from aisle_spider.runs import COMPLETE, links, top_run

PILES = 10
FOUNDATIONS = 8
#: Five rounds over the ten piles, then one more card on piles 1, 4, 7 and 10.
EXTRA_CARD_PILES = (0, 3, 6, 9)
DEALT_AT_START = 5 * PILES + len(EXTRA_CARD_PILES)
#: Eight runs of twelve links each.
MAX_SCORE = FOUNDATIONS * (COMPLETE - 1)

#: Option value -> the suits the two decks are made of (the reference's decks).
SUITS: dict[str, tuple[Suit, ...]] = {
    "four": (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
    "two": (Suit.HEARTS, Suit.SPADES),
    "one": (Suit.SPADES,),
}

_STOCK = 0
_FOUNDATIONS = slice(1, 1 + FOUNDATIONS)
_TABLEAU = slice(1 + FOUNDATIONS, 1 + FOUNDATIONS + PILES)


class Spider(Variant):
    id = "spider"
    name = T("Spider")
    description = T(
        "Two decks on ten piles: build down regardless of suit, move runs of one suit, and "
        "collect eight runs from King to Ace; with four suits, two or one."
    )
    decks = 2
    # The reference offers no Deal action for Spider: only a click on the stock deals.
    has_deal_action = False
    help_page = "spider"
    options = (
        Option(
            "suits",
            T("Suits"),
            (
                Choice("four", T("Four suits")),
                Choice("two", T("Two suits")),
                Choice("one", T("One suit")),
            ),
            "four",
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.suits = SUITS[self.chosen["suits"]]

    def deck_suits(self) -> tuple[Suit, ...]:
        return self.suits

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> list[SlotSpec]:
        # The reference grid: the stock, a gap, eight foundations; ten piles below.
        specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0)]
        specs += [SlotSpec(f"foundation-{n}", SlotKind.FOUNDATION, n + 1, 0)
                  for n in range(1, FOUNDATIONS + 1)]
        specs += [SlotSpec(f"tableau-{n}", SlotKind.TABLEAU, n - 1, 1, Fan.DOWN)
                  for n in range(1, PILES + 1)]
        return specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        piles = [slot.id for slot in _tableau(board)]
        order = piles * 5 + [piles[index] for index in EXTRA_CARD_PILES]
        for slot_id, card in zip(order, deck, strict=False):
            board.place(slot_id, [card])
        # deck[DEALT_AT_START] comes out next, so it lies on top (last) of the stock.
        board.place("stock", reversed(deck[DEALT_AT_START:]))
        for slot in _tableau(board):
            slot.cards[-1].face_up = True

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        return rules.pick_up_refusal(source, count)

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        return rules.drop_refusal(source, count, target)

    def after_move(self, board: Board, move: Move) -> None:
        source = board.slot(move.source)
        if source.kind == SlotKind.TABLEAU and source.cards:
            board.flip(source.id)

    def stock_refusal(self, board: Board) -> Text | None:
        return rules.deal_refusal(_stock(board), _tableau(board))

    def click_stock(self, board: Board) -> None:
        for slot in _tableau(board):
            board.turn_over("stock", 1, slot.id)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind == SlotKind.FOUNDATION:
            yield from self.send_up_moves(board)
        elif slot.kind == SlotKind.TABLEAU and top_run(slot.cards) == COMPLETE:
            free = next((f for f in _foundations(board) if not f.cards), None)
            if free is not None:
                yield Move(slot_id, COMPLETE, free.id)

    def send_up_moves(self, board: Board) -> Iterator[Move]:
        # Every complete run on top of a pile, piles 1 to 10, each to the first free foundation.
        while True:
            free = next((f for f in _foundations(board) if not f.cards), None)
            pile = next((p for p in _tableau(board) if top_run(p.cards) == COMPLETE), None)
            if free is None or pile is None:
                return
            yield Move(pile.id, COMPLETE, free.id)

    def legal_actions(self, board: Board) -> list[Action]:
        tableau = _tableau(board)
        actions: list[Action] = list(rules.legal_moves(tableau, _foundations(board)))
        if rules.deal_refusal(_stock(board), tableau) is None:
            actions.append(Deal())
        return actions

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        """Links in the tableau, plus twelve for each run on a foundation: the reference's
        running score (a link made +1, broken -1, dealt +1, a run sent up 0) always equals
        this count, since turning a card up never makes a link (it is the pile's top)."""
        in_tableau = sum(links(slot.cards) for slot in _tableau(board))
        return in_tableau + (COMPLETE - 1) * sum(1 for f in _foundations(board) if f.cards)

    def max_score(self) -> int:
        return MAX_SCORE

    def is_won(self, board: Board) -> bool:
        tableau = _tableau(board)
        if _stock(board).cards:
            return False
        if any(f.cards for f in _foundations(board)):
            return not any(slot.cards for slot in tableau)
        # All eight runs built in the tableau: then every non-empty pile ends in an Ace, which
        # rules most positions out before the links are counted.
        if any(slot.cards and slot.cards[-1].rank != 1 for slot in tableau):
            return False
        return self.score(board) == MAX_SCORE

    def is_lost(self, board: Board) -> bool:
        tableau = _tableau(board)
        if _stock(board).cards:
            # Fewer cards than piles: no pile can be filled, so the stock is dealt never again.
            return sum(len(slot.cards) for slot in tableau) < PILES
        return not rules.any_move(tableau)

    def hint(self, board: Board) -> Hint | None:
        tableau = _tableau(board)
        can_deal = rules.deal_refusal(_stock(board), tableau) is None
        return spider_hint(can_deal, _foundations(board), tableau)

    def status_text(self, board: Board) -> Text | None:
        left = len(_stock(board).cards)
        if not left:
            return T("The stock is empty.")
        rounds = -(-left // PILES)
        return T("Stock left: {cards} ({rounds})",
                 cards=TN("{count} card", "{count} cards", left, count=left),
                 rounds=TN("{count} deal", "{count} deals", rounds, count=rounds))


def _stock(board: Board) -> Slot:
    return board.slots[_STOCK]


def _foundations(board: Board) -> Sequence[Slot]:
    return board.slots[_FOUNDATIONS]


def _tableau(board: Board) -> Sequence[Slot]:
    return board.slots[_TABLEAU]
