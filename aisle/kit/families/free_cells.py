"""Games of free cells and open columns (FreeCell): the hint, the loss test and AisleRiot's
autoplay rule, for one deck, any number of cells and columns, and the game's own column rule.

The hint is a short look ahead over a compact copy of the table. Positions are compared by
(cards on the foundations, fewer separate runs in the free cells and columns, more empty free
cells and columns), always after autoplay. The hint suggests

1. the single move with the best result, if one improves on the present position;
2. else the first of two moves whose result improves on it (the best such result);
3. else nothing.

A move of kind 1 improves the position; a move of kind 2 leads to a position where a move of
kind 1 beats the position before it. So following the hints never returns to a position it has
left: no back and forth. Moves that cannot help are not looked at (from one free cell to another,
into any free cell but the first empty one or any empty column but the first, a whole column into
an empty column).

Cards are their ids (suit * 13 + rank - 1, suits clubs, diamonds, hearts, spades); a position is
(free cells: an id or -1 each, foundations: the top rank of each suit, columns: tuples of ids).
A step is (source, count, target): cells are 0 to C-1, columns C on, UP a card's foundation.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import ClassVar

from aisle.engine import Board, Move, Slot
from aisle.i18n import T
from aisle.kit.model_facts import Autoplay
from aisle.kit.moves import capacity
from aisle.kit.roles import Tableau
from aisle.kit.table import Table
from aisle.variant import Hint, card_name

RANK = tuple(card_id % 13 + 1 for card_id in range(52))
SUIT = tuple(card_id // 13 for card_id in range(52))
RED = tuple(SUIT[card_id] in (1, 2) for card_id in range(52))

Cells = tuple[int, ...]
Found = tuple[int, ...]
Columns = tuple[tuple[int, ...], ...]
Position = tuple[Cells, Found, Columns]
Step = tuple[int, int, int]
UP = -1
EMPTY = -1
#: A stuck position is searched at most this far; beyond it the game is not called lost.
MOST_STUCK_POSITIONS = 5000


def safe_rank(tops: dict[str, int], red: bool) -> int:
    """The highest rank of a colour that AisleRiot's FreeCell autoplay sends up (its
    max-auto-red and max-auto-black: a card is kept back while the other colour may need it)."""
    black_low = min(tops["clubs"], tops["spades"])
    red_low = min(tops["diamonds"], tops["hearts"])
    if red:
        return min(2 + black_low, 3 + red_low)
    return min(2 + red_low, 3 + black_low)


class FreeCellFamily:
    """The family's knowledge of one table: free cells, four foundations, one role of columns."""

    #: How the solver's model knows the family's autoplay (`next_autoplay`).
    model_autoplay: ClassVar[Autoplay] = Autoplay.FREECELL

    def __init__(self, table: Table) -> None:
        role, columns = table.tableau_groups[0]
        assert isinstance(role, Tableau) and role.build is not None
        self.table = table
        self.cell_places, self.column_places = table.cells, columns
        self.cells = len(table.cells)
        #: fits[card][onto]: may `card` lie on `onto` in a column (the table's look-up, made once).
        self.fits = table.relation(role.build).fits
        self.takes_empty = role.takes_when_empty

    # -- AisleRiot's autoplay ----------------------------------------------------------------
    def suit_tops(self, slots: Sequence[Slot]) -> dict[str, int]:
        tops = {"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 0}
        for place in self.table.foundations:
            top = slots[place].top
            if top is not None:
                tops[top.suit] = top.rank
        return tops

    def next_autoplay(self, slots: Sequence[Slot]) -> Move | None:
        """The card autoplay sends up next: free cells, then columns, the first top card that
        is safe and fits its foundation."""
        tops = self.suit_tops(slots)
        safe = {True: safe_rank(tops, True), False: safe_rank(tops, False)}
        for place in (*self.cell_places, *self.column_places):
            card = slots[place].top
            if card is not None and card.rank <= safe[card.red] and tops[card.suit] + 1 == card.rank:
                target = self._foundation(slots, card.rank, card.suit)
                if target is not None:
                    return self.table.move(place, 1, target)
        return None

    def _foundation(self, slots: Sequence[Slot], rank: int, suit: str) -> int | None:
        for place in self.table.foundations:
            top = slots[place].top
            if (top is None and rank == 1) or (top is not None and top.suit == suit
                                               and top.rank + 1 == rank):
                return place
        return None

    # -- the compact position ----------------------------------------------------------------
    def position_of(self, slots: Sequence[Slot]) -> Position:
        cells = tuple(slots[p].cards[-1].id if slots[p].cards else EMPTY for p in self.cell_places)
        found = [0, 0, 0, 0]
        for place in self.table.foundations:
            if slots[place].cards:
                top = slots[place].cards[-1].id
                found[SUIT[top]] = RANK[top]
        columns = tuple(tuple(card.id for card in slots[p].cards) for p in self.column_places)
        return cells, tuple(found), columns

    def value(self, position: Position) -> int:
        """Bigger is better: foundation cards first, then fewer runs, then more free places."""
        cells, found, columns = position
        runs = sum(1 for card in cells if card != EMPTY)
        free = self.cells - runs
        for column in columns:
            if not column:
                free += 1
                continue
            runs += 1
            for below, above in pairwise(column):
                if not self.fits[above][below]:
                    runs += 1
        return sum(found) * 10_000 + (200 - runs) * 20 + free

    def _autoplay(self, cells: list[int], found: list[int], columns: list[tuple[int, ...]]) -> None:
        while True:
            black_low, red_low = min(found[0], found[3]), min(found[1], found[2])
            safe_red = min(2 + black_low, 3 + red_low)
            safe_black = min(2 + red_low, 3 + black_low)
            for place, card in enumerate(cells):
                if card != EMPTY and RANK[card] <= (safe_red if RED[card] else safe_black) \
                        and found[SUIT[card]] + 1 == RANK[card]:
                    found[SUIT[card]] += 1
                    cells[place] = EMPTY
                    break
            else:
                for place, column in enumerate(columns):
                    if not column:
                        continue
                    card = column[-1]
                    if RANK[card] <= (safe_red if RED[card] else safe_black) \
                            and found[SUIT[card]] + 1 == RANK[card]:
                        found[SUIT[card]] += 1
                        columns[place] = column[:-1]
                        break
                else:
                    return

    def after(self, position: Position, step: Step) -> Position:
        """The position after `step` and the autoplay that follows it."""
        cells, found, columns = list(position[0]), list(position[1]), list(position[2])
        source, count, target = step
        c = self.cells
        if source < c:
            moving: tuple[int, ...] = (cells[source],)
            cells[source] = EMPTY
        else:
            column = columns[source - c]
            moving = column[len(column) - count:]
            columns[source - c] = column[:len(column) - count]
        if target == UP:
            found[SUIT[moving[0]]] += 1
        elif target < c:
            cells[target] = moving[0]
        else:
            columns[target - c] = columns[target - c] + moving
        self._autoplay(cells, found, columns)
        return tuple(cells), tuple(found), tuple(columns)

    def steps(self, position: Position) -> list[Step]:
        """The moves worth looking at, in slot order (source, then count, then target), except
        that a card's move to its foundation comes before its move to a free cell: on a tie (the
        free cell's card would go up by itself) the hint names the foundation."""
        cells, found, columns = position
        c, fits = self.cells, self.fits
        free_cell = next((place for place, card in enumerate(cells) if card == EMPTY), None)
        empties = [place for place, column in enumerate(columns) if not column]
        free = sum(1 for card in cells if card == EMPTY)
        cap, cap_empty = capacity(free, len(empties), False), capacity(free, len(empties), True)
        first_empty = empties[0] if empties else None
        result: list[Step] = []
        for place, card in enumerate(cells):
            if card == EMPTY:
                continue
            if found[SUIT[card]] + 1 == RANK[card]:
                result.append((place, 1, UP))
            for target, column in enumerate(columns):
                if (column and fits[card][column[-1]]) or (
                        target == first_empty and self.takes_empty(RANK[card])):
                    result.append((place, 1, target + c))
        for place, column in enumerate(columns):
            if not column:
                continue
            run = 1
            while run < len(column) and fits[column[-run]][column[-run - 1]]:
                run += 1
            for count in range(1, run + 1):
                card = column[-count]
                if count == 1:
                    if found[SUIT[card]] + 1 == RANK[card]:
                        result.append((place + c, 1, UP))
                    if free_cell is not None:
                        result.append((place + c, 1, free_cell))
                for target, other in enumerate(columns):
                    if target == place:
                        continue
                    if other:
                        if count <= cap and fits[card][other[-1]]:
                            result.append((place + c, count, target + c))
                    elif (target == first_empty and count <= cap_empty and count < len(column)
                          and self.takes_empty(RANK[card])):
                        result.append((place + c, count, target + c))
        return result

    def best_step(self, position: Position) -> Step | None:
        """The step the hint suggests (see the module's description), or None."""
        now = self.value(position)
        followers = [(step, self.after(position, step)) for step in self.steps(position)]
        best: Step | None = None
        best_value = now
        for step, next_position in followers:
            reached = self.value(next_position)
            if reached > best_value:
                best, best_value = step, reached
        if best is not None:
            return best
        for step, next_position in followers:
            for second in self.steps(next_position):
                reached = self.value(self.after(next_position, second))
                if reached > best_value:
                    best, best_value = step, reached
        return best

    def hint(self, board: Board) -> Hint:
        slots = board.slots
        step = self.best_step(self.position_of(slots))
        if step is None:
            return Hint(T("No hint available right now."))
        source_place, count, target_place = step
        source = slots[self._place(source_place)]
        card = source.cards[-count]
        if target_place == UP:
            place = self._foundation(slots, card.rank, card.suit)
            if place is None:  # cannot happen: the step was found because the card fits there
                return Hint(T("No hint available right now."))
            foundation = slots[place]
            move = Move(source.id, 1, foundation.id)
            if foundation.top is None:
                # TRANSLATORS: {card} is a card such as "A♦".
                return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
            return Hint(T("Move {card} onto {target}.", card=card_name(card),
                          target=card_name(foundation.top)), move)
        target = slots[self._place(target_place)]
        move = Move(source.id, count, target.id)
        if target_place < self.cells:
            # TRANSLATORS: {card} is a card such as "7♣".
            return Hint(T("Move {card} to a free cell.", card=card_name(card)), move)
        if target.top is None:
            # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving run).
            return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)
        # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
        return Hint(T("Move {card} onto {target}.", card=card_name(card),
                      target=card_name(target.top)), move)

    def _place(self, index: int) -> int:
        c = self.cells
        return self.cell_places[index] if index < c else self.column_places[index - c]

    # -- the end -----------------------------------------------------------------------------
    def is_stuck(self, slots: Sequence[Slot]) -> bool:
        """Whether the game can go no further (asked only when it is not won).

        With a free cell or a column empty, some card can always move there. Otherwise only
        single cards move (the capacity is 1), the free cells stay full until one of their cards
        can leave, and nothing changes for good until a card can go up, leave a free cell or
        empty a column: so every arrangement the columns can reach by moving single top cards
        onto one another is searched for such a way out.
        """
        if not all(slots[place].cards for place in (*self.cell_places, *self.column_places)):
            return False  # the common case, asked after every move: no copy made
        cells, found, start = self.position_of(slots)
        fits = self.fits
        seen = {start}
        waiting = [start]
        while waiting:
            columns = waiting.pop()
            tops = [column[-1] for column in columns]
            if any(found[SUIT[card]] + 1 == RANK[card] for card in tops + list(cells)):
                return False
            if any(fits[card][top] for card in cells for top in tops):
                return False
            for source, card in enumerate(tops):
                for target, top in enumerate(tops):
                    if target == source or not fits[card][top]:
                        continue
                    if len(columns[source]) == 1:
                        return False  # the move would empty a column
                    after = list(columns)
                    after[source] = columns[source][:-1]
                    after[target] = (*columns[target], card)
                    reached = tuple(after)
                    if reached not in seen:
                        if len(seen) >= MOST_STUCK_POSITIONS:
                            return False
                        seen.add(reached)
                        waiting.append(reached)
        return True
