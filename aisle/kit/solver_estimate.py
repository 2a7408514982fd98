"""How far a kit game's position looks from a win, for the solver's best-first hunt
(`SolverModel.estimate`: lower is better).

Every card still in play needs a move at least; a card that lies on a lower card of its own suit
must get out of that card's way first, so it needs another; a card that is not in sequence on the
card below it cannot travel with it; a face-down card must be dug out; a card in a free cell blocks
the cell, and an empty pile is room to work with; and the cards the foundations take next should not
lie deep. A waste that is never turned back (the last pass through the stock) is a pile for good,
its cards leaving from the top only, so it is weighed like one. The weights were tuned on FreeCell
and Yukon, by the positions the hunts need (deals 1-200). A pile's share depends on its cards alone,
so it is remembered by its bytes: most piles of a position are its parent's.
"""

from __future__ import annotations

from aisle.kit.remembered import Remembered
from aisle.kit.solver_table import DOWN, ModelTable, Position

#: Each card in play.
IN_PLAY = 6
#: Each card lying above a lower card of its own suit in the same pile.
BLOCKING = 2
#: Each card not in sequence on the card below it.
BREAK = 2
#: Each face-down card.
FACE_DOWN = 6
#: Each card in a free cell.
IN_CELL = 2
#: Each empty pile (less).
EMPTY = 8
#: Each card lying above the next card of a suit to go up.
NEXT = 2
_SEPARATOR = b"\xff"
_BYTE = [bytes((code,)) for code in range(0x80)]


class Estimate:
    """The estimate of one table's positions (see the module's notes)."""

    def __init__(self, table: ModelTable) -> None:
        self.table = table
        #: Whether each card code lies in sequence on each other one, in any pile role.
        rows = [rules.links for rules in table.role_of_pile]
        self.links = [[any(row[upper][lower] for row in rows) for lower in range(0x80)]
                      if upper < DOWN else [False] * 0x80 for upper in range(0x80)]
        self._costs: Remembered[bytes, int] = Remembered(self.pile_cost)
        #: An empty pile is room to work with only where it takes cards (not in Baker's Dozen,
        #: where it stays empty: emptying a pile there gains nothing but the moves it took).
        self.empty_bonus = EMPTY if any(any(rules.empty) for rules, _ in table.groups
                                        if not rules.reserve) else 0
        stock = table.stock_role
        #: The passes after which the waste is never turned back (None: it always is, or there
        #: is no waste).
        self._last_pass = (stock.passes - 1 if stock is not None and stock.passes is not None
                           and table.waste_place is not None and not table.dealt_onto else None)
        #: The cards the foundations take next, by the foundations' tops.
        self._wanted = Remembered(self._next_cards)

    def estimate(self, state: Position) -> int:
        cells, _, piles, stock, waste, _ = state
        costs = self._costs
        total = sum(map(costs.__getitem__, piles))
        in_cells = len(cells) - cells.count(0)
        total += (IN_PLAY + IN_CELL) * in_cells + IN_PLAY * len(stock)
        if waste:
            last = self._last_pass
            total += costs[waste] if (
                last is not None and state[5] >= last) else IN_PLAY * len(waste)
        return total + NEXT * self.next_depth(state)

    def next_depth(self, state: Position) -> int:
        """How many cards lie above the cards the foundations take next."""
        wanted = self._wanted[state[1]]
        layout = _SEPARATOR.join(state[2])
        depth = 0
        for code, down in wanted:
            at = layout.find(code)
            if at < 0:
                at = layout.find(down)
            if at >= 0:
                end = layout.find(_SEPARATOR, at)
                depth += (len(layout) if end < 0 else end) - at - 1
        return depth

    def _next_cards(self, found: bytes) -> tuple[tuple[bytes, bytes], ...]:
        """The cards the foundations take next, each face up and face down."""
        takes = self.table.takes
        codes = sorted({code for index, top in enumerate(found) for code in takes[index][top]})
        return tuple((_BYTE[code], _BYTE[code | DOWN]) for code in codes)

    #: The weight of a card above a lower card of its suit (a model may weigh it otherwise).
    blocking = BLOCKING

    def pile_cost(self, pile: bytes) -> int:
        """One pile's share of the estimate (see the module's notes)."""
        if not pile:
            return -self.empty_bonus
        links, blocking = self.links, self.blocking
        lowest = [99, 99, 99, 99]
        cost = IN_PLAY * len(pile)
        below = 0
        for code in pile:
            suit, rank = code >> 4 & 3, code & 15
            if code & DOWN:
                cost += FACE_DOWN
            elif below and not links[code][below]:
                cost += BREAK
            if lowest[suit] < rank:
                cost += blocking
            else:
                lowest[suit] = rank
            below = code
        return cost
