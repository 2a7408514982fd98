"""Seahaven Towers, as GNOME AisleRiot plays it (docs/rules/seahaven.md): ten piles built down by
suit, four free cells (two filled at the deal), runs as long as the free cells allow, Kings into
empty piles, and whole runs of a suit straight onto their foundation."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, SlotSpec
from aisle.i18n import T
from aisle.kit import DOWN_BY_SUIT, Empty, Foundations, FreeCells, KitVariant, Pile, Rows, Tableau
from aisle.kit.families.suit_cells import SuitCellTexts, suit_cells_hint
from aisle.variant import Hint

#: The foundations' places: two at each end of the top row, the free cells between them.
FOUNDATION_X = (0, 1, 8, 9)


class Seahaven(KitVariant):
    id = "seahaven"
    name = T("Seahaven Towers")
    description = T("Ten piles built down by suit and four free cells; only a King goes into an "
                    "empty pile, and a whole run of a suit may go up at once.")
    help_page = "seahaven"
    has_deal_action = False
    game_family = "freecell"
    difficulty = 2
    # Foundation cards stay in play; a run whose uppermost card fits goes up whole.
    table = (Foundations(4, at=(0, 0), give_back=True, lift_runs=True),
             FreeCells(4, at=(3, 0)),
             Tableau(10, at=(0, 1), build=DOWN_BY_SUIT, empty=Empty.KINGS, by_space=True))
    # Five rows across the piles, then the last two cards into the middle free cells.
    dealing = (Rows(5), Pile(1, "reserve-2"), Pile(1, "reserve-3"))
    texts = SuitCellTexts()

    def layout(self) -> Sequence[SlotSpec]:
        specs = list(self.kit.specs)
        for index, x in enumerate(FOUNDATION_X):
            spec = specs[index]
            specs[index] = SlotSpec(spec.id, spec.kind, x, spec.y, spec.fan)
        return specs

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint (docs/rules/seahaven.md §5); None when the game is over."""
        return suit_cells_hint(self, board)

    def is_lost(self, board: Board) -> bool:
        return self.hint(board) is None
