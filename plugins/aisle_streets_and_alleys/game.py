"""Streets and Alleys, as GNOME AisleRiot plays it (docs/rules/streets-and-alleys.md): foundations
in a middle column between two wings of piles built down regardless of suit, one card at a time;
every card is dealt, Aces too, and any card fills an empty pile."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Fan, Move, SlotSpec
from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, Foundations, KitVariant, Pick, Rows, Tableau, Texts
from aisle.kit.move_hint import move_hint
from aisle.variant import Hint

PILES = 8
#: Where the piles stand: row by row, one left of the foundations and one right of them.
LEFT_X, RIGHT_X = 0.0, 5.5


class StreetsAndAlleys(KitVariant):
    id = "streets-and-alleys"
    name = T("Streets and Alleys")
    description = T("Foundations between two wings of piles built down regardless of suit; one "
                    "card moves at a time, and any card fills an empty pile.")
    help_page = "streets-and-alleys"
    has_deal_action = False
    game_family = "builders"
    difficulty = 3
    # Foundation cards stay in play, Aces too. Piles are placed in two wings by `layout`.
    table = (Foundations(4, at=(4, 0), step=(0, 1), give_back=True),
             Tableau(PILES, at=(LEFT_X, 0), step=(0, 1), build=DOWN_ANY_SUIT, pick=Pick.TOP,
                     fan=Fan.RIGHT))
    # Six rounds across the piles, then a seventh card onto each pile of the left wing.
    dealing = (Rows(6), Rows(1, piles=range(1, PILES + 1, 2)))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."))

    def layout(self) -> Sequence[SlotSpec]:
        specs = list(self.kit.specs)
        for index, spec in enumerate(specs):
            if spec.id.startswith("tableau-"):
                number = int(spec.id.rsplit("-", 1)[1]) - 1
                specs[index] = SlotSpec(spec.id, spec.kind, RIGHT_X if number % 2 else LEFT_X,
                                        number // 2, spec.fan)
        return specs

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint, the first pile's top card that goes up, then [ours] a top card
        onto a card one rank higher where it does not lie on one already, or leaves its pile
        empty; else only advice. Each hint puts a card up, takes one out of sequence into it or
        empties a pile, so following them never comes back to a position."""
        piles = [board.slots[place] for place in self.kit.tableau]
        for pile in piles:
            if pile.top is not None:
                up = self._foundation_for(board, pile.top)
                if up is not None:
                    return move_hint(board, Move(pile.id, 1, up))
        for source in piles:
            card = source.top
            if card is None or (len(source.cards) > 1 and source.cards[-2].rank == card.rank + 1):
                continue
            for target in piles:
                if target is not source and target.top is not None and target.top.rank == card.rank + 1:
                    return move_hint(board, Move(source.id, 1, target.id))
        return Hint(T("Try rearranging the cards."))
