"""Runs moved through empty piles as one step, for kit games whose piles give up one card at a
time but take any card when empty (Streets and Alleys, Beleaguered Castle, Fortress).

There a run of cards that lie in sequence can still travel: its top cards are parked in the
empty piles and built back on top once its lower cards moved, as in the towers of Hanoi. With k
empty piles besides the target, 2**k cards travel that way: half of them go into one empty pile
(with the k - 1 others), the other half onto the target (with the same k - 1), and the first half
after them. Such a step adds nothing the single moves cannot reach, so the search stays exact; it
only lets the hunts take in one step what would take them many.

Covered: one role of alike tableau piles that give up their top card only, build on cards and
take any card when empty; no free cells, reserve, stock or autoplay (a card uncovered on the way
would go up by itself in the engine, in the middle of the step).
"""

from __future__ import annotations

from aisle.kit.model_facts import Autoplay
from aisle.kit.solver_table import DOWN, FACE_UP_CODES, PILE, TOP, ModelTable, PileRole, Position

#: A run's move: (source place, count, target place).
RunMove = tuple[int, int, int]


class SuperMoves:
    """The run moves of one table, when it is covered (see the module's notes)."""

    def __init__(self, table: ModelTable) -> None:
        self.table = table
        tableau = [rules for rules, _ in table.groups if not rules.reserve]
        self.rules: PileRole | None = None
        if (len(table.groups) == 1 and len(tableau) == 1 and not table.open_cells and not table.reserves
                and table.stock_role is None and table.autoplay is Autoplay.NONE):
            rules = tableau[0]
            if rules.pick == TOP and rules.builds and all(rules.empty[code] for code in FACE_UP_CODES):
                self.rules = rules
        #: on[upper][lower]: whether `upper` may lie on `lower` (so a run may be built again).
        self.on = [[False] * 0x80 for _ in range(0x80)]
        if self.rules is not None:
            for upper in FACE_UP_CODES:
                for lower in self.rules.onto[upper]:
                    self.on[upper][lower] = True

    @property
    def active(self) -> bool:
        return self.rules is not None

    def moves(self, state: Position) -> list[RunMove]:
        """Every run of two cards or more that may travel onto a card, or into an empty pile
        (but not a whole pile: that gains nothing), longest first."""
        piles = state[2]
        table, on = self.table, self.on
        places = table.piles
        empty = [index for index, pile in enumerate(piles) if not pile]
        if not empty:
            return []
        onto_card = 1 << len(empty)
        onto_empty = 1 << (len(empty) - 1)
        tops: dict[int, list[int]] = {}
        for index, pile in enumerate(piles):
            if pile and pile[-1] < DOWN:
                tops.setdefault(pile[-1], []).append(index)
        found: list[tuple[int, RunMove]] = []
        onto = self.rules.onto if self.rules is not None else ()
        for index, pile in enumerate(piles):
            count = 1
            while (count < len(pile) and count < onto_card and not pile[-count - 1] & DOWN
                   and on[pile[-count]][pile[-count - 1]]):
                count += 1
                card = pile[-count]
                for below in onto[card]:
                    for target in tops.get(below, ()):
                        if target != index:
                                found.append((-count, (places[index], count, places[target])))
                if count <= onto_empty and count < len(pile):
                    found.append((-count, (places[index], count, places[empty[0]])))
        found.sort(key=_first)
        return [move for _, move in found]

    def singles(self, state: Position, move: RunMove) -> list[tuple[int, int]]:
        """The single moves (source place, target place) that make the run's move."""
        source, count, target = move
        where, piles, places = self.table.where, state[2], self.table.piles
        spare = [places[index] for index, pile in enumerate(piles)
                 if not pile and places[index] != target]
        assert where[source][0] == PILE and count <= 1 << len(spare)
        return _through(count, source, target, spare)


def _through(count: int, source: int, target: int, spare: list[int]) -> list[tuple[int, int]]:
    """Moves of `count` cards from `source` to `target`, one at a time, with the empty piles
    `spare` (left empty again at the end)."""
    if count == 1:
        return [(source, target)]
    parked = count // 2
    rest = spare[1:]
    return (_through(parked, source, spare[0], rest) + _through(count - parked, source, target, rest)
            + _through(parked, spare[0], target, rest))


def _first(item: tuple[int, RunMove]) -> int:
    return item[0]
