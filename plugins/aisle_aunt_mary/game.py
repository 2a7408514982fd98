"""Aunt Mary, as GNOME AisleRiot plays it (docs/rules/aunt-mary.md): Klondike's rules on six
piles of six cards that show more face-up cards from right to left, the stock gone through three
times."""

from __future__ import annotations

from aisle.engine import Board
from aisle.i18n import T, Text
from aisle.kit import DOWN_ALTERNATE, Empty, Foundations, KitVariant, Rest, Rows, Stock, Tableau, Waste
from aisle.kit.forward_hint import forward_hint
from aisle.kit.stock import PASSES
from aisle.variant import Hint

PILES = 6
#: How often the stock may be gone through (two redeals).
PASSES_ALLOWED = 3


class AuntMary(KitVariant):
    id = "aunt-mary"
    name = T("Aunt Mary")
    description = T("Six piles of six cards, most of them face up from the start, built down in "
                    "alternating colours; the stock is gone through three times.")
    help_page = "aunt-mary"
    game_family = "klondike"
    difficulty = 3
    table = (Stock(at=(0, 0), passes=PASSES_ALLOWED), Waste(at=(1, 0)),
             Foundations(4, at=(2, 0), give_back=True),
             Tableau(PILES, at=(0, 1), build=DOWN_ALTERNATE, empty=Empty.KINGS))
    # Face down first: piles 2-6, 3-6, ... 6 (pile n gets n - 1); then face up: pile 1, piles
    # 1-2, ... piles 1-6. Every pile ends with six cards.
    dealing = (*(Rows(1, face_up=False, piles=range(first, PILES + 1)) for first in range(2, PILES + 1)),
               *(Rows(1, piles=range(1, last + 1)) for last in range(1, PILES + 1)), Rest())
    #: The solver's hunts (`SolverModel.hunt_shares`, `proof_share`): most of the budget for the
    #: exhaustive search. Most deals are lost (deals 1-20 at 10 s: 12 lost, 1 won, its win found
    #: in a few hundred positions), and a loss is proved only once every position was seen.
    solver_hunt_shares = (0.03, 0.07)
    solver_proof_share = 0.1

    def hint(self, board: Board) -> Hint | None:
        return forward_hint(self, board)

    def status_text(self, board: Board) -> Text | None:
        redeals = PASSES_ALLOWED - 1 - board.state.get(PASSES, 0)
        # TRANSLATORS: the status line, two parts three spaces apart, as in the original game.
        return T("Stock left: {stock}   Redeals left: {redeals}",
                 stock=len(board.slots[self.kit.stocks[0]].cards), redeals=redeals)
