"""Positions of a kit game that can never be won, found by a test that follows from the rules
alone (so a LOST verdict stays a proof).

Call a card's lying on the one below it a link, and a pile's bottom card lying on the table a
link too. Take a set of links, and suppose each of them holds for good as long as all of them
do. Look at the first moment one of them breaks; until then all the others hold. Its card W is
then lifted off the card below it (with what lies on it, where the pile lets it: a face-down
card only once it is the top card, so never while a link of the set holds on it), and goes

- onto the top card of a pile that W may lie on: a card that is not up, nor held under a link
  of the set (it would not be a top card); or, where foundations give cards back, a card up
  that may come down again onto such a card (or onto one that may come down in turn), or into
  an empty pile;
- up, being the top card, if no lower card of its suit is held under a link of the set (each
  of those must go up first);
- into a free cell or (a reserve's card) into a pile the reserve refills, being the top card;
- into an empty pile, if it may start one and some pile is empty or may be emptied, that is,
  its bottom card's link is not in the set.

If no card of the set has such a way, the set is safe to assume: none of its links ever breaks.
The largest such set is found by starting from all links and dropping the links whose card has
a way, until none is left to drop. A card left under a link of it never becomes a top card, so
it never goes up: the position is lost. (Klondike's known dead deals are of this kind: a red
Jack face down on both black Queens.) In a game won with whole suits in the piles (Scorpion),
where nothing goes up, the position is lost when a link left joins a card to one it must not
end on: every card must end on the card of its suit one rank higher, and a King on the table.

Covered: one deck, and four foundations built up by suit one card at a time, whether or not
they give cards back (every card must go up alone, as a top card, to win), or none (whole
suits in piles);
not where any card may start an empty pile (the test seldom finds anything there).
"""

from __future__ import annotations

from aisle.kit.build import Direction
from aisle.kit.model_facts import WinRule
from aisle.kit.solver_table import DOWN, RUN, SINGLE, TOP, ModelTable, Position


