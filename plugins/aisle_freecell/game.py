"""FreeCell, as GNOME AisleRiot plays it (docs/rules/freecell.md), with the classic Microsoft deals."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from aisle.engine import Board, Card, Move
from aisle.i18n import T, Text
from aisle.kit import DOWN_ALTERNATE, AllAround, Foundations, FreeCells, KitVariant, Tableau, classic_deals
from aisle.kit.families.free_cells import FreeCellFamily
from aisle.kit.moves import capacity
from aisle.variant import Hint

#: The top row: each group of four a little tighter than the columns (1/24 of a card apart).
_TIGHT = 23 / 24


class FreeCell(KitVariant):
    id = "freecell"
    name = T("FreeCell")
    description = T(
        "Every card lies face up in eight columns; with four free cells to park cards in, "
        "almost every deal can be won by careful planning."
    )
    help_page = "freecell"
    game_family = "freecell"
    difficulty = 1
    has_deal_action = False
    table = (FreeCells(4, at=(0, 0), step=(_TIGHT, 0)),
             Foundations(4, at=(4.125, 0), step=(_TIGHT, 0)),
             Tableau(8, at=(0, 1), build=DOWN_ALTERNATE, by_space=True))
    # Rows across the eight columns, face up: columns 1-4 get seven cards, 5-8 six.
    dealing = (AllAround(),)
    # The reference sends safe cards up after every move, as a rule of the game.
    autoplay = True


    @cached_property
    def family(self) -> FreeCellFamily:
        return FreeCellFamily(self.kit)

    def deck_order(self, seed: int, cards: Sequence[Card]) -> list[Card] | None:
        # Deal N is deal N of the classic program (numbers outside its range wrap round).
        return classic_deals.classic_order(seed, cards)

    def safe_up_move(self, board: Board) -> Move | None:
        return self.family.next_autoplay(board.slots)

    def is_lost(self, board: Board) -> bool:
        return self.family.is_stuck(board.slots)

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board)

    def status_text(self, board: Board) -> Text | None:
        free = sum(1 for place in self.kit.cells if not board.slots[place].cards)
        empty = sum(1 for place in self.kit.tableau if not board.slots[place].cards)
        # No run is longer than thirteen cards (King to Ace), so a larger room means "any run".
        # TRANSLATORS: FreeCell's status line; {count} is how many cards can move at once onto a card.
        return T("Cards that can move together: {count}", count=min(capacity(free, empty, False), 13))
