"""How a kit game's position changes, on the solver model's positions (see `solver_table`):
one move with what follows it in `KitVariant.after_move` (the flip, a reserve's refill, a run
landing on a foundation), a click on the stock, and the cards that then go up by themselves.

Cards go up by themselves in two ways. A game that plays `autoplay` (FreeCell) sends them up
after every move as a rule: the engine does it, so the model does exactly the same, in the
same order (the cards that go up decide which foundation later moves go to). A game without
it gets the kit's safe moves folded into each step instead: a card goes up at once when every
card that could ever lie on it in a pile is up already (`aisle.kit.safe`), so it is of no more
use below; these moves become the step's own actions (`Play.settle` lists them). That never
loses a win: the position with the card up can do everything the other can, since the card
takes nothing and its place is free. Where taking it changes what later moves do, the card
waits: a waste dealt from in threes (its threes would change), a reserve that refills piles
(the refill would bring another card), the last card of a pile that a reserve refills or that
must be filled before the stock deals.
"""

from __future__ import annotations

from aisle.kit.model_facts import Autoplay
from aisle.kit.solver_table import CELL, DOWN, FOUNDATION, PILE, WASTE, ModelTable, Position

#: A move between places, (source place, count, target place); a click on the stock is `DEAL`.
Shift = tuple[int, int, int]
DEAL: Shift = (-1, 0, -1)
#: For each suit: how many cards of it must be up (see `aisle.kit.safe.SafeUp`).
Needs = tuple[int, int, int, int]
#: A face-down code's byte turned face up.
_TURNED = [bytes((code & ~DOWN,)) for code in range(0x80)]
#: Rows of `Play.eligible` kept at most (then forgotten and made again as needed).
_MOST_ROWS = 50_000
#: `settle`'s `uncovered` for "look at every card".
EVERYWHERE = -1


