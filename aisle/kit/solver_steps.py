"""The moves of a kit game's position, on the solver model's positions: every move the engine
allows (`Listing.legal`, for the cross-check), and the ones worth trying (`Listing.steps`).

`steps` leaves out only moves whose position another listed move reaches with the same key
(free cells and alike piles are sorted in the key, see `KitModel.key`): a card from one free
cell to another, into any free cell but the first empty one, into any empty pile of a role but
its first, onto a second foundation alike to the first, and a whole pile into an empty pile of
its own role. So the search stays exact. The rest comes best first: cards up, then onto other
cards (longer runs first), then into an empty pile, then into a free cell, then the stock.
"""

from __future__ import annotations

from collections.abc import Callable

from aisle.kit.moves import capacity
from aisle.kit.solver_play import DEAL, Shift
from aisle.kit.solver_table import DOWN, PILE, SINGLE, ModelTable, PileRole, Position

_NONE: list[int] = []
#: Piles whose movable count is remembered at most (then forgotten and worked out again).
_MOST_PILES = 200_000
#: Foundation rows whose takers are remembered at most (each a small dict: about a kilobyte).
_MOST_ROWS = 20_000
#: Piles of one role by top card, the role's first empty pile, and whether its piles are alike.
_Group = tuple[PileRole, dict[int, list[int]], int, bool, tuple[int, ...]]


