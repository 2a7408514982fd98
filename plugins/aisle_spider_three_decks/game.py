"""Spider Three Decks: 156 cards, twelve piles built down regardless of suit, runs moved by suit.

Rules: shared/RULES.md §4 (from the reference, games/spider-three-decks.scm on spider.scm).
The layout is fixed, so the slot lists are read by position: stock, foundations 1-12,
tableau 1-12, in that order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Card, Deal, Fan, Move, Slot, SlotKind, SlotSpec
from aisle.i18n import TN, T, Text
from aisle.variant import Hint, SolverStep, Variant
from aisle_spider_three_decks import rules
from aisle_spider_three_decks.hints import spider_hint
from aisle_spider_three_decks.runs import FULL_RUN, count_links, has_full_run_on_top

if TYPE_CHECKING:
    from aisle_spider_three_decks import solving

PILES = 12
FOUNDATIONS = 12
#: Cards dealt to the tableau at the start: four rounds of twelve, then piles 1-6 once more.
DEALT_AT_START = 4 * PILES + 6
#: Twelve runs of twelve links each.
MAX_SCORE = FOUNDATIONS * (FULL_RUN - 1)

_STOCK = 0
_FOUNDATIONS = slice(1, 1 + FOUNDATIONS)
_TABLEAU = slice(1 + FOUNDATIONS, 1 + FOUNDATIONS + PILES)


class SpiderThreeDecks(Variant):
    id = "spider-three-decks"
    name = T("Spider Three Decks")
    description = T(
        "Three decks on twelve piles: build down regardless of suit, move runs of one suit, "
        "and collect twelve runs from King to Ace."
    )
    decks = 3
    # The reference has no Deal action for this game: only a click on the stock deals.
    help_page = "spider-three-decks"
    game_family = "spider"
    difficulty = 3

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> list[SlotSpec]:
        specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0)]
        # The reference packs the twelve foundations 0.91 apart right after the stock, so they
        # overlap a little and fit the twelve columns of the tableau.
        specs += [
            SlotSpec(f"foundation-{k}", SlotKind.FOUNDATION, round(1 + 0.91 * (k - 1), 2), 0)
            for k in range(1, FOUNDATIONS + 1)
        ]
        specs += [
            SlotSpec(f"tableau-{k}", SlotKind.TABLEAU, k - 1, 1, Fan.DOWN) for k in range(1, PILES + 1)
        ]
        return specs

    def deal(self, board: Board, deck: list[Card]) -> None:
        tableau = _tableau(board)
        order = [slot.id for slot in tableau] * 4 + [slot.id for slot in tableau[:6]]
        for slot_id, card in zip(order, deck, strict=False):
            board.place(slot_id, [card])
        # deck[DEALT_AT_START] is the next card out, so it lies on top (last) of the stock.
        board.place("stock", reversed(deck[DEALT_AT_START:]))
        for slot in tableau:
            slot.cards[-1].face_up = True

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        return rules.pick_up_refusal(source, count)

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        return rules.drop_refusal(source, count, target)

    def after_move(self, board: Board, move: Move) -> None:
        source = board.slot(move.source)
        if source.kind == SlotKind.TABLEAU and source.cards:
            board.flip(source.id, True)

    def stock_refusal(self, board: Board) -> Text | None:
        # Empty piles do not stop a deal here (standard Spider refuses).
        return None if _stock(board).cards else T("The stock is empty.")

    def click_stock(self, board: Board) -> None:
        stock = _stock(board)
        for slot in _tableau(board):
            if not stock.cards:
                break  # the last round has only six cards
            board.turn_over(stock.id, 1, slot.id)

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        slot = board.slot(slot_id)
        if slot.kind != SlotKind.TABLEAU or not has_full_run_on_top(slot.cards):
            return
        free = next((f for f in _foundations(board) if not f.cards), None)
        if free is not None:
            yield Move(slot_id, FULL_RUN, free.id)

    def safe_up_move(self, board: Board) -> Move | None:
        """Safe only once the stock is empty and every pile is nothing but complete runs:
        sending them up one by one then wins (there is a foundation for each). Before that no
        run is known to be safe: a complete run left in the tableau can be split to give other
        cards somewhere to go, and that can be what wins."""
        tableau = _tableau(board)
        if _stock(board).cards or not all(rules.only_complete_runs(slot.cards) for slot in tableau):
            return None
        source = next((slot for slot in tableau if slot.cards), None)
        free = next((f for f in _foundations(board) if not f.cards), None)
        if source is None or free is None:
            return None
        return Move(source.id, FULL_RUN, free.id)

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(rules.legal_moves(_tableau(board), _foundations(board)))
        if _stock(board).cards:
            actions.append(Deal())
        return actions

    # -- the solver (see solving.py) ----------------------------------------------------------
    solver_prunes = True

    def solver_key(self, board: Board) -> str:
        from aisle_spider_three_decks import solving  # loaded when the solver first asks
        return solving.position_key(_stock(board), _foundations(board), _tableau(board))

    def solver_steps(self, board: Board) -> list[SolverStep]:
        from aisle_spider_three_decks import solving  # loaded when the solver first asks
        return solving.solver_steps(_stock(board), _foundations(board), _tableau(board))

    def solver_model(self, board: Board) -> solving.SpiderModel:
        from aisle_spider_three_decks import solving  # loaded when the solver first asks
        return solving.SpiderModel(_stock(board), _foundations(board), _tableau(board))

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        """Same-suit links in the tableau, plus twelve for each run on a foundation.

        The reference keeps a running count (a link broken -1, a link made +1, a dealt card
        that links +1, a run sent up 0). Every one of those changes is exactly the change in
        this count, and turning a card up never makes a link (it is always the pile top), so
        counting gives the same number without storing it.
        """
        links = sum(count_links(slot.cards) for slot in _tableau(board))
        return links + (FULL_RUN - 1) * sum(1 for f in _foundations(board) if f.cards)

    def max_score(self) -> int:
        return MAX_SCORE

    def is_won(self, board: Board) -> bool:
        if _stock(board).cards:
            return False
        if any(f.cards for f in _foundations(board)):
            return not any(slot.cards for slot in _tableau(board))
        # Nothing sent up: won when all twelve runs are built in the tableau. Then every pile
        # ends in an Ace, which rules most positions out without counting links.
        tableau = _tableau(board)
        if any(slot.cards and slot.cards[-1].rank != 1 for slot in tableau):
            return False
        return self.score(board) == MAX_SCORE

    def is_lost(self, board: Board) -> bool:
        # While the stock has cards a deal is always possible.
        return not _stock(board).cards and not rules.any_move(_tableau(board))

    def hint(self, board: Board) -> Hint | None:
        return spider_hint(_stock(board), _foundations(board), _tableau(board))

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
