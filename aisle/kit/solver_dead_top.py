"""The kit's dead-end test (`aisle.kit.solver_dead_end`) for open builders whose piles give up
their top card only and whose foundations give back every card (Baker's Dozen), worked with bit
masks.

The test is the one `LooseDeadEnds` asks of the general `DeadEnds.dead` (the largest set of
links that hold for good is the same, whatever order the links with a way out are dropped in),
on a table where a pile gives up only its top card, nothing is face down, there are no free
cells and no reserve, and every card up counts as one that may come down again (so a card not
under a held link is always a card to go onto). There, the links of a pile that hold are the
bottom ones up to some height, and its top held card leaves when

- a card it may lie on is under no held link, or
- no lower card of its suit is under a held link (it may go up), or
- it may start an empty pile and some pile is or may be emptied;

each of those reads off one integer, the cards under held links as a bit per card code. The
open builders' search asks this test at nearly every position it expands.
"""

from __future__ import annotations

from aisle.kit.solver_card_masks import mask_of
from aisle.kit.solver_dead_end import DeadEnds
from aisle.kit.solver_table import DOWN, Position

#: Piles whose masks `TopDeadEnds` remembers at most (then it forgets them all).
_MOST_PILES = 50_000


class TopDeadEnds:
    """`DeadEnds.dead` for the table above (see the module's notes), built from the general
    test of the same table."""

    def __init__(self, general: DeadEnds) -> None:
        cards = range(DOWN)
        #: For each card: the cards it may lie on, and the lower cards of its suit, as masks.
        self.targets = [mask_of(general.onto[card]) for card in cards]
        self.lower = [mask_of(general.lower[card]) for card in cards]
        self.free = general.free
        #: Each pile's cards under its top card, as a mask, by its cards (most piles are their
        #: parent position's).
        self._under: dict[bytes, int] = {}

    def dead(self, state: Position) -> bool:
        piles = state[2]
        targets, lower, free = self.targets, self.lower, self.free
        covered = 0
        under = self._under
        for pile in piles:
            mask = under.get(pile)
            if mask is None:
                if len(under) >= _MOST_PILES:
                    under.clear()
                mask = under[pile] = mask_of(pile[:-1])
            covered |= mask
        heights = [len(pile) for pile in piles]
        if not covered:
            return False
        empties = 0 in heights
        moved = True
        while moved:
            moved = False
            for number, pile in enumerate(piles):
                height = heights[number]
                while height:
                    card = pile[height - 1]
                    if (targets[card] & ~covered or not covered & lower[card]
                            or (empties and free[card])):
                        height -= 1
                        moved = True
                        if height:
                            covered &= ~(1 << pile[height - 1])
                            if not covered:
                                return False  # every card may become a top card
                        else:
                            empties = True
                    else:
                        break
                heights[number] = height
        return True

