"""Kansas, as GNOME AisleRiot plays it (docs/rules/kansas.md): Canfield's cousin with a reserve
of twelve, three piles built down whatever the suit, and a stock gone through once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.engine import Action, Board, Move, Slot
from aisle.i18n import T, Text
from aisle.kit import (
    UP_BY_SUIT_ROUND,
    Build,
    Direction,
    Empty,
    Foundations,
    KitVariant,
    Pick,
    Pile,
    Reserve,
    Rest,
    Rows,
    Stock,
    Suits,
    Tableau,
    Texts,
    Waste,
)
from aisle.kit.forward_hint import forward_hint
from aisle.kit.solver_rules import WasteFillsSpaces
from aisle.variant import Hint, rank_name

if TYPE_CHECKING:
    from aisle_kansas.solving import KansasModel

#: Down one rank whatever the suit, a King onto an Ace.
DOWN_ANY_SUIT_ROUND = Build(Direction.DOWN, Suits.ANY, wrap=True)


class Kansas(KitVariant):
    id = "kansas"
    name = T("Kansas")
    description = T("A reserve of twelve, three piles built down whatever the suit, and "
                    "foundations built up by suit from the rank of the first card dealt to them.")
    help_page = "kansas"
    game_family = "klondike"
    difficulty = 3
    # The reference grid: stock, waste, half a gap, four foundations; the reserve below the
    # stock and, two and a half places further, the three piles. Ranks go round the corner on
    # the foundations and the piles alike; any face-up cards move together; the reserve fills an
    # emptied pile at once, and once it is empty only the waste's top card fills one.
    table = (Stock(at=(0, 0)),
             Waste(at=(1, 0)),
             Foundations(4, at=(2.5, 0), build=UP_BY_SUIT_ROUND, first=None),
             Reserve(at=(0, 1), refills="tableau"),
             Tableau(3, at=(3.5, 1), build=DOWN_ANY_SUIT_ROUND, pick=Pick.FACE_UP, empty=Empty.NOTHING))
    # From the stock's top: twelve to the reserve (the last face up), the base card to
    # foundation 1, one card to each pile; the rest stays in the stock.
    dealing = (Pile(12, "reserve"), Rows(1, role="foundation", piles=(1,)), Rows(1), Rest())
    texts = Texts(nothing_on_empty=T("An empty pile takes only the waste's top card, once the "
                                     "reserve is empty."))
    # The kit's solver model plays that rule too (`drop_refusal` and `legal_actions` below);
    # the game is solved with its own model (`solver_model`).
    solver_rules = (WasteFillsSpaces(),)

    def solver_model(self, board: Board) -> KansasModel:
        from aisle_kansas.solving import KansasModel  # loaded when the solver first asks

        return KansasModel(board, self.first_rank(board))  # its own compact model (solving.py)

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if self._waste_to_space(source, target):
            return None
        return super().drop_refusal(board, source, count, target)

    def legal_actions(self, board: Board) -> list[Action]:
        actions = super().legal_actions(board)
        waste = board.slots[self.kit.wastes[0]]
        if waste.cards:
            spaces = [Move(waste.id, 1, pile.id) for pile in self._piles(board) if not pile.cards]
            deals = [action for action in actions if not isinstance(action, Move)]
            actions = [action for action in actions if isinstance(action, Move)] + spaces + deals
        return actions

    def hint(self, board: Board) -> Hint | None:
        return forward_hint(self, board)

    def status_text(self, board: Board) -> Text | None:
        slots = board.slots
        # Stock, reserve and the base card's rank, short enough for the status bar of an 800
        # pixels wide window in every language (tests/ui/window/test_status_line_fits.py).
        return T("Stock: {stock}   Reserve: {reserve}   Base: {base}",
                 stock=len(slots[self.kit.stocks[0]].cards), reserve=len(slots[self.kit.reserves[0]].cards),
                 base=rank_name(self.first_rank(board)))

    def _piles(self, board: Board) -> list[Slot]:
        return [board.slots[place] for plan in self.kit.pile_plans for place in plan.places]

    def _waste_to_space(self, source: Slot, target: Slot) -> bool:
        kit = self.kit
        return (kit.place[source.id] in kit.wastes and not target.cards
                and kit.place[target.id] in kit.pile_plan_of)
