"""Canfield, as GNOME AisleRiot plays it (docs/rules/canfield.md): a reserve of thirteen, four
tableau piles, foundations built round the corner from the base card dealt at the start, and a
stock dealt three at a time with unlimited redeals."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from aisle.engine import Board, Fan
from aisle.i18n import T, Text
from aisle.kit import (
    DOWN_ALTERNATE_ROUND,
    UP_BY_SUIT_ROUND,
    Foundations,
    KitVariant,
    Pile,
    Reserve,
    Rest,
    Rows,
    Stock,
    Tableau,
    Waste,
)
from aisle.kit.families.canfield import CanfieldFamily
from aisle.variant import Hint, rank_name

if TYPE_CHECKING:
    from aisle_canfield.solving import CanfieldModel


class Canfield(KitVariant):
    id = "canfield"
    name = T("Canfield")
    description = T(
        "A reserve of thirteen, four piles built down in alternating colours, and foundations "
        "built up by suit from the rank of the first card dealt to them."
    )
    help_page = "canfield"
    game_family = "klondike"
    difficulty = 3
    # The reference grid: stock, waste (three shown), a gap, four foundations; the reserve below
    # the stock, two gaps, four tableau piles below the foundations. Ranks go round the corner
    # (an Ace after a King) on the foundations and the piles alike; a foundation's top card may
    # come back down (not a base card); the reserve fills an emptied pile at once.
    table = (Stock(at=(0, 0), deal=3, passes=None),
             Waste(at=(1, 0), fan=Fan.RIGHT, fan_limit=3),
             Foundations(4, at=(3, 0), build=UP_BY_SUIT_ROUND, first=None, give_back=True),
             Reserve(at=(0, 1), refills="tableau"),
             Tableau(4, at=(3, 1), build=DOWN_ALTERNATE_ROUND))
    # From the stock's top: thirteen to the reserve, one to each pile, the base card to
    # foundation 1; the rest stays in the stock.
    dealing = (Pile(13, "reserve"), Rows(1), Rows(1, role="foundation", piles=(1,)), Rest())
    moves_by_kind = True

    @cached_property
    def family(self) -> CanfieldFamily:
        return CanfieldFamily(self.kit)

    def solver_model(self, board: Board) -> CanfieldModel:
        from aisle_canfield.solving import CanfieldModel  # loaded when the solver first asks

        return CanfieldModel(board, self.first_rank(board))  # its own compact model (solving.py)

    def is_lost(self, board: Board) -> bool:
        return self.family.is_lost(board.slots)

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board)

    def status_text(self, board: Board) -> Text | None:
        slots = board.slots
        # TRANSLATORS: the status line, three parts three spaces apart, as in the original game;
        # {base} is the rank as the cards show it (A, 2 ... 10, J, Q, K).
        return T("Stock left: {stock}   Reserve left: {reserve}   Base card: {base}",
                 stock=len(slots[self.kit.stocks[0]].cards), reserve=len(slots[self.kit.reserves[0]].cards),
                 base=rank_name(self.first_rank(board)))
