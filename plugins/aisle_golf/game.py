"""Golf, as GNOME AisleRiot plays it (docs/rules/golf.md): clear seven columns onto the waste, a
rank up or down at a time, without turning the corner and with nothing on a King."""

from __future__ import annotations

from aisle.engine import Board, Fan, Slot
from aisle.i18n import T, Text
from aisle.kit import Pick, Rest, Rows, Stock, Tableau, Waste
from aisle.kit.build import KING
from aisle.kit.chain import UP_OR_DOWN, ChainTexts, ChainVariant
from aisle.variant import Hint, card_name

#: The cards dealt to the columns: every one played scores a point.
COLUMN_CARDS = 35
#: The waste's last cards shown fanned (the reference fans up to 26; fewer keep their corners
#: readable in the table's width).
WASTE_SHOWN = 12


class GolfTexts(ChainTexts):
    stays = T("Cards on the waste stay there; play the top cards of the columns onto it.")
    only_onto = T("Cards from the columns can only be played onto the waste.")


class Golf(ChainVariant):
    id = "golf"
    name = T("Golf")
    description = T("Clear seven columns onto the waste, one rank up or down at a time; nothing "
                    "goes on a King.")
    help_page = "golf"
    game_family = "other"
    difficulty = 2
    table = (Stock(at=(0, 0)), Waste(at=(1, 0), fan=Fan.RIGHT, fan_limit=WASTE_SHOWN),
             Tableau(7, at=(0, 1), build=None, pick=Pick.TOP))
    # Five face-up rows; the waste starts empty.
    dealing = (Rows(5), Rest())
    chain, ends = UP_OR_DOWN, frozenset({KING})
    chain_texts = GolfTexts()

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        if target.id == self.onto:
            top = target.top
            if top is None:
                return T("The waste is empty: turn a card from the stock first.")
            if top.rank == KING:
                return T("Nothing can be played on a King.")
        return super().drop_refusal(board, source, count, target)

    def hint(self, board: Board) -> Hint | None:
        # The reference looks at the columns from the first: the first top card that fits.
        fitting = self.playable(board)
        if not fitting:
            return super().hint(board)
        card, top = board.slots[fitting[0]].cards[-1], board.slots[self.pile].cards[-1]
        return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(top)),
                    self.one[fitting[0]][self.pile])

    def score(self, board: Board) -> int:
        return COLUMN_CARDS - sum(len(board.slots[place].cards) for place in self.layout_places)

    def max_score(self) -> int:
        return COLUMN_CARDS
