"""The pyramid's shape: seven overlapping rows of one to seven cards, numbered row by row.

Card i of row r (both from 0) is pyramid card number r(r+1)/2 + i, and is covered by cards i and
i + 1 of row r + 1, which lie half a card to either side of it, a third of a row lower.
"""

from __future__ import annotations

ROWS = 7
SIZE = ROWS * (ROWS + 1) // 2

#: (row, place in the row) of each pyramid card, by number.
PLACES: tuple[tuple[int, int], ...] = tuple((row, i) for row in range(ROWS) for i in range(row + 1))


def number(row: int, i: int) -> int:
    return row * (row + 1) // 2 + i


#: The two cards covering each card (none for the last row).
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    (number(row + 1, i), number(row + 1, i + 1)) if row + 1 < ROWS else ()
    for row, i in PLACES
)


def grid_place(n: int) -> tuple[float, float]:
    """Where card `n` lies on the table, in grid units: the apex at (3, 1)."""
    row, i = PLACES[n]
    return 3 - row / 2 + i, 1 + row / 3
