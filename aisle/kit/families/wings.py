"""Games whose piles stand in two wings either side of a column of foundations, built down
regardless of suit one card at a time (Beleaguered Castle, Streets and Alleys): the wings'
layout and the reference's hint, shared."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Move, SlotSpec
from aisle.i18n import T
from aisle.kit.move_hint import move_hint
from aisle.kit.variant import KitVariant
from aisle.variant import Hint

#: Where the piles stand: row by row, one left of the foundations and one right of them.
LEFT_X, RIGHT_X = 0.0, 5.5


class WingsGame(KitVariant):
    """A kit game whose tableau piles alternate between the left and the right wing."""

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
