"""The solver's model of open builders: kit games whose cards all lie face up in one role of
piles that give up their top card only (Baker's Dozen, Beleaguered Castle, Streets and Alleys,
Fortress), with four foundations built up by suit and no stock, free cell or reserve. It is the
kit's model (`KitModel`: the same positions, key, actions and cross-check) with moves of its own:
fewer look-ups per position, and fewer moves where the rules show that they cannot be needed.

The moves of `children`, each followed by the safe moves folded in (`aisle.kit.solver_play`):

- a top card up, onto the one foundation that takes it;
- a top card onto another pile's top card it may lie on;
- a top card into an empty pile (the first one: empty piles are alike in the key), unless it is
  its pile's only card;
- a foundation's top card back onto a pile (where foundations give cards back), only when some
  pile's top card, in another pile than the one it goes to, may lie on a card of the
  foundations (see `_descents`).

Why a card need not come down otherwise: take a winning line whose first move brings a card F
down. Nothing else in the line changes while F lies on its pile untouched, so F's move may come
later, right before the first move that needs it down: a card put onto F, the card under F on
its foundation coming down too (the foundation's new top), or F moving on (which makes F's first
move needless). Moves of the first two kinds from foundations need their own card down first in
turn, so in the end some pile's top card goes onto a card come down from the foundations, and
every move before it only brought cards down: it was a top card already, in a pile none of them
went to. So when no pile's top card may lie on any card of the foundations, no card comes down.

Dead ends: the kit's test (`aisle.kit.solver_dead_end`), coarser where foundations give back
every card (`LooseDeadEnds`: each card up may come down again), runs on the start and then only
on a child whose last move put down a card that has nowhere else to go: a position the test
found alive stays alive while that card may leave again, so the rest need no test.

The exhaustive search uses `children` (exact); the hunts use `hunch`, which leaves out moves
that take a card off a card it may lie on without sending anything up, and adds the runs moved
through empty piles in one step (`aisle.kit.solver_super`). Both come best first by an
estimate of the kit's kind with weights of its own (`OpenEstimate`).
"""

from __future__ import annotations

from aisle.kit.model_facts import Autoplay, WinRule
from aisle.kit.remembered import Remembered
from aisle.kit.solver_dead_end import DeadEnds
from aisle.kit.solver_dead_top import TopDeadEnds
from aisle.kit.solver_estimate import Estimate
from aisle.kit.solver_model import KitModel, KitRules, Step
from aisle.kit.solver_table import DOWN, FACE_UP_CODES, TOP, ModelTable, Position

#: A move between places: (source place, count, target place).
Shift = tuple[int, int, int]
_NONE: list[int] = []
#: The estimate's weights where they are not the kit's (`aisle.kit.solver_estimate`): each card
#: lying above a lower card of its own suit, and each card lying above a card the foundations
#: take next. Weighed more, the hunts won Baker's Dozen deal 1 and Beleaguered Castle deal 7,
#: which the kit's weights (2 and 2) left undecided in 10 seconds.
BLOCKING = 8
NEXT = 3


class LooseDeadEnds(DeadEnds):
    """The kit's dead-end test (`aisle.kit.solver_dead_end`), where foundations give back every
    card, with each card up taken as one that may come down again wherever it may lie: a coarser
    test than the kit's (it sees fewer dead ends, never one that is not), and far cheaper, since
    it need not look again at every link each time a card may come down somewhere new."""

    def __init__(self, table: ModelTable) -> None:
        super().__init__(table, WinRule.HOME)
        #: Whether every card up may come back into play (the coarser test applies).
        self.loose = self.back and not any(self.stays[code] for code in FACE_UP_CODES)
        if self.loose:
            self.back = False
        self._empty = bytes(len(table.foundations))
        #: The same test with bit masks where the piles give up their top card only, with no
        #: free cells nor reserve (`aisle.kit.solver_dead_top`): several times faster.
        self._top = (TopDeadEnds(self) if self.loose and self.covered and not self.cells
                     and all(pick == TOP for pick in self.picks) and not any(self.refills) else None)

    def dead(self, state: Position) -> bool:
        if self._top is not None:
            return self._top.dead(state)
        if self.loose:  # foundations read as empty: every card up may be lain on again
            state = (state[0], self._empty, *state[2:])
        return super().dead(state)


