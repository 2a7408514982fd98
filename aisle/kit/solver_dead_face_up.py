"""The kit model's dead-end test (`aisle.kit.solver_dead_end`) for tables whose piles pick up
any face-up card with all on it (Yukon), worked with bit masks.

The test is the one `DeadEnds.dead` describes, and it finds the same largest set of links that
hold for good (the links whose card has no way to leave are dropped from it in any order: the
set left is the same). Where every pile picks up any face-up card, a face-up card may leave
whatever lies on it, so only a face-down card waits for the link on it to break; and with no
free cells, no reserve and no foundation that gives cards back, whether a card has a way to
leave reads off three sets of cards: those still under a held link (`covered`), those not up
yet, and the empty piles. Each set is one integer, a bit per card code, so each look is one or
two operations instead of a loop; the Yukon search asks this test at every position it expands.
"""

from __future__ import annotations

from aisle.kit.model_facts import WinRule
from aisle.kit.solver_card_masks import CardMasks, cards_not_up, going_up
from aisle.kit.solver_dead_end import DeadEnds
from aisle.kit.solver_dead_links import LinkDeadEnds
from aisle.kit.solver_table import DOWN, FACE_UP, ModelTable, Position

#: A pile's cards, face-up cards and top card as sets, and the card under each of its cards.
_PileFacts = tuple[int, int, int, dict[int, int]]
#: Piles `FaceUpDeadEnds` remembers at most (then forgets them all; each about a kilobyte).
_MOST_PILES = 20_000


class FaceUpDeadEnds:
    """`DeadEnds.dead` for a table of face-up piles (see the module's notes)."""

    def __init__(self, dead_ends: DeadEnds) -> None:
        #: Made only for a table the general test covers (see `face_up_dead_ends`).
        self.covered = dead_ends.covered
        order = dead_ends.order
        masks = CardMasks(dead_ends)
        self.lying_on, self.lower, self.higher = masks.lying_on, masks.lower, masks.higher
        self.kings, self.above = masks.kings, masks.above
        self.order = order
        #: What `dead` reads off each pile, by its cards (most piles are their parent's).
        self._piles: dict[bytes, _PileFacts] = {}

    def dead(self, state: Position) -> bool:
        found, piles = state[1], state[2]
        waiting_up = cards_not_up(found, self.order, self.above)
        #: The card under each card in a pile (-1: none).
        under: dict[int, int] = {}
        in_piles = face_up = tops = 0
        empties = False
        known = self._piles
        for pile in piles:
            if not pile:
                empties = True
                continue
            facts = known.get(pile)
            if facts is None:
                facts = self._learn(pile)
            in_piles |= facts[0]
            face_up |= facts[1]
            tops |= facts[2]
            under.update(facts[3])
        covered = in_piles & ~tops
        if not covered:
            return False
        lying_on, lower, higher, kings = self.lying_on, self.lower, self.higher, self.kings
        #: The cards that have a card to go onto: one not up and not under a held link.
        goes_onto = 0
        free_targets = waiting_up & ~covered
        while free_targets:
            lowest = free_targets & -free_targets
            free_targets ^= lowest
            goes_onto |= lying_on[lowest.bit_length() - 1]
        #: The cards left and, of the top cards, those a lower card of their suit keeps down.
        left = kept_down = 0
        while True:
            # A face-down card moves only once it is a top card (what lay on it has left).
            able = (face_up | tops) & ~left
            leaving = able & (goes_onto | (kings if empties else 0))
            up, kept = going_up(able & tops & ~leaving & ~kept_down, covered, lower)
            leaving |= up
            kept_down |= kept
            if not leaving:
                return True  # (covered is not empty: every way out was looked at)
            left |= leaving
            while leaving:
                lowest = leaving & -leaving
                leaving ^= lowest
                below = under[lowest.bit_length() - 1]
                if below < 0:
                    empties = True
                    continue
                below_bit = 1 << below
                if covered & below_bit:
                    covered ^= below_bit
                    tops |= below_bit
                    kept_down &= ~higher[below]
                    if waiting_up & below_bit:
                        goes_onto |= lying_on[below]
            if not covered:
                return False  # every card may become a top card: nothing left to prove


    def _learn(self, pile: bytes) -> _PileFacts:
        """The pile's cards, its face-up cards, its top card (as sets) and the card under each."""
        if len(self._piles) >= _MOST_PILES:
            self._piles.clear()
        cards = face_up = 0
        under: dict[int, int] = {}
        below = -1
        for code in pile:
            card = code & ~DOWN
            under[card] = below
            cards |= 1 << card
            if not code & DOWN:
                face_up |= 1 << card
            below = card
        facts = self._piles[pile] = (cards, face_up, 1 << below, under)
        return facts


def face_up_dead_ends(table: ModelTable, wins: WinRule) -> FaceUpDeadEnds | LinkDeadEnds | DeadEnds:
    """The test for `table`: the bit-mask one for face-up piles where every pile picks up any
    face-up card and nothing else changes the rule (no free cells, reserve, foundations giving
    back, or win in the piles); else the general bit-mask one where cards go up
    (`aisle.kit.solver_dead_links`); else the general one."""
    general = DeadEnds(table, wins)
    plain = (general.covered and not general.in_piles and not general.cells and not general.back
             and not table.reserves and all(pick == FACE_UP for pick in general.picks))
    if plain:
        return FaceUpDeadEnds(general)
    return LinkDeadEnds(general, table) if LinkDeadEnds.covers(general) else general

