"""Gaps' rules as plain functions on the board: the rows' sequences, what a gap takes, the moves,
and the redeal (docs/rules/gaps.md)."""

from __future__ import annotations

from collections.abc import Iterator

from aisle.engine import Board, Card, Move, Slot
from aisle.engine.rng import Pcg32, stream_of

COLUMNS = 13
PLACES = 4 * COLUMNS
ACES = "foundation"
#: The variant's own value: how many redeals were used (two are allowed).
USED = "redeals"
REDEALS = 2
_KING = 13


def places(board: Board) -> list[Slot]:
    return board.slots[:PLACES]


def follows(card: Card, left: Card) -> bool:
    """Whether `card` is the one rank higher, same suit, than `left`."""
    return card.suit == left.suit and card.rank == left.rank + 1


def sequence_lengths(board: Board) -> list[int]:
    """For each row, how many cards from its left form the sequence 2, 3, ... of one suit."""
    lengths = []
    slots = places(board)
    for start in range(0, PLACES, COLUMNS):
        length = 0
        while length < COLUMNS - 1:
            card = slots[start + length].top
            if card is None or card.rank != length + 2 or (
                    length and card.suit != slots[start + length - 1].cards[0].suit):
                break
            length += 1
        lengths.append(length)
    return lengths


def in_sequence(board: Board, index: int) -> bool:
    return index % COLUMNS < sequence_lengths(board)[index // COLUMNS]


def dead_left(board: Board, index: int) -> str | None:
    """Why the gap at `index` (not in the leftmost column) takes nothing: "gap" or "king"."""
    left = places(board)[index - 1].top
    if left is None:
        return "gap"
    return "king" if left.rank == _KING else None


def moves(board: Board) -> Iterator[Move]:
    """Every legal move, gap by gap in table order: a 2 into a gap of the leftmost column, else
    the card following the one on the gap's left."""
    slots = places(board)
    lengths = sequence_lengths(board)
    loose = {(card.rank, card.suit): index for index, slot in enumerate(slots)
             if (card := slot.top) is not None and index % COLUMNS >= lengths[index // COLUMNS]}
    for index, gap in enumerate(slots):
        if gap.cards:
            continue
        if index % COLUMNS == 0:
            twos = sorted(at for (rank, _), at in loose.items() if rank == 2)
            yield from (Move(slots[at].id, 1, gap.id) for at in twos)
        elif dead_left(board, index) is None:
            left = slots[index - 1].cards[0]
            source = loose.get((left.rank + 1, left.suit))
            if source is not None:
                yield Move(slots[source].id, 1, gap.id)


def redeal(board: Board, random_gaps: bool) -> None:
    """Gather the cards outside the sequences, shuffle them and deal them again: each row keeps
    a gap right after its sequence, or with `random_gaps` the four gaps fall anywhere."""
    slots = places(board)
    lengths = sequence_lengths(board)
    free = [row * COLUMNS + column for row, length in enumerate(lengths)
            for column in range(length, COLUMNS)]
    cards: list[Card | None] = [card for at in free for card in slots[at].cards]
    used = board.state[USED]
    # Drawn from the position itself, so that replaying a game redeals it the same way.
    seed = stream_of(" ".join(card.code for card in cards if card) + f"/{used}")
    if random_gaps:
        cards += [None] * 4
        targets = free
    else:
        targets = [at for at in free if at % COLUMNS != lengths[at // COLUMNS]]
    Pcg32(seed, stream_of("gaps")).shuffle(cards)
    contents: dict[str, list[Card]] = {slots[at].id: [] for at in free}
    for at, card in zip(targets, cards, strict=True):
        if card is not None:
            contents[slots[at].id].append(card)
    board.rearrange(contents)
    board.set(USED, used + 1)
