"""`SpiderGame`: a kit game of the Spider family (`aisle.kit.families.spider`) with the family's
texts, score, win, loss, hint and status line already wired in. A game of the family (Spiderette,
Will o' the Wisp) then only describes its table and its deal."""

from __future__ import annotations

from functools import cached_property

from aisle.engine.board import Board
from aisle.i18n import Text
from aisle.kit.families.spider import SPIDER_TEXTS, SpiderFamily
from aisle.kit.variant import KitVariant
from aisle.variant import Hint


class SpiderGame(KitVariant):
    """Piles built down regardless of suit, runs moved by suit, complete runs collected on
    foundations (see `SpiderFamily`); Control ▸ Deal deals a row, as a click on the stock does."""

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
