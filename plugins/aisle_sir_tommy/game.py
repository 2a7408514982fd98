"""Sir Tommy, as GNOME AisleRiot plays it (docs/rules/sir-tommy.md): the stock turned one card at a
time onto a waste that holds one card, four reserve piles that take any card from the waste, and
foundations built up from Ace to King whatever the suits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Deal, Move, Slot, SlotKind
from aisle.i18n import T, Text
from aisle.kit import UP_ANY_SUIT, Empty, Foundations, KitVariant, Pick, Rest, Stock, Tableau, Texts, Waste
from aisle.slot_sentences import MOVE_ONTO
from aisle.variant import Hint, card_name

if TYPE_CHECKING:
    from aisle_sir_tommy.solving import TommyModel

PILES = tuple(f"tableau-{n}" for n in range(1, 5))


class SirTommy(KitVariant):
    id = "sir-tommy"
    name = T("Sir Tommy")
    description = T("Turn the stock one card at a time and play each card onto the foundations, built "
                    "up from Ace to King whatever the suits, or onto one of four reserve piles.")
    help_page = "sir-tommy"
    game_family = "other"
    difficulty = 2
    # The reference grid: stock, waste, a gap, four foundations; the reserve piles below them.
    table = (Stock(at=(0, 0)), Waste(at=(1, 0)), Foundations(4, at=(3, 0), build=UP_ANY_SUIT),
             Tableau(4, at=(3, 1), build=None, pick=Pick.TOP, empty=Empty.ANY))
    dealing = (Rest(),)
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."))

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        # A reserve pile takes any card, but only from the waste.
        if target.kind == SlotKind.TABLEAU:
            return None if source.id == "waste" else T("Only the card of the waste can be put onto a "
                                                         "reserve pile.")
        return super().drop_refusal(board, source, count, target)

    def legal_actions(self, board: Board) -> list[Action]:
        ups = [action for action in super().legal_actions(board)
               if not (isinstance(action, Move) and action.target in PILES)]
        if not board.slot("waste").cards:
            return ups
        return [*(action for action in ups if action != Deal()),
                *(Move("waste", 1, pile) for pile in PILES)]

    def stock_refusal(self, board: Board) -> Text | None:
        if board.slot("waste").cards:
            return T("The waste holds only one card: play it before you deal the next.")
        return super().stock_refusal(board)

    def up_moves(self, board: Board) -> list[Move]:
        return [action for action in super().legal_actions(board)
                if isinstance(action, Move) and board.slot(action.target).kind == SlotKind.FOUNDATION]

    def safe_up_move(self, board: Board) -> Move | None:
        # The foundations take any suit: a card that fits one has no better place, and the card
        # under it comes free. Foundations with the same top card are alike.
        return next(iter(self.up_moves(board)), None)

    def hint(self, board: Board) -> Hint | None:
        waste = board.slot("waste").top
        if self.up_moves(board) or waste is None:
            return super().hint(board)  # a card going up, else a deal
        # Keep the piles going down: onto the lowest top card above it, else into an empty pile,
        # else onto the highest top card.
        tops = [(board.slot(pile).top, pile) for pile in PILES]
        above = [(top.rank, pile) for top, pile in tops if top is not None and top.rank > waste.rank]
        empty = [(0, pile) for top, pile in tops if top is None]
        below = [(-top.rank, pile) for top, pile in tops if top is not None and top.rank <= waste.rank]
        pile = min(above or empty or below)[1]
        return Hint(self.slot_sentence(MOVE_ONTO, board.slot(pile), cards=card_name(waste)),
                    Move("waste", 1, pile))

    def solver_model(self, board: Board) -> TommyModel:
        from aisle_sir_tommy.solving import TommyModel  # loaded when the solver first asks

        return TommyModel(board)  # ranks only, on compact positions (solving.py)

    def is_lost(self, board: Board) -> bool:
        # With the stock used up, a card that cannot go up gains nothing on a reserve pile.
        return not board.slot("stock").cards and not self.up_moves(board)
