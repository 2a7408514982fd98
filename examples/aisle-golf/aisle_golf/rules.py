"""Golf's rules as plain functions of ranks, so they are easy to read and to test."""

from __future__ import annotations

KING = 13
QUEEN = 12
#: Five rows of seven columns are dealt face up.
COLUMNS = 7
ROWS = 5
TABLEAU_CARDS = COLUMNS * ROWS
#: What is left after the tableau and the foundation's first card: 52 - 35 - 1.
STOCK_CARDS = 16
#: Every tableau card cleared, plus a bonus point for each stock card not needed: 35 + 16.
MAX_SCORE = TABLEAU_CARDS + STOCK_CARDS


def fits(rank: int, top: int, queen_on_king: bool) -> bool:
    """Whether a card of `rank` may be played on a foundation whose top card has rank `top`.

    One rank above or below, with no wrapping between King and Ace. A King stops the
    foundation unless `queen_on_king` lets a Queen follow it.
    """
    if top == KING:
        return queen_on_king and rank == QUEEN
    return abs(rank - top) == 1


def score(tableau_left: int, stock_left: int) -> int:
    """Cards cleared from the tableau; once it is empty, each card still in the stock adds one.

    This is classic Golf's count (cards left, minus the stock left after a clearance) turned
    into points that only go up while the tableau shrinks.
    """
    cleared = TABLEAU_CARDS - tableau_left
    return cleared + (stock_left if tableau_left == 0 else 0)