class OpenEstimate(Estimate):
    """The kit's estimate on a table with piles and foundations only, with weights of its own
    (see `BLOCKING` and `NEXT`): every card is in sight, and the cards in the way are what costs
    moves."""

    blocking = BLOCKING

    def estimate(self, state: Position) -> int:
        # Piles and foundations only: the kit's sum without cells, stock and waste.
        return sum(map(self._costs.__getitem__, state[2])) + NEXT * self.next_depth(state)


class OpenModel(KitModel):
    """An open builder's table for the solver (see the module's notes)."""

    @staticmethod
    def covers(rules: KitRules, start: Position) -> bool:
        """Whether the model plays these rules from this start (see the module's notes)."""
        table = rules.table
        if (rules.wins is not WinRule.HOME or len(table.groups) != 1 or table.cells or table.reserves
                or table.stock_role is not None or table.waste_place is not None or table.decks != 1
                or not table.found_follows
                or len(table.foundations) != 4 or table.autoplay is not Autoplay.NONE):
            return False
        piles = table.groups[0][0]
        return (piles.pick == TOP and piles.builds and not piles.reserve
                and not any(code & DOWN for pile in start[2] for code in pile))

    def __init__(self, rules: KitRules, start: Position) -> None:
        super().__init__(rules, start)
        table = rules.table
        self.dead = self._dead_ends = LooseDeadEnds(table)
        self._estimate = OpenEstimate(table).estimate
        #: The order of `children`: where empty piles take nothing (Baker's Dozen), the kit's
        #: estimate, by which the exhaustive search met the wins of deals 6, 7 and 20 within the
        #: 10 seconds that the open estimate's order did not (the hunts keep the open estimate).
        self._order_by = self._estimate if self.runs.active else rules.estimator.estimate
        pile_rules = table.role_of_pile[0]
        self._onto = pile_rules.onto
        self._starts = pile_rules.empty
        self._pile_at = table.piles
        self._pile_index = {place: index for index, place in enumerate(table.piles)}
        self._found_at = table.foundations
        self._gives_back = table.gives_back
        self._stays = table.found_rules[0].stays
        #: Each card's place in its suit's climb (1: the first card up).
        first = table.first
        self._order = [((code & 15) - first) % 13 + 1 if code in FACE_UP_CODES else 0
                       for code in range(0x80)]
        #: found row -> each card the foundations take -> the foundation's place.
        self._up_to: Remembered[bytes, dict[int, int]] = Remembered(self._ups_of, most=20_000)
        #: found row -> each suit's height on the foundations.
        self._heights: Remembered[bytes, list[int]] = Remembered(self._heights_of, most=20_000)
        #: found row -> the cards whose top card may lie on a card of the foundations.
        self._on_found: Remembered[bytes, frozenset[int]] = Remembered(self._on_found_of, most=20_000)

    # -- the moves ------------------------------------------------------------------------------
    def moves(self, state: Position) -> list[Shift]:
        """The moves worth trying (see the module's notes), ups first."""
        found, piles = state[1], state[2]
        onto, starts, pile_at = self._onto, self._starts, self._pile_at
        tops: dict[int, list[int]] = {}
        first_empty = -1
        for index, pile in enumerate(piles):
            if pile:
                tops.setdefault(pile[-1], []).append(index)
            elif first_empty < 0:
                first_empty = index
        up_to = self._up_to[found]
        ups: list[Shift] = []
        builds: list[Shift] = []
        to_empty: list[Shift] = []
        for index, pile in enumerate(piles):
            if not pile:
                continue
            card = pile[-1]
            source = pile_at[index]
            target = up_to.get(card)
            if target is not None:
                ups.append((source, 1, target))
            for below in onto[card]:
                for other in tops.get(below, _NONE):
                    if other != index:
                        builds.append((source, 1, pile_at[other]))
            if first_empty >= 0 and len(pile) > 1 and starts[card]:
                to_empty.append((source, 1, pile_at[first_empty]))
        moves = ups + builds + to_empty
        if self._gives_back:
            moves += self._descents(found, piles, tops, first_empty)
        return moves

    def _descents(self, found: bytes, piles: tuple[bytes, ...], tops: dict[int, list[int]],
                  first_empty: int) -> list[Shift]:
        """The foundations' top cards back onto the piles, where a pile's top card may then
        follow them (see the module's notes)."""
        on_found = self._on_found[found]
        hungry = [index for index, pile in enumerate(piles) if pile and pile[-1] in on_found]
        if not hungry:
            return []
        onto, stays, pile_at = self._onto, self._stays, self._pile_at
        moves: list[Shift] = []
        for place, top in zip(self._found_at, found, strict=True):
            if not top or stays[top]:
                continue
            for below in onto[top]:
                for other in tops.get(below, _NONE):
                    if len(hungry) > 1 or hungry[0] != other:
                        moves.append((place, 1, pile_at[other]))
            if first_empty >= 0 and self._starts[top]:
                moves.append((place, 1, pile_at[first_empty]))
        return moves

    def _ups_of(self, found: bytes) -> dict[int, int]:
        up_to: dict[int, int] = {}
        takes = self.table.takes
        for index, top in enumerate(found):
            for card in takes[index][top]:
                up_to.setdefault(card, self._found_at[index])
        return up_to

    def _heights_of(self, found: bytes) -> list[int]:
        heights = [0, 0, 0, 0]
        for top in found:
            if top:
                heights[top >> 4] = self._order[top]
        return heights

    def _on_found_of(self, found: bytes) -> frozenset[int]:
        order, heights = self._order, self._heights[found]
        up = {code for code in FACE_UP_CODES if order[code] <= heights[code >> 4]}
        return frozenset(card for card in FACE_UP_CODES if not up.isdisjoint(self._onto[card]))

    # -- what the searches ask ------------------------------------------------------------------
    def children(self, state: Position) -> list[tuple[Step, Position]]:
        start = state is self._start
        if start:
            if self.dead.dead(state):
                return []
            waiting = self.play.pending(state)
            if waiting is not None:
                step = (*waiting, 0)
                return [(step, self._after(state, step, True))]
        after, testing = self._after, self.dead.covered
        kids = []
        for move in self.moves(state):
            step = (*move, 0)
            child = after(state, step, start)
            if testing and move[2] in self._pile_index and self._stuck(child, self._pile_index[move[2]]):
                continue  # a dead end: none of its lines wins
            kids.append((step, child))
        estimate = self._order_by
        kids.sort(key=lambda kid: estimate(kid[1]))
        return kids

    def _stuck(self, child: Position, index: int) -> bool:
        """Whether the dead-end test finds `child` dead, where the last move put a card onto
        pile `index` of a position the test found alive (so the children of a position need no
        test of their own). Only the card put down may have made the position dead: when it may
        leave again, onto another pile's top card or (where every card up may come down) a card
        up, the test would find what it found before, so it is not run."""
        pile = child[2][index]
        if not pile:
            return False
        card = pile[-1]
        tops = {top[-1] for number, top in enumerate(child[2]) if top and number != index}
        loose = self._dead_ends.loose
        order, heights = self._order, self._heights[child[1]]
        for target in self._onto[card]:
            if target in tops or (loose and order[target] <= heights[target >> 4]):
                return False
        return self.dead.dead(child)

    def hunch(self, state: Position) -> list[tuple[Step, Position]]:
        """`children`, less the moves that take a card off a card it may lie on without sending
        anything up (it lies as well where it is), and with the runs moved through empty piles
        in one step."""
        found, piles, onto, index_of = state[1], state[2], self._onto, self._pile_index
        kids = []
        for step, child in self.children(state):
            index = index_of.get(step[0])
            if index is not None and child[1] == found:
                pile = piles[index]
                if len(pile) > 1 and pile[-2] in onto[pile[-1]]:
                    continue
            kids.append((step, child))
        if self.runs.active and kids:
            after = self._after
            runs = [((*move, 0), after(state, (*move, 0), False)) for move in self.runs.moves(state)]
            if runs:
                estimate = self._estimate
                kids = sorted(kids + runs, key=lambda kid: estimate(kid[1]))
        return kids
