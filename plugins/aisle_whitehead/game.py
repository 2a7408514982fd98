"""Whitehead, as GNOME AisleRiot plays it (docs/rules/whitehead.md): every card dealt face up,
piles built down in one colour, runs moved by suit, and a stock gone through once."""

from __future__ import annotations

from aisle.engine import Board
from aisle.i18n import T
from aisle.kit import (
    DOWN_BY_COLOUR,
    DOWN_BY_SUIT,
    Empty,
    Foundations,
    KitVariant,
    Rest,
    Rows,
    Stock,
    Tableau,
    Waste,
)
from aisle.kit.forward_hint import forward_hint
from aisle.variant import Hint

PILES = 7


class Whitehead(KitVariant):
    id = "whitehead"
    name = T("Whitehead")
    description = T("Seven piles, every card face up, built down in one colour; only runs of one "
                    "suit move together, and the stock is gone through once.")
    help_page = "whitehead"
    game_family = "klondike"
    difficulty = 2
    # The stock and the waste, a gap, four foundations; seven piles below. A run whose top card
    # fits goes up whole; the foundations' top cards stay in play.
    table = (Stock(at=(0, 0)), Waste(at=(1, 0)),
             Foundations(4, at=(3, 0), lift_runs=True, give_back=True),
             Tableau(PILES, at=(0, 1), build=DOWN_BY_COLOUR, run=DOWN_BY_SUIT, empty=Empty.ANY))
    # Klondike's triangle, every card face up: rows onto piles 1-7, 2-7, ... 7.
    dealing = (*(Rows(1, piles=range(first, PILES + 1)) for first in range(1, PILES + 1)), Rest())

    def hint(self, board: Board) -> Hint | None:
        return forward_hint(self, board)
