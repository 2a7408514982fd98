"""Agnes, as GNOME AisleRiot plays it (docs/rules/agnes.md): Klondike's triangle built down in one
colour round the corner, foundations started at the rank of a base card, empty piles filled only by
the stock's deals."""

from __future__ import annotations

from aisle.engine import Action, Board, Move, Slot
from aisle.i18n import T, Text
from aisle.kit import (
    UP_BY_SUIT_ROUND,
    Build,
    Direction,
    Empty,
    Foundations,
    KitVariant,
    Rest,
    Rows,
    Stock,
    Suits,
    Tableau,
    Triangle,
)
from aisle.kit.forward_hint import forward_hint
from aisle.kit.solver_rules import RunsStopAtBase
from aisle.variant import Hint, rank_name

#: Down one rank in one colour, a King on an Ace.
DOWN_BY_COLOUR_ROUND = Build(Direction.DOWN, Suits.COLOUR, wrap=True)


class Agnes(KitVariant):
    id = "agnes"
    name = T("Agnes")
    description = T("Seven piles built down in one colour, foundations that start at the rank of "
                    "a base card, and a stock that deals a card onto every pile.")
    help_page = "agnes"
    game_family = "klondike"
    difficulty = 3
    # The stock, two gaps, four foundations round the corner from the base card; seven piles below
    # that take nothing once empty. The foundations' top cards stay in play.
    table = (Stock(at=(0, 0), onto="tableau"),
             Foundations(4, at=(3, 0), build=UP_BY_SUIT_ROUND, first=None, give_back=True),
             Tableau(7, at=(0, 1), build=DOWN_BY_COLOUR_ROUND, empty=Empty.NOTHING))
    # Klondike's triangle, the base card onto the first foundation, the rest into the stock.
    dealing = (Triangle(), Rows(1, role="foundation", piles=(1,)), Rest())
    # The solver's model is told of the one rule of its own (pick_up_refusal, legal_actions).
    solver_rules = (RunsStopAtBase(),)
    #: The solver's hunts (`SolverModel.hunt_shares`, `proof_share`): most of the budget for the
    #: exhaustive search. Deals 1-20 are all lost as far as known, and a loss is proved only
    #: once every position was seen (deals 5 and 7 at about 98,000 and 67,000 positions).
    solver_hunt_shares = (0.03, 0.07)
    solver_proof_share = 0.1

    def crosses_base(self, board: Board, source: Slot, count: int) -> bool:
        """Whether a run of `count` cards from a pile has a card lying on one of the base rank
        (the runs break there: the base rank is the lowest)."""
        base = self.first_rank(board)
        return any(card.rank == base for card in source.cards[-count:-1])

    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        refusal = super().pick_up_refusal(board, source, count)
        if refusal is None and count > 1 and self.crosses_base(board, source, count):
            return T("A run cannot reach past a card of the base rank.")
        return refusal

    def legal_actions(self, board: Board) -> list[Action]:
        return [action for action in super().legal_actions(board)
                if not (isinstance(action, Move) and action.count > 1
                        and self.crosses_base(board, board.slot(action.source), action.count))]

    def hint(self, board: Board) -> Hint | None:
        return forward_hint(self, board)

    def status_text(self, board: Board) -> Text | None:
        # TRANSLATORS: the status line, two parts three spaces apart, as in the original game;
        # {base} is the rank as the cards show it (A, 2 ... 10, J, Q, K).
        return T("Stock left: {stock}   Base card: {base}",
                 stock=len(board.slots[self.kit.stocks[0]].cards), base=rank_name(self.first_rank(board)))
