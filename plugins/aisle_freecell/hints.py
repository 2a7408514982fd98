"""FreeCell's hint: a short look ahead over a compact copy of the table.

Positions are compared by (cards on the foundations, fewer separate runs in the free cells and
columns, more empty free cells and columns), always after autoplay. The hint suggests

1. the single move with the best result, if one improves on the present position;
2. else the first of two moves whose result improves on it (the best such result);
3. else nothing.

A move of kind 1 improves the position; a move of kind 2 leads to a position where a move of
kind 1 beats the position before it. So following the hints never returns to a position it has
left: no back and forth. Moves that cannot help are not looked at (from one free cell to another,
into any free cell but the first empty one or any empty column but the first, a whole column into
an empty column).

Cards are their ids (suit * 13 + rank - 1, suits clubs, diamonds, hearts, spades); a position is
(free cells: 4 ids or -1, foundations: the top rank of each suit, columns: 8 tuples of ids).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from aisle.engine import Board, Move, Slot
from aisle.i18n import T
from aisle.variant import Hint, card_name
from aisle_freecell.rules import CELLS, COLUMNS, FOUNDATIONS, foundation_for

RANK = tuple(card_id % 13 + 1 for card_id in range(52))
SUIT = tuple(card_id // 13 for card_id in range(52))
RED = tuple(SUIT[card_id] in (1, 2) for card_id in range(52))

Cells = tuple[int, ...]
Found = tuple[int, ...]
Columns = tuple[tuple[int, ...], ...]
Position = tuple[Cells, Found, Columns]
#: (source, count, target): free cells 0-3, columns 8-15 as in `Board.slots`; UP is a card's
#: own foundation.
Step = tuple[int, int, int]
UP = 4
EMPTY = -1


def _builds(card: int, onto: int) -> bool:
    return RANK[card] + 1 == RANK[onto] and RED[card] != RED[onto]


def position_of(slots: Sequence[Slot]) -> Position:
    cells = tuple(slot.cards[-1].id if slot.cards else EMPTY for slot in slots[CELLS])
    found = [0, 0, 0, 0]
    for slot in slots[FOUNDATIONS]:
        if slot.cards:
            top = slot.cards[-1].id
            found[SUIT[top]] = RANK[top]
    columns = tuple(tuple(card.id for card in slot.cards) for slot in slots[COLUMNS])
    return cells, tuple(found), columns


def value(position: Position) -> int:
    """Bigger is better: foundation cards first, then fewer runs, then more free places."""
    cells, found, columns = position
    runs = sum(1 for card in cells if card != EMPTY)
    free = 4 - runs
    for column in columns:
        if not column:
            free += 1
            continue
        runs += 1
        for below, above in pairwise(column):
            if not _builds(above, below):
                runs += 1
    return sum(found) * 10_000 + (200 - runs) * 20 + free


def _autoplay(cells: list[int], found: list[int], columns: list[tuple[int, ...]]) -> None:
    """The game's autoplay on the compact position (see `rules.next_autoplay`)."""
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


def after(position: Position, step: Step) -> Position:
    """The position after `step` and the autoplay that follows it."""
    cells, found, columns = list(position[0]), list(position[1]), list(position[2])
    source, count, target = step
    if source < 4:
        moving: tuple[int, ...] = (cells[source],)
        cells[source] = EMPTY
    else:
        column = columns[source - 8]
        moving = column[len(column) - count:]
        columns[source - 8] = column[:len(column) - count]
    if target == UP:
        found[SUIT[moving[0]]] += 1
    elif target < 4:
        cells[target] = moving[0]
    else:
        columns[target - 8] = columns[target - 8] + moving
    _autoplay(cells, found, columns)
    return tuple(cells), tuple(found), tuple(columns)


def steps(position: Position) -> list[Step]:
    """The moves worth looking at, in slot order (source, then count, then target), except
    that a card's move to its foundation comes before its move to a free cell: on a tie (the
    free cell's card would go up by itself) the hint names the foundation."""
    cells, found, columns = position
    free_cell = next((place for place, card in enumerate(cells) if card == EMPTY), None)
    empties = [place for place, column in enumerate(columns) if not column]
    free = sum(1 for card in cells if card == EMPTY)
    cap = (free + 1) << len(empties)
    cap_empty = (free + 1) << max(len(empties) - 1, 0)
    first_empty = empties[0] if empties else None
    result: list[Step] = []
    for place, card in enumerate(cells):
        if card == EMPTY:
            continue
        if found[SUIT[card]] + 1 == RANK[card]:
            result.append((place, 1, UP))
        for target, column in enumerate(columns):
            if (column and _builds(card, column[-1])) or target == first_empty:
                result.append((place, 1, target + 8))
    for place, column in enumerate(columns):
        if not column:
            continue
        run = 1
        while run < len(column) and _builds(column[-run], column[-run - 1]):
            run += 1
        for count in range(1, run + 1):
            card = column[-count]
            if count == 1:
                if found[SUIT[card]] + 1 == RANK[card]:
                    result.append((place + 8, 1, UP))
                if free_cell is not None:
                    result.append((place + 8, 1, free_cell))
            for target, other in enumerate(columns):
                if target == place:
                    continue
                if other:
                    if count <= cap and _builds(card, other[-1]):
                        result.append((place + 8, count, target + 8))
                elif target == first_empty and count <= cap_empty and count < len(column):
                    result.append((place + 8, count, target + 8))
    return result


def best_step(position: Position) -> Step | None:
    """The step the hint suggests (see the module's description), or None."""
    now = value(position)
    followers = [(step, after(position, step)) for step in steps(position)]
    best: Step | None = None
    best_value = now
    for step, next_position in followers:
        reached = value(next_position)
        if reached > best_value:
            best, best_value = step, reached
    if best is not None:
        return best
    for step, next_position in followers:
        for second in steps(next_position):
            reached = value(after(next_position, second))
            if reached > best_value:
                best, best_value = step, reached
    return best


def freecell_hint(board: Board) -> Hint:
    slots = board.slots
    step = best_step(position_of(slots))
    if step is None:
        return Hint(T("No hint available right now."))
    source_place, count, target_place = step
    source = slots[source_place]
    card = source.cards[-count]
    if target_place == UP:
        foundation = foundation_for(slots, card)
        if foundation is None:  # cannot happen: the step was found because the card fits there
            return Hint(T("No hint available right now."))
        move = Move(source.id, 1, foundation.id)
        if foundation.top is None:
            # TRANSLATORS: {card} is a card such as "A♦".
            return Hint(T("Move {card} onto an empty foundation slot.", card=card_name(card)), move)
        return Hint(T("Move {card} onto {target}.", card=card_name(card),
                      target=card_name(foundation.top)), move)
    target = slots[target_place]
    move = Move(source.id, count, target.id)
    if target_place < 4:
        # TRANSLATORS: {card} is a card such as "7♣".
        return Hint(T("Move {card} to a free cell.", card=card_name(card)), move)
    if target.top is None:
        # TRANSLATORS: {card} is a card such as "K♠" (the lowest card of the moving run).
        return Hint(T("Move {card} onto an empty tableau slot.", card=card_name(card)), move)
    # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
    return Hint(T("Move {card} onto {target}.", card=card_name(card), target=card_name(target.top)), move)
