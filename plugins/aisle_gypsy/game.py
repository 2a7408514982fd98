"""Gypsy, as GNOME AisleRiot plays it (docs/rules/gypsy.md): two decks, eight piles built down
in alternating colours, eight foundations whose cards stay in play, and a stock that deals a
card onto every pile."""

from __future__ import annotations

from aisle.engine import Board
from aisle.i18n import T
from aisle.kit import DOWN_ALTERNATE, Empty, Foundations, KitVariant, Rest, Rows, Stock, Tableau
from aisle.kit.build import KING
from aisle.kit.forward_hint import forward_hint
from aisle.variant import Hint

#: The reference's score: per card up, per foundation complete, per card in sequence on a pile.
CARD_UP, FOUNDATION_DONE, IN_SEQUENCE = 5, 60, 2


class Gypsy(KitVariant):
    id = "gypsy"
    name = T("Gypsy")
    description = T("Two decks on eight piles built down in alternating colours, with a stock "
                    "that deals a card onto every pile; cards on the foundations stay in play.")
    help_page = "gypsy"
    game_family = "klondike"
    difficulty = 2
    decks = 2
    # The stock, a gap, eight foundations; the piles below, one card in.
    table = (Stock(at=(0, 0), onto="tableau"),
             Foundations(8, at=(2, 0), give_back=True),
             Tableau(8, at=(1, 1), build=DOWN_ALTERNATE, empty=Empty.ANY))
    # Two rows face down, one face up, the rest into the stock.
    dealing = (Rows(2, face_up=False), Rows(1), Rest())
    #: The solver's hunts (`SolverModel.hunt_shares`, `proof_share`): most of the budget for the
    #: staged hunt. Most deals are won, and the exhaustive search, facing 104 cards and cards
    #: coming back from the foundations, proves next to nothing in the time.
    solver_hunt_shares = (0.1, 0.7)
    solver_proof_share = 0.05

    def score(self, board: Board) -> int:
        slots, kit = board.slots, self.kit
        up = [len(slots[place].cards) for place in kit.foundations]
        relation = kit.pile_plans[0].relation
        assert relation is not None
        linked = sum(relation.links(slots[place].cards) for place in kit.tableau)
        return CARD_UP * sum(up) + FOUNDATION_DONE * up.count(KING) + IN_SEQUENCE * linked

    def max_score(self) -> int:
        return (CARD_UP * KING + FOUNDATION_DONE) * 4 * self.decks

    def hint(self, board: Board) -> Hint | None:
        return forward_hint(self, board)
