"""Eight Off, as GNOME AisleRiot plays it (docs/rules/eight-off.md): eight piles built down by
suit, eight free cells (four filled at the deal), runs as long as the free cells allow, Kings into
empty piles, and every card that fits goes up by itself."""

from __future__ import annotations

from aisle.engine import Board
from aisle.i18n import T
from aisle.kit import DOWN_BY_SUIT, Empty, Foundations, FreeCells, KitVariant, Pile, Rows, Tableau
from aisle.kit.every_up import every_card_up
from aisle.kit.families.suit_cells import SuitCellTexts, suit_cells_hint
from aisle.variant import Hint


class EightOff(KitVariant):
    id = "eight-off"
    name = T("Eight Off")
    description = T("Eight piles built down by suit and eight free cells, four of them filled at "
                    "the deal; only a King goes into an empty pile.")
    help_page = "eight-off"
    has_deal_action = False
    game_family = "freecell"
    difficulty = 2
    # Foundations in a column on the left; the free cells above the piles, half a card right.
    table = (Foundations(4, at=(0, 0), step=(0, 1)),
             FreeCells(8, at=(1.5, 0)),
             Tableau(8, at=(1.5, 1), build=DOWN_BY_SUIT, empty=Empty.KINGS, by_space=True))
    # Six rows across the piles, then one card into each of the first four free cells.
    dealing = (Rows(6), *(Pile(1, f"reserve-{n}") for n in range(1, 5)))
    texts = SuitCellTexts()
    # Every card that fits goes up after every move, as a rule of the game.
    autoplay = True
    safe_up_move = every_card_up

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint (docs/rules/eight-off.md §5); None when the game is over."""
        return suit_cells_hint(self, board)

    def is_lost(self, board: Board) -> bool:
        return self.hint(board) is None
