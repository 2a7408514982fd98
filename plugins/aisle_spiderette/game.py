"""Spiderette, as GNOME AisleRiot plays it (docs/rules/spiderette.md): Spider's rules with one
deck, Klondike's seven piles and four foundations."""

from __future__ import annotations

from functools import cached_property

from aisle.engine import Board
from aisle.i18n import T, Text
from aisle.kit import DOWN_ANY_SUIT, DOWN_BY_SUIT, Foundations, KitVariant, Rest, Stock, Tableau, Triangle
from aisle.kit.build import KING
from aisle.kit.families.spider import SPIDER_TEXTS, SpiderFamily
from aisle.variant import Hint


class Spiderette(KitVariant):
    id = "spiderette"
    name = T("Spiderette")
    description = T("Spider with one deck on Klondike's seven piles: build down regardless of "
                    "suit, move runs of one suit, and collect four runs from King to Ace.")
    help_page = "spiderette"
    game_family = "spider"
    difficulty = 3
    # As in Spider, only a click on the stock deals.
    has_deal_action = False
    # The stock, two gaps, four foundations taking whole runs; seven piles below. A row is dealt
    # onto every pile, never while one is empty.
    table = (Stock(at=(0, 0), onto="tableau", fill_first=True),
             Foundations(4, at=(3, 0), build=DOWN_BY_SUIT, first=KING, whole_runs=True),
             Tableau(7, at=(0, 1), build=DOWN_ANY_SUIT, run=DOWN_BY_SUIT))
    # Klondike's triangle, the top cards turned up; the rest into the stock.
    dealing = (Triangle(), Rest())
    texts = SPIDER_TEXTS
    moves_by_kind = True

    @cached_property
    def family(self) -> SpiderFamily:
        return SpiderFamily(self.kit)

    def score(self, board: Board) -> int:
        return self.family.score(board)

    def max_score(self) -> int:
        return self.family.max_score()

    def is_won(self, board: Board) -> bool:
        return self.family.is_won(board)

    def is_lost(self, board: Board) -> bool:
        return self.family.is_lost(board)

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board, self.stock_refusal(board) is None)

    def status_text(self, board: Board) -> Text | None:
        return self.family.status_text(board)
