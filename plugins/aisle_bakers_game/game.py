"""Baker's Game, as GNOME AisleRiot plays it (docs/rules/bakers-game.md): FreeCell with the
columns built down in suit, and every card that fits sent up after each move."""

from __future__ import annotations

from functools import cached_property

from aisle.engine import Board
from aisle.i18n import T, Text
from aisle.kit import DOWN_BY_SUIT, AllAround, Foundations, FreeCells, KitVariant, Tableau
from aisle.kit.every_up import every_card_up
from aisle.kit.families.free_cells import FreeCellFamily
from aisle.kit.moves import capacity
from aisle.variant import Hint

#: FreeCell's top row: each group of four a little tighter than the columns.
_TIGHT = 23 / 24


class BakersGame(KitVariant):
    id = "bakers-game"
    name = T("Baker's Game")
    description = T("FreeCell's ancestor: eight columns built down in suit and four free cells, "
                    "with every card face up from the start.")
    help_page = "bakers-game"
    has_deal_action = False
    game_family = "freecell"
    difficulty = 3
    table = (FreeCells(4, at=(0, 0), step=(_TIGHT, 0)),
             Foundations(4, at=(4.125, 0), step=(_TIGHT, 0)),
             Tableau(8, at=(0, 1), build=DOWN_BY_SUIT, by_space=True))
    # Rows across the eight columns, face up: columns 1-4 get seven cards, 5-8 six.
    dealing = (AllAround(),)
    # Every card that fits goes up after every move, as a rule of the game.
    autoplay = True
    safe_up_move = every_card_up

    @cached_property
    def family(self) -> FreeCellFamily:
        return FreeCellFamily(self.kit)

    def is_lost(self, board: Board) -> bool:
        return self.family.is_stuck(board.slots)

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board)

    def status_text(self, board: Board) -> Text | None:
        free = sum(1 for place in self.kit.cells if not board.slots[place].cards)
        empty = sum(1 for place in self.kit.tableau if not board.slots[place].cards)
        # TRANSLATORS: FreeCell's status line; {count} is how many cards can move at once onto a card.
        return T("Cards that can move together: {count}", count=min(capacity(free, empty, False), 13))
