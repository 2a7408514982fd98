"""Gaps' rules as plain functions on the grid of places (each a card or None for a gap, row by
row): the rows' sequences, the moves and the redeal (docs/rules/gaps.md). The board versions
below serve the game; the solver's model (solving.py) calls the grid ones on its own positions."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Board, Card, Move, Slot
from aisle.engine.rng import Pcg32, stream_of

COLUMNS = 13
PLACES = 4 * COLUMNS
ACES = "foundation"
#: The variant's own value: how many redeals were used (two are allowed).
USED = "redeals"
REDEALS = 2
_KING = 13
_STREAM = stream_of("gaps")

Grid = Sequence[Card | None]


def follows(card: Card, left: Card) -> bool:
    """Whether `card` is the one rank higher, same suit, than `left`."""
    return card.suit == left.suit and card.rank == left.rank + 1


def lengths_of(grid: Grid) -> list[int]:
    """For each row, how many cards from its left form the sequence 2, 3, ... of one suit."""
    lengths = []
    for start in range(0, PLACES, COLUMNS):
        length, first = 0, grid[start]
        while length < COLUMNS - 1:
            card = grid[start + length]
            if card is None or first is None or card.rank != length + 2 or card.suit != first.suit:
                break
            length += 1
        lengths.append(length)
    return lengths


def moves_of(grid: Grid) -> Iterator[tuple[int, int]]:
    """Every legal move as (source, gap), gap by gap in table order: a 2 into a gap of the
    leftmost column, else the card following the one on the gap's left."""
    lengths = lengths_of(grid)
    loose = {(card.rank, card.suit): index for index, card in enumerate(grid)
             if card is not None and index % COLUMNS >= lengths[index // COLUMNS]}
    for index, card in enumerate(grid):
        if card is not None:
            continue
        if index % COLUMNS == 0:
            yield from ((at, index) for at in sorted(at for (rank, _), at in loose.items() if rank == 2))
        elif (left := grid[index - 1]) is not None and left.rank != _KING:
            source = loose.get((left.rank + 1, left.suit))
            if source is not None:
                yield source, index


def redealt(grid: Grid, used: int, random_gaps: bool) -> list[Card | None]:
    """The grid after a redeal: the cards outside the sequences gathered and shuffled, then
    dealt again; each row keeps a gap right after its sequence, or with `random_gaps` the four
    gaps fall anywhere outside the sequences."""
    lengths = lengths_of(grid)
    free = [row * COLUMNS + column for row, length in enumerate(lengths)
            for column in range(length, COLUMNS)]
    cards: list[Card | None] = [grid[at] for at in free if grid[at] is not None]
    # Drawn from the position itself, so that replaying a game redeals it the same way.
    seed = stream_of(" ".join(card.code for card in cards if card) + f"/{used}")
    if random_gaps:
        cards += [None] * 4
        targets = free
    else:
        targets = [at for at in free if at % COLUMNS != lengths[at // COLUMNS]]
    Pcg32(seed, _STREAM).shuffle(cards)
    after = list(grid)
    for at in free:
        after[at] = None
    for at, card in zip(targets, cards, strict=True):
        after[at] = card
    return after


# -- on the board ---------------------------------------------------------------------------------
def places(board: Board) -> list[Slot]:
    return board.slots[:PLACES]


def grid(board: Board) -> list[Card | None]:
    return [slot.top for slot in board.slots[:PLACES]]


def sequence_lengths(board: Board) -> list[int]:
    return lengths_of(grid(board))


def in_sequence(board: Board, index: int) -> bool:
    return index % COLUMNS < sequence_lengths(board)[index // COLUMNS]


def dead_left(board: Board, index: int) -> str | None:
    """Why the gap at `index` (not in the leftmost column) takes nothing: "gap" or "king"."""
    left = places(board)[index - 1].top
    if left is None:
        return "gap"
    return "king" if left.rank == _KING else None


def moves(board: Board) -> Iterator[Move]:
    slots = places(board)
    return (Move(slots[source].id, 1, slots[gap].id) for source, gap in moves_of(grid(board)))


def redeal(board: Board, random_gaps: bool) -> None:
    slots, before = places(board), grid(board)
    after = redealt(before, board.state[USED], random_gaps)
    board.rearrange({slot.id: [] if card is None else [card]
                     for slot, old, card in zip(slots, before, after, strict=True) if old is not card})
    board.set(USED, board.state[USED] + 1)