class Listing:
    """The moves of one table's positions (see the module's notes)."""

    def __init__(self, table: ModelTable) -> None:
        self.table = table
        #: Whether the piles of each role are alike (no stock deals onto them by their places).
        self.alike = [not rules.reserve and not any(index in table.dealt_onto for index in piles)
                      for rules, piles in table.groups]
        self.tableau_groups = [(rules, piles) for rules, piles in table.groups if not rules.reserve]
        #: The sources a card may come from besides piles: free cells, the waste, foundations
        #: that give cards back.
        self.giving = [index for index, rules in enumerate(table.found_rules) if rules.give_back]
        #: The piles' one role, when the table is the common kind (see `_simple_steps`).
        plain_up = all(not (r.give_back or r.lift_runs or r.whole_runs) for r in table.found_rules)
        self.simple = (table.groups[0][0] if len(table.groups) == 1 and self.alike[0] and plain_up
                       and table.groups[0][0].pick != SINGLE else None)
        #: (index in a position's cells, place) of the free cells that take cards.
        self.open_cells = [(index, place) for index, place in enumerate(table.cells)
                           if place in table.open_cells]
        #: How many cards may be picked up from a pile, by its cards.
        self._most: dict[bytes, int] = {}
        #: The kinds of foundation that take each card, by the foundations' tops (`_up_kinds`).
        self._kinds: dict[bytes, dict[int, list[tuple[int, ...]]]] = {}

    # -- what the engine allows ---------------------------------------------------------------
    def can_deal(self, state: Position) -> bool:
        table = self.table
        role = table.stock_role
        if role is None:
            return False
        stock, waste, passes = state[3], state[4], state[5]
        if stock:
            if table.deal_waits is not None and table.deal_waits(state):
                return False
            return not (table.fill_first and any(not state[2][index] for index in table.dealt_onto))
        return (not table.dealt_onto and bool(waste)
                and (role.passes is None or passes + 1 < role.passes))

    def _sources(self, state: Position) -> list[tuple[int, bytes, int]]:
        """(place, its cards, how many may be picked up) for every place cards may leave."""
        table = self.table
        cells, found, piles = state[0], state[1], state[2]
        sources: list[tuple[int, bytes, int]] = []
        for place, code in zip(table.cells, cells, strict=True):
            if code:
                sources.append((place, bytes((code,)), 1))
        if table.waste_place is not None and state[4]:
            sources.append((table.waste_place, state[4], 1))
        for index in self.giving:
            top = found[index]
            if top and not table.found_rules[index].stays[top]:
                sources.append((table.foundations[index], bytes((top,)), 1))
        for index, pile in enumerate(piles):
            most = table.role_of_pile[index].movable(pile)
            if most:
                sources.append((table.piles[index], pile, most))
        return sources

    def legal(self, state: Position) -> list[Shift]:
        """Every move the engine allows, and the click on the stock when it is allowed."""
        table = self.table
        cells, found, piles = state[0], state[1], state[2]
        free = [place for index, place in self.open_cells if not cells[index]]
        empty = sum(1 for index in range(len(table.tableau))
                    if not piles[index] and table.role_of_pile[index].spare)
        room, room_empty = capacity(len(free), empty, False), capacity(len(free), empty, True)
        steps: list[Shift] = []
        for source, cards, most in self._sources(state):
            top = cards[-1]
            for count in range(1, most + 1):
                card = cards[-count]
                targets: list[int] = []
                for index, up in enumerate(table.found_rules):
                    if up.whole_runs:
                        if count == 13 and not found[index] and up.whole_run(cards):
                            targets.append(table.foundations[index])
                    elif (count == 1 or up.lift_runs) and top in up.takes[found[index]]:
                        targets.append(table.foundations[index])
                if count == 1:
                    targets += free
                for rules, indexes in self.tableau_groups:
                    for index in indexes:
                        pile = piles[index]
                        if rules.by_space and count > (room if pile else room_empty):
                            continue
                        if pile:
                            if pile[-1] < DOWN and pile[-1] in rules.onto[card]:
                                targets.append(table.piles[index])
                        elif rules.empty[card] or (rules.waste_fills and source == table.waste_place):
                            targets.append(table.piles[index])
                steps += [(source, count, target) for target in sorted(targets) if target != source]
        if self.can_deal(state):
            steps.append(DEAL)
        return steps

    # -- what the search tries ----------------------------------------------------------------
    def steps(self, state: Position, waste: bool = True) -> list[Shift]:
        """The moves worth trying, best first (see the module's notes); without `waste`, none
        from the waste and no click on the stock (the model's stock cycle has those)."""
        if self.simple is not None:
            return self._simple_steps(state, self.simple, waste)
        return self._steps(state, waste)

    def waste_steps(self, state: Position) -> list[Shift]:
        """The moves worth trying of the waste's top card, best first."""
        waste = state[4]
        if not waste or self.table.waste_place is None:
            return []
        return self.waste_card_steps(state)(waste[-1])

    def waste_card_steps(self, state: Position) -> Callable[[int], list[Shift]]:
        """`waste_steps` for any card the stock may bring to the top of the waste, with the
        piles, cells and foundations of `state`: the look-ups are made once for all of them."""
        table = self.table
        source = table.waste_place
        assert source is not None
        cells, piles = state[0], state[2]
        kinds = self._up_kinds(state[1])
        #: For each pile role: its rules, and (place, top card or 0 for an empty pile it may
        #: start) for the piles a card may go to, in place order.
        groups: list[tuple[PileRole, list[tuple[int, int]]]] = []
        for (rules, indexes), alike in zip(table.groups, self.alike, strict=True):
            if rules.reserve:
                continue
            places: list[tuple[int, int]] = []
            empty_seen = False
            for index in indexes:
                pile = piles[index]
                if pile:
                    if pile[-1] < DOWN:
                        places.append((table.piles[index], pile[-1]))
                elif not (empty_seen and alike):
                    empty_seen = True
                    places.append((table.piles[index], 0))
            groups.append((rules, places))
        free = next((place for index, place in self.open_cells if not cells[index]), None)

        def steps(card: int) -> list[Shift]:
            found = [(source, 1, kind[0]) for kind in kinds.get(card, ())]
            for rules, places in groups:
                onto, starts = rules.onto[card], rules.empty[card] or rules.waste_fills
                found += [(source, 1, place) for place, top in places
                          if (top in onto if top else starts)]
            if free is not None:
                found.append((source, 1, free))
            return found
        return steps

    def _simple_steps(self, state: Position, rules: PileRole, with_waste: bool) -> list[Shift]:
        """`steps` for the common table: one role of alike piles, no reserve, foundations that
        take one card at a time and keep it (the same moves, fewer look-ups)."""
        table = self.table
        cells, found, piles = state[0], state[1], state[2]
        found_at, pile_at, cell_at = table.foundations, table.piles, table.cells
        onto, starts, most_of = rules.onto, rules.empty, self._most
        up_to: dict[int, int] = {}
        for index, top in enumerate(found):
            for card in table.takes[index][top]:
                if card not in up_to:
                    up_to[card] = found_at[index]
        free_cell, free = -1, 0
        for index, place in self.open_cells:
            if not cells[index]:
                free += 1
                if free_cell < 0:
                    free_cell = place
        tops: dict[int, list[int]] = {}
        first_empty, empty = -1, 0
        for index, pile in enumerate(piles):
            if pile:
                if pile[-1] < DOWN:
                    tops.setdefault(pile[-1], []).append(pile_at[index])
            else:
                empty += 1
                if first_empty < 0:
                    first_empty = pile_at[index]
        if rules.by_space:
            spare = empty if rules.spare else 0
            room, room_empty = capacity(free, spare, False), capacity(free, spare, True)
        else:
            room = room_empty = 1 << 30
        if first_empty < 0:
            room_empty = 0
        ups: list[Shift] = []
        builds: list[tuple[int, Shift]] = []
        to_empty: list[Shift] = []
        to_cells: list[Shift] = []
        singles = [(cell_at[index], code) for index, code in enumerate(cells) if code]
        waste = state[4]
        if waste and table.waste_place is not None and with_waste:
            singles.append((table.waste_place, waste[-1]))
        for source, card in singles:
            target = up_to.get(card)
            if target is not None:
                ups.append((source, 1, target))
            for below in onto[card]:
                for target in tops.get(below, _NONE):
                    builds.append((-1, (source, 1, target)))
            if room_empty and (starts[card] or (rules.waste_fills and source == table.waste_place)):
                to_empty.append((source, 1, first_empty))
            if free_cell >= 0 and source not in cell_at:
                to_cells.append((source, 1, free_cell))
        for index, pile in enumerate(piles):
            if not pile or pile[-1] & DOWN:
                continue
            source = pile_at[index]
            card = pile[-1]
            target = up_to.get(card)
            if target is not None:
                ups.append((source, 1, target))
            if free_cell >= 0:
                to_cells.append((source, 1, free_cell))
            most = most_of.get(pile)
            if most is None:
                most = self._learn_most(pile, rules)
            length = len(pile)
            for count in range(1, most + 1):
                card = pile[-count]
                if count <= room:
                    for below in onto[card]:
                        for target in tops.get(below, _NONE):
                            if target != source:
                                builds.append((-count, (source, count, target)))
                if count <= room_empty and starts[card] and count != length:
                    to_empty.append((source, count, first_empty))
        builds.sort(key=_first)
        steps = ups + [step for _, step in builds] + to_empty + to_cells
        if with_waste and table.stock_role is not None and self.can_deal(state):
            steps.append(DEAL)
        return steps

    def _learn_most(self, pile: bytes, rules: PileRole) -> int:
        if len(self._most) >= _MOST_PILES:
            self._most.clear()
        most = self._most[pile] = rules.movable(pile)
        return most

    def _steps(self, state: Position, with_waste: bool) -> list[Shift]:
        """`steps` for any table."""
        table = self.table
        cells, piles = state[0], state[2]
        free_cell = -1
        free = 0
        for index, place in self.open_cells:
            if not cells[index]:
                free += 1
                if free_cell < 0:
                    free_cell = place
        groups: list[_Group] = []
        empty = 0
        for (rules, indexes), alike in zip(table.groups, self.alike, strict=True):
            if rules.reserve:
                continue
            tops: dict[int, list[int]] = {}
            first_empty = -1
            for index in indexes:
                pile = piles[index]
                if pile:
                    if pile[-1] < DOWN:
                        tops.setdefault(pile[-1], []).append(index)
                else:
                    empty += rules.spare
                    if first_empty < 0:
                        first_empty = index
            groups.append((rules, tops, first_empty, alike, indexes))
        room = capacity(free, empty, False)
        room_empty = capacity(free, empty, True)
        pile_at, cell_places = table.piles, table.cells
        ups: list[Shift] = []
        builds: list[tuple[int, Shift]] = []
        to_empty: list[Shift] = []
        to_cells: list[Shift] = []
        for source, cards, most in self._sources(state):
            if source == table.waste_place and not with_waste:
                continue
            ups += self._ups(state, source, cards, most)
            if free_cell >= 0 and source not in cell_places:
                to_cells.append((source, 1, free_cell))
            part, at = table.where[source]
            whole_role = table.role_of_pile[at] if part == PILE and len(cards) == most else None
            for count in range(1, most + 1):
                card = cards[-count]
                for rules, tops, first_empty, alike, indexes in groups:
                    if rules.by_space and count > room:
                        continue
                    for onto in rules.onto[card]:
                        for index in tops.get(onto, _NONE):
                            target = pile_at[index]
                            if target != source:
                                builds.append((-count, (source, count, target)))
                    starts = rules.empty[card] or (rules.waste_fills and source == table.waste_place)
                    if first_empty < 0 or not starts or (rules.by_space and count > room_empty):
                        continue
                    if not alike:
                        to_empty += [(source, count, pile_at[index]) for index in indexes
                                     if not piles[index] and pile_at[index] != source]
                    elif not (count == len(cards) and whole_role is rules):
                        to_empty.append((source, count, pile_at[first_empty]))
        builds.sort(key=_first)
        steps = ups + [step for _, step in builds] + to_empty + to_cells
        if with_waste and self.can_deal(state):
            steps.append(DEAL)
        return steps

    def _ups(self, state: Position, source: int, cards: bytes, most: int) -> list[Shift]:
        """The moves of a source's cards onto foundations, one onto each kind of foundation
        (foundations of one role with the same top card are alike)."""
        table = self.table
        found = state[1]
        top = cards[-1]
        ups: list[Shift] = []
        if table.whole_runs and most >= 13:
            seen: set[int] = set()
            for index, rules in enumerate(table.found_rules):
                role, target = table.found_role[index], table.foundations[index]
                if (rules.whole_runs and role not in seen and not found[index] and target != source
                        and rules.whole_run(cards)):
                    seen.add(role)
                    ups.append((source, 13, target))
        for kind in self._up_kinds(found).get(top, ()):
            # the first foundation of the kind that is not the source itself
            onto = next((place for place in kind if place != source), None)
            if onto is None:
                continue
            ups.append((source, 1, onto))
            if table.found_rules[table.where[onto][1]].lift_runs:
                ups += [(source, count, onto) for count in range(most, 1, -1)]
        return ups

    def _up_kinds(self, found: bytes) -> dict[int, list[tuple[int, ...]]]:
        """For the foundations' tops `found`: each card code -> the kinds of foundation that
        take it, each kind its foundations' places in order (remembered by `found`: most
        positions share their parent's foundations)."""
        kinds = self._kinds.get(found)
        if kinds is not None:
            return kinds
        if len(self._kinds) >= _MOST_ROWS:
            self._kinds.clear()
        table = self.table
        alike: dict[tuple[int, int], list[int]] = {}
        for index, rules in enumerate(table.found_rules):
            if not rules.whole_runs:
                alike.setdefault((table.found_role[index], found[index]), []).append(index)
        kinds = {}
        for indexes in alike.values():
            places = tuple(table.foundations[index] for index in indexes)
            for code in table.takes[indexes[0]][found[indexes[0]]]:
                kinds.setdefault(code, []).append(places)
        self._kinds[found] = kinds
        return kinds


def _first(item: tuple[int, Shift]) -> int:
    return item[0]
