"""Forty Thieves, as GNOME AisleRiot plays it (docs/rules/forty-thieves.md): two decks, ten piles of
four built down in suit, eight foundations, and one pass through the stock."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from aisle.engine import Board, Fan
from aisle.i18n import TP, T
from aisle.kit import DOWN_BY_SUIT, Foundations, KitVariant, Rest, Rows, Stock, Tableau, Waste
from aisle.kit.families.forty_thieves import FortyThievesFamily
from aisle.variant import Hint

if TYPE_CHECKING:
    from aisle_forty_thieves.solving import FortyThievesModel


class FortyThieves(KitVariant):
    id = "forty-thieves"
    name = T("Forty Thieves")
    description = T(
        "Two decks on ten piles of four, built down in suit, with one pass through the stock: "
        "a classic that rewards careful planning."
    )
    help_page = "forty-thieves"
    # TRANSLATORS: another name of Forty Thieves, after the legend that Napoleon played it.
    other_names = (TP("other game name", "Napoleon at St Helena"),)
    game_family = "klondike"
    difficulty = 3
    decks = 2
    # The reference grid: the stock and eight foundations across the top, the waste fanned out
    # in a row of its own (so every card in it can be seen), ten piles below. A run whose top
    # card fits goes up in one move; runs move only as far as the empty piles allow.
    table = (Stock(at=(0, 0)),
             Foundations(8, at=(2, 0), lift_runs=True),
             Waste(at=(0, 1), fan=Fan.RIGHT),
             Tableau(10, at=(0, 2), build=DOWN_BY_SUIT, by_space=True))
    # Four rounds of one card face up to each pile; the rest waits face down in the stock.
    dealing = (Rows(4), Rest())
    # The reference's double-click puts a card that cannot go up onto a pile.
    double_click_to_pile = True

    @cached_property
    def family(self) -> FortyThievesFamily:
        return FortyThievesFamily(self.kit)

    def solver_model(self, board: Board) -> FortyThievesModel:
        from aisle_forty_thieves.solving import FortyThievesModel  # loaded when the solver first asks

        return FortyThievesModel(board)  # its own compact model (solving.py)

    def score(self, board: Board) -> int:
        """5 for each card on the foundations, 60 more for each complete foundation."""
        return sum(5 * len(cards) + (60 if len(cards) == 13 else 0)
                   for cards in (board.slots[place].cards for place in self.kit.foundations))

    def max_score(self) -> int:
        return 1000

    def is_lost(self, board: Board) -> bool:
        return self.family.is_lost(board)

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board)