class Play:
    """The moves of one table (see the module's notes). `needs` (per code) are the kit's safe
    rule, for the engine's autoplay by that rule or for folding safe moves into steps; None:
    no safe rule for this table."""

    def __init__(self, table: ModelTable, needs: list[Needs] | None) -> None:
        self.table = table
        self.where = table.where
        self.flips = [rules.flip for rules in table.role_of_pile]
        self.autoplay = table.autoplay
        self.needs = needs
        stock = table.stock_role
        singles = stock is None or stock.deal == 1
        automatic = self.autoplay is not Autoplay.NONE
        #: Where cards go up by themselves from, in the order they are looked at.
        self.from_waste = table.waste_place is not None and singles and self.autoplay is not Autoplay.FREECELL
        tableau = range(len(table.tableau))
        reserves = range(len(table.tableau), len(table.piles))
        if self.autoplay is Autoplay.FREECELL:
            self.from_piles = tuple(tableau)
        elif automatic:
            self.from_piles = (*reserves, *tableau)
        else:
            refilling = set(table.refill_from.values())
            self.from_piles = (*(index for index in reserves if index not in refilling), *tableau)
        #: The piles looked at: a card that leaves any other place may land where it is seen.
        self.watched = frozenset(self.from_piles)
        #: found row -> for each code, 1 + the foundation it goes up to by itself, or 0
        self._eligible: dict[bytes, bytes] = {}
        self.goes_up = self.autoplay in (Autoplay.FREECELL, Autoplay.EVERY) or needs is not None

    # -- one move ------------------------------------------------------------------------------
    def move(self, state: Position, source: int, count: int, target: int) -> tuple[Position, int]:
        """The position after the move and what `after_move` does before any card goes up, and
        the card the move uncovered for `settle` (0: none; `EVERYWHERE`: look everywhere, as
        when the foundations changed, a reserve refilled a pile, or the card came from a place
        cards do not go up from, such as a waste dealt in threes, to one they do)."""
        cells, found, piles, stock, waste, passes = state
        part, index = self.where[source]
        uncovered = 0
        new_piles: list[bytes] | None = None
        if part == PILE:
            pile = piles[index]
            moving = pile[-count:]
            left = pile[:-count]
            new_piles = list(piles)
            if left:
                if left[-1] & DOWN and self.flips[index]:
                    left = left[:-1] + _TURNED[left[-1]]
                uncovered = left[-1] if index in self.watched else EVERYWHERE
            else:
                uncovered = 0 if index in self.watched else EVERYWHERE
                reserve = self.table.refill_from.get(index)
                if reserve is not None and piles[reserve]:
                    refill = piles[reserve]
                    left = refill[-1:]
                    refill = refill[:-1]
                    if refill and refill[-1] & DOWN:
                        refill = refill[:-1] + _TURNED[refill[-1]]
                    new_piles[reserve] = refill
                    uncovered = EVERYWHERE
            new_piles[index] = left
        elif part == CELL:
            moving = cells[index:index + 1]
            cells = cells[:index] + b"\0" + cells[index + 1:]
        elif part == WASTE:
            moving = waste[-1:]
            waste = waste[:-1]
            uncovered = (waste[-1] if waste else 0) if self.from_waste else EVERYWHERE
        elif part == FOUNDATION:
            moving = found[index:index + 1]
            under = self.table.found_rules[index].under[moving[0]]
            found = found[:index] + bytes((under,)) + found[index + 1:]
            uncovered = EVERYWHERE
        else:
            raise ValueError(f"no card is taken from place {source}")
        part, index = self.where[target]
        if part == PILE:
            if new_piles is None:
                new_piles = list(piles)
            new_piles[index] = new_piles[index] + moving
        elif part == CELL:
            cells = cells[:index] + moving + cells[index + 1:]
        elif part == FOUNDATION:
            # A lifted run lands highest card last; a whole run lands as it lay.
            top = moving[0] if count > 1 and self.table.found_rules[index].lift_runs else moving[-1]
            found = found[:index] + bytes((top,)) + found[index + 1:]
            uncovered = EVERYWHERE  # the foundations changed: anything may go up now
        else:
            raise ValueError(f"no card is put onto place {target}")
        if new_piles is not None:
            piles = tuple(new_piles)
        return (cells, found, piles, stock, waste, passes), uncovered

    def deal(self, state: Position) -> Position:
        """The position after a click on the stock (which the caller knows is allowed)."""
        cells, found, piles, stock, waste, passes = state
        table = self.table
        role = table.stock_role
        assert role is not None
        if not table.dealt_onto:
            if stock:
                count = min(role.deal, len(stock))
                return cells, found, piles, stock[:-count], waste + stock[:-count - 1:-1], passes
            return cells, found, piles, waste[::-1], b"", passes + 1
        new_piles = list(piles)
        for index in table.dealt_onto[:len(stock)]:
            new_piles[index] = new_piles[index] + stock[-1:]
            stock = stock[:-1]
        return cells, found, tuple(new_piles), stock, waste, passes

    # -- cards going up by themselves ---------------------------------------------------------
    def eligible(self, found: bytes) -> bytes:
        """For each code, 1 + the foundation the card goes up to by itself now, or 0."""
        row = self._eligible.get(found)
        if row is None:
            if len(self._eligible) >= _MOST_ROWS:
                self._eligible.clear()
            row = self._eligible[found] = self._eligible_row(found)
        return row

    def _eligible_row(self, found: bytes) -> bytes:
        takes, first = self.table.takes, self.table.first
        per_suit: list[list[int]] = [[], [], [], []]
        for top in found:
            if top:
                per_suit[top >> 4].append(((top & 15) - first) % 13 + 1)
        decks = self.table.decks
        heights = [min(levels) if len(levels) >= decks else 0 for levels in per_suit]
        black, red = min(heights[0], heights[3]), min(heights[1], heights[2])
        row = bytearray(0x80)
        for code in range(1, DOWN):
            rank = code & 15
            if not 0 < rank <= 13:
                continue
            target = next((index for index, top in enumerate(found) if code in takes[index][top]), None)
            if target is None:
                continue
            if self.autoplay is Autoplay.FREECELL:
                ok = rank <= (min(2 + black, 3 + red) if code >> 4 in (1, 2) else min(2 + red, 3 + black))
            elif self.autoplay is Autoplay.EVERY:
                ok = True
            else:
                assert self.needs is not None
                need = self.needs[code]
                ok = all(heights[suit] >= need[suit] for suit in range(4))
            if ok:
                row[code] = target + 1
        return bytes(row)

    def settle(self, state: Position, uncovered: int, moves: list[Shift] | None = None) -> Position:
        """`state` once the cards that go up by themselves went up. `uncovered` is the card the
        last change uncovered (0: none; `EVERYWHERE`: look at every card, after the foundations
        changed or from a position not settled before); `moves` collects folded safe moves
        (the step's own actions; the engine's autoplay needs none)."""
        if not self.goes_up or uncovered == 0:
            return state
        if uncovered > 0 and not self.eligible(state[1])[uncovered]:
            return state
        while True:
            found_up = self._first_up(state)
            if found_up is None:
                return state
            part, index, target = found_up
            if moves is not None and self.autoplay is Autoplay.NONE:
                moves.append((self.table.place_of(part, index), 1, self.table.foundations[target]))
            state = self._up(state, part, index, target)

    def pending(self, state: Position) -> Shift | None:
        """The first folded safe move waiting at a position not settled before (None: none, or
        the game sends its cards up by itself)."""
        if self.autoplay is not Autoplay.NONE or self.needs is None:
            return None
        found_up = self._first_up(state)
        if found_up is None:
            return None
        part, index, target = found_up
        return self.table.place_of(part, index), 1, self.table.foundations[target]

    def _first_up(self, state: Position) -> tuple[int, int, int] | None:
        """The first card that goes up, in the engine's order: (part, index, foundation)."""
        cells, found, piles, _, waste, _ = state
        row = self.eligible(found)
        for index, code in enumerate(cells):
            if code and row[code]:
                return CELL, index, row[code] - 1
        if waste and self.from_waste and row[waste[-1]]:
            return WASTE, 0, row[waste[-1]] - 1
        folding = self.autoplay is Autoplay.NONE
        for index in self.from_piles:
            pile = piles[index]
            if pile and row[pile[-1]] and not (folding and len(pile) == 1 and self._keeps_last(index, state)):
                return PILE, index, row[pile[-1]] - 1
        return None

    def _keeps_last(self, index: int, state: Position) -> bool:
        """Whether a pile's last card must wait (see the module's notes)."""
        table = self.table
        reserve = table.refill_from.get(index)
        if reserve is not None and state[2][reserve]:
            return True
        return table.fill_first and bool(state[3]) and index in table.dealt_onto

    def _up(self, state: Position, part: int, index: int, target: int) -> Position:
        """A card going up by itself: by the engine's autoplay (which neither flips nor
        refills), or as a folded move (which `after_move` follows like any other)."""
        if self.autoplay is Autoplay.NONE:
            source = self.table.place_of(part, index)
            return self.move(state, source, 1, self.table.foundations[target])[0]
        cells, found, piles, stock, waste, passes = state
        if part == CELL:
            code = cells[index]
            cells = cells[:index] + b"\0" + cells[index + 1:]
        elif part == WASTE:
            code = waste[-1]
            waste = waste[:-1]
        else:
            code = piles[index][-1]
            piles = (*piles[:index], piles[index][:-1], *piles[index + 1:])
        found = found[:target] + bytes((code,)) + found[target + 1:]
        return cells, found, piles, stock, waste, passes