class DeadEnds:
    """The test of one table (see the module's notes)."""

    def __init__(self, table: ModelTable, wins: WinRule) -> None:
        rules = table.found_rules
        #: Whether the game is won with whole suits in the piles (and no foundations).
        self.in_piles = wins is WinRule.SUITS_IN_PILES and not rules
        self.covered = table.decks == 1 and (self.in_piles or (
            wins is WinRule.HOME and table.found_follows and len(rules) == 4
            and rules[0].role.build.direction is Direction.UP
            and not any(r.lift_runs or r.whole_runs for r in rules)))
        tableau = [rules for rules, _ in table.groups if not rules.reserve]
        # Where any card may start an empty pile (FreeCell), a link holds only while no pile can
        # ever be emptied: the test costs far more than it finds there. Canfield too (a reserve
        # refills its piles): with the test made to cover it, and a reserve's card let into a
        # pile only once some pile may be emptied, it found no dead end in searches of deals 4,
        # 6, 15, 30 and 40 (tens of thousands of positions, lost deals among them).
        self.covered &= not any(all(rules.empty[code] for code in range(1, 14)) for rules in tableau)
        #: onto[code]: the cards a card may lie on in any pile; free[code]: whether it may start
        #: an empty pile.
        self.onto = [tuple(sorted({onto for rules in tableau for onto in rules.onto[code]}))
                     for code in range(0x80)]
        self.free = [any(rules.empty[code] for rules in tableau) for code in range(0x80)]
        #: Each card's place in its suit's climb up a foundation (1 = first up).
        first = table.first
        self.order = [((code & 15) - first) % 13 + 1 if 0 < code & 15 <= 13 else 0
                      for code in range(0x80)]
        #: For each card: the lower cards of its suit (up before it), and the cards that wait
        #: for it (those that may lie on it, and the higher cards of its suit).
        self.lower = [frozenset(other for other in range(0x40)
                                if other >> 4 == code >> 4 and 0 < self.order[other] < self.order[code])
                      for code in range(0x80)]
        self.wanting = [tuple(other for other in range(0x40)
                              if code in self.onto[other] or code in self.lower[other])
                        for code in range(0x80)]
        self.cells = bool(table.open_cells)
        #: stays[code]: whether the card, once up, stays there (else it may come down again and
        #: take a card on it).
        self.stays = rules[0].stays if rules else [True] * 0x80
        self.back = table.gives_back
        self.picks = [rules.pick for rules in table.role_of_pile]
        self.sequences = [rules.links for rules in table.role_of_pile]
        self.refills = [rules.reserve and bool(table.refill_from) for rules in table.role_of_pile]
        #: final[below][card]: whether a won game may keep the card on that one (0: the table):
        #: in sequence under the piles' rule, or a King on the table.
        sequence = tableau[0].links if tableau else [[False] * 0x80 for _ in range(0x80)]
        self.final = [[card & 15 == 13 if below == 0 else sequence[card][below] for card in range(0x80)]
                      for below in range(0x80)]

    def dead(self, state: Position) -> bool:
        """Whether some link holds for good (see the module's notes)."""
        found, piles = state[1], state[2]
        if not self.covered or any(len(pile) > 63 for pile in piles):
            return False  # (a pile of 64 cards would not fit the links' numbering: no answer)
        order, onto, free, lower, wanting = self.order, self.onto, self.free, self.lower, self.wanting
        heights = [0, 0, 0, 0]
        for top in found:
            if top:
                heights[top >> 4] = order[top]
        # A link is named by its pile's number * 64 + the card's index in the pile.
        #: held[link]: whether it still holds (index 0: the pile's bottom card's, to the table);
        #: parked[link]: looked at and held, to be looked at again when what it waits on changes.
        held = bytearray(64 * len(piles))
        parked = bytearray(64 * len(piles))
        #: The cards under a held link, and where each card lies (-1: in no pile).
        covered: set[int] = set()
        at = [-1] * 0x40
        waiting: list[int] = []
        for number, pile in enumerate(piles):
            base = number << 6
            for index, code in enumerate(pile):
                at[code & ~DOWN] = base + index
                held[base + index] = 1
            covered.update(code & ~DOWN for code in pile[:-1])
            # Each pile's highest card first: a pile comes apart from its top.
            waiting += range(base, base + len(pile))
        empties = not all(piles)
        kings: list[int] = []
        back = self.back
        #: Where cards come back down: the links parked since the last change, and which cards
        #: up may come down (both renewed whenever a card is uncovered or a pile may be emptied).
        resting: list[int] = []
        down: dict[int, bool] = {}
        cells, refills, picks, sequences = self.cells, self.refills, self.picks, self.sequences
        up = not self.in_piles
        while waiting:
            link = waiting.pop()
            number, index = link >> 6, link & 63
            pile = piles[number]
            code = pile[index]
            card = code & ~DOWN
            held_on = index + 1 < len(pile) and held[link + 1]
            if held_on:
                pick = picks[number]
                if code & DOWN or pick in (TOP, SINGLE) or (
                        pick == RUN and not sequences[number][pile[index + 1]][card]):
                    parked[link] = 1  # never lifted while the link on it holds
                    continue
            leaves = (free[card] and empties) or (not held_on and (cells or refills[number] or (
                up and covered.isdisjoint(lower[card]))))
            if not leaves:
                for target in onto[card]:
                    if target not in covered and (order[target] > heights[target >> 4] or (
                            back and self._comes_down(target, covered, heights, empties, down))):
                        leaves = True
                        break
                else:
                    parked[link] = 1
                    if back:
                        resting.append(link)
                    if free[card]:
                        kings.append(link)  # looked at again once a pile may be emptied
                    continue
            held[link] = 0
            if index:
                uncovered = pile[index - 1] & ~DOWN
                covered.discard(uncovered)
                if up and not covered:
                    return False  # every card may become a top card: nothing left to prove
                if parked[link - 1]:
                    parked[link - 1] = 0
                    waiting.append(link - 1)
                for other in wanting[uncovered]:
                    where = at[other]
                    if where >= 0 and parked[where]:
                        parked[where] = 0
                        waiting.append(where)
            elif not empties:
                empties = True
                for king in kings:
                    if parked[king]:
                        parked[king] = 0
                        waiting.append(king)
            if back:  # a card up may now come down where it could not: look at all again
                down.clear()
                for other in resting:
                    if parked[other]:
                        parked[other] = 0
                        waiting.append(other)
                resting.clear()
        if up:
            return bool(covered)
        # Whole suits in the piles: a link may hold for good if it is one the win keeps.
        final = self.final
        return any(held[number << 6 | index]
                   and not final[pile[index - 1] & ~DOWN if index else 0][pile[index] & ~DOWN]
                   for number, pile in enumerate(piles) for index in range(len(pile)))

    def _comes_down(self, card: int, covered: set[int], heights: list[int], empties: bool,
                    down: dict[int, bool]) -> bool:
        """Whether `card`, up on a foundation that gives cards back, may come down again where
        a card may lie on it: into an empty pile, or onto a top card that is not up, or that
        may come down in turn (`down` remembers the answers while nothing changes)."""
        known = down.get(card)
        if known is not None:
            return known
        found = not self.stays[card] and (
            (self.free[card] and empties) or any(
                target not in covered and (self.order[target] > heights[target >> 4] or self._comes_down(
                    target, covered, heights, empties, down)) for target in self.onto[card]))
        down[card] = found
        return found
