"""The kit model's dead-end test (`aisle.kit.solver_dead_end`) worked with bit masks, for every
table the general test covers where cards go up but Yukon's (`aisle.kit.solver_dead_face_up`):
Easthaven, Aunt Mary, Agnes, Eight Off, Kansas.

The test is the one `DeadEnds.dead` describes, and it finds the same largest set of links that
hold for good: the links whose card has a way to leave are dropped in any order (each drop only
opens ways, never closes one), so the set left is the same. Each look is a few operations on
integers, a bit per card code, instead of a loop over a pile or a set:

- `covered`: the cards under a held link; `left`: the cards whose own link was dropped;
- a card may be lifted if nothing held lies on it (it is not covered), or if it is face up and
  the card on it may be lifted with it (`liftable`: in sequence on it, where piles move runs;
  any face-up card, where they pick up any face-up card; none, where they give up their top);
- `landing`: the cards a card may go onto, those not covered and not up, or up but able to come
  down again where foundations give cards back (the least set closed under the rule: such a
  card comes down into an empty pile or onto a landing card);
- the ways to leave read off these: onto a landing card, into an empty pile, into a free cell
  or a pile a reserve refills, or up once no lower card of its suit is covered.

The search asks this test at every position it expands, so it is most of the work of a deal
that is proved lost: the general test was half the time of Easthaven's and Aunt Mary's, and
this one answers in about a half (Easthaven) to a third (Aunt Mary) of its time.
"""

from __future__ import annotations

from aisle.kit.solver_card_masks import CardMasks, cards_not_up, going_up, mask_of
from aisle.kit.solver_dead_end import DeadEnds
from aisle.kit.solver_table import DOWN, FACE_UP, RUN, ModelTable, PileRole, Position

#: A pile's cards, its top card, the cards that may be lifted with a held card on them and the
#: cards a reserve refills (as sets), and the card under each of its cards (-1: the table).
_PileFacts = tuple[int, int, int, int, dict[int, int]]
#: Piles remembered at most per role of piles (then all forgotten; each about a kilobyte).
_MOST_PILES = 20_000


class LinkDeadEnds:
    """`DeadEnds.dead` on bit masks (see the module's notes); made only where `covers` says."""

    @staticmethod
    def covers(general: DeadEnds) -> bool:
        """Whether the general test answers at all, and cards go up (not won in the piles)."""
        return general.covered and not general.in_piles

    def __init__(self, general: DeadEnds, table: ModelTable) -> None:
        assert self.covers(general)
        #: Made only for a table the general test covers (as `DeadEnds.covered` tells).
        self.covered = True
        order = general.order
        cards = range(DOWN)
        masks = CardMasks(general)
        self.lying_on, self.lower, self.higher = masks.lying_on, masks.lower, masks.higher
        self.kings, self.above = masks.kings, masks.above
        #: The cards that may come down again once up (none where foundations keep their cards).
        self.returning = mask_of(card for card in cards if not general.stays[card]) if general.back else 0
        self.cells = general.cells
        self.order = order
        #: Each pile's rules and what the test reads off its cards, remembered by role (most
        #: piles are their parent's).
        self._roles = table.role_of_pile
        self._refilled = general.refills
        self._known: dict[int, dict[bytes, _PileFacts]] = {id(rules): {} for rules in table.role_of_pile}

    def dead(self, state: Position) -> bool:
        found, piles = state[1], state[2]
        not_up = cards_not_up(found, self.order, self.above)
        under: dict[int, int] = {}
        in_piles = tops = liftable = refilled = 0
        empties = False
        roles, known = self._roles, self._known
        for number, pile in enumerate(piles):
            if not pile:
                empties = True
                continue
            rules = roles[number]
            facts = known[id(rules)].get(pile)
            if facts is None:
                facts = self._learn(pile, rules, self._refilled[number])
            in_piles |= facts[0]
            tops |= facts[1]
            liftable |= facts[2]
            refilled |= facts[3]
            under.update(facts[4])
        covered = in_piles & ~tops
        if not covered:
            return False
        lower, higher, kings = self.lower, self.higher, self.kings
        #: The cards up that may come down again (see `_landed`).
        returning = self.returning & ~not_up
        landing, goes_onto = self._landed(0, 0, not_up & ~covered | (returning & kings if empties else 0),
                                          returning)
        cells = self.cells
        #: The cards left and, of the top cards, those a lower card of their suit keeps down.
        left = kept_down = 0
        while True:
            able = (in_piles & ~covered | liftable) & ~left
            leaving = able & (goes_onto | (kings if empties else 0))
            free = able & ~covered & ~leaving
            if cells:
                leaving |= free
            else:
                leaving |= free & refilled
                up, kept = going_up(free & ~refilled & ~kept_down, covered, lower)
                leaving |= up
                kept_down |= kept
            if not leaving:
                return True  # (covered is not empty: every way out was looked at)
            left |= leaving
            opened = 0
            emptied = False
            goes_now = goes_onto | (kings if empties else 0)
            while leaving:
                lowest = leaving & -leaving
                leaving ^= lowest
                card = lowest.bit_length() - 1
                # Down the pile while each card uncovered has a way already (fewer rounds).
                while True:
                    below = under[card]
                    if below < 0:
                        emptied |= not empties
                        empties = True
                        break
                    below_bit = 1 << below
                    if not covered & below_bit:
                        break
                    covered ^= below_bit
                    kept_down &= ~higher[below]
                    opened |= below_bit
                    if left & below_bit or not (below_bit & (goes_now | refilled) or cells or (
                            not covered & lower[below])):
                        break  # (one that left already uncovered its own)
                    left |= below_bit
                    card = below
            if not covered:
                return False  # every card may become a top card: nothing left to prove
            opened &= not_up
            if emptied:
                opened |= returning & kings
            if opened & ~landing:
                landing, goes_onto = self._landed(landing, goes_onto, opened & ~landing, returning)

    def _landed(self, landing: int, goes_onto: int, fresh: int, returning: int) -> tuple[int, int]:
        """`landing` and `goes_onto` (the cards that may lie on one of it) with the cards
        `fresh` landed, and the cards `returning` that may then come down onto them, and so on."""
        lying_on = self.lying_on
        while fresh:
            landing |= fresh
            reach = 0
            while fresh:
                lowest = fresh & -fresh
                fresh ^= lowest
                reach |= lying_on[lowest.bit_length() - 1]
            goes_onto |= reach
            fresh = reach & returning & ~landing
        return landing, goes_onto

    def _learn(self, pile: bytes, rules: PileRole, refilled: bool) -> _PileFacts:
        """What the test reads off one pile (see `_PileFacts`)."""
        known = self._known[id(rules)]
        if len(known) >= _MOST_PILES:
            known.clear()
        cards = liftable = 0
        under: dict[int, int] = {}
        below = -1
        pick, links = rules.pick, rules.links
        for index, code in enumerate(pile):
            card = code & ~DOWN
            under[card] = below
            cards |= 1 << card
            if index + 1 < len(pile) and not code & DOWN and (
                    pick == FACE_UP or (pick == RUN and links[pile[index + 1]][card])):
                liftable |= 1 << card
            below = card
        facts = known[pile] = (cards, 1 << below, liftable, cards if refilled else 0, under)
        return facts

