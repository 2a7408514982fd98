"""Easthaven, as GNOME AisleRiot plays it (docs/rules/easthaven.md): seven piles built down in
alternating colours, fed by a stock that deals a card onto every pile, which waits while a King
could fill an empty pile."""

from __future__ import annotations

from aisle.engine import Board, Move
from aisle.i18n import T, Text
from aisle.kit import DOWN_ALTERNATE, Empty, Foundations, KitVariant, Rest, Rows, Stock, Tableau
from aisle.kit.build import KING
from aisle.kit.forward_hint import forward_hint
from aisle.kit.solver_rules import KingFillsFirst
from aisle.slot_sentences import MOVE_ONTO
from aisle.variant import Hint, card_name

#: Past this many cards in the stock and on the foundations together, the stock deals even
#: while a King could fill an empty pile (the reference's escape late in the game).
KING_RULE_ENDS = 45


class Easthaven(KitVariant):
    id = "easthaven"
    name = T("Easthaven")
    description = T("Seven piles built down in alternating colours, fed by a stock that deals "
                    "one card onto each pile; only Kings fill an empty pile.")
    help_page = "easthaven"
    game_family = "klondike"
    difficulty = 2
    # The stock, two gaps, four foundations; seven piles below.
    table = (Stock(at=(0, 0), onto="tableau"),
             Foundations(4, at=(3, 0)),
             Tableau(7, at=(0, 1), build=DOWN_ALTERNATE, empty=Empty.KINGS))
    # Two rows face down, one row face up, the rest into the stock.
    dealing = (Rows(2, face_up=False), Rows(1), Rest())
    # The solver's model is told of the King's rule (stock_refusal).
    solver_rules = (KingFillsFirst(until=KING_RULE_ENDS),)
    #: The solver's hunts (`SolverModel.hunt_shares`, `proof_share`): most of the budget for the
    #: exhaustive search, which goes best first and finds the wins the hunts miss (deal 1 at
    #: about 73,000 positions) as it proves the losses (deal 15 at about 98,000); the best-first
    #: hunt keeps enough for the wins it finds early (deals 11 and 16 within about 1.5 s).
    solver_hunt_shares = (0.03, 0.12)
    solver_proof_share = 0.1

    def king_to_move(self, board: Board) -> Move | None:
        """When a pile is empty: the first pile's top run with a King at its bottom that is not
        the pile's bottom card, moved into the first empty pile (None: no such King)."""
        slots, kit = board.slots, self.kit
        empty = next((place for place in kit.tableau if not slots[place].cards), None)
        relation = kit.pile_plans[0].relation
        if empty is None or relation is None:
            return None
        for place in kit.tableau:
            cards = slots[place].cards
            run = relation.run_length(cards)
            if run and cards[-run].rank == KING and run < len(cards):
                return Move(kit.ids[place], run, kit.ids[empty])
        return None

    def stock_refusal(self, board: Board) -> Text | None:
        refusal = super().stock_refusal(board)
        if refusal is not None or self.king_to_move(board) is None:
            return refusal
        if len(board.slots[self.kit.stocks[0]].cards) + self.score(board) > KING_RULE_ENDS:
            return None
        return T("Fill the empty pile with a King first.")

    def hint(self, board: Board) -> Hint | None:
        king = self.king_to_move(board)
        if king is not None and self.stock_refusal(board) is not None:
            ahead = forward_hint(self, board)
            if ahead is not None and ahead.action is not None:
                return ahead
            card = board.slot(king.source).cards[-king.count]
            return Hint(self.slot_sentence(MOVE_ONTO, board.slot(king.target), cards=card_name(card)), king)
        return forward_hint(self, board)
