"""FreeCell's card rules as small, fast functions over the table (no texts, no recording).

The layout is fixed (see `layout.py`), so slots are reached by their place in `Board.slots`:
these functions run after every change of the game and tens of thousands of times a second in
the engine bench.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Board, Card, Move, Slot
from aisle_freecell.layout import CELL_IDS, COLUMN_IDS, FOUNDATION_IDS

#: Places in `Board.slots`, in the order `layout.slot_specs()` creates them.
CELLS = slice(0, 4)
FOUNDATIONS = slice(4, 8)
COLUMNS = slice(8, 16)

ACE = 1
#: The longest run that can lie in a column: King down to Ace.
_LONGEST_RUN = 13
#: The slot ids in `Board.slots` order (see `layout.slot_specs`).
SLOT_IDS = (*CELL_IDS, *FOUNDATION_IDS, *COLUMN_IDS)
#: Autoplay stops looking after this many cards, more than a deck holds (a guard, never reached).
_MOST_AUTOPLAY = 52


def builds_on(card: Card, onto: Card) -> bool:
    """Whether `card` may lie on `onto` in a column: one rank lower and the other colour."""
    return card.rank + 1 == onto.rank and card.red != onto.red


def run_length(cards: Sequence[Card]) -> int:
    """How many top cards of a column form a run that can be picked up together: each card one
    rank lower than the card beneath it and of the other colour."""
    index = len(cards) - 1
    if index < 0:
        return 0
    while index > 0 and builds_on(cards[index], cards[index - 1]):
        index -= 1
    return len(cards) - index


def capacity(free_cells: int, empty_columns: int, to_empty: bool) -> int:
    """How many cards may move at once onto a column: (free cells + 1) × 2^(empty columns),
    not counting the target when it is one of the empty columns."""
    return (free_cells + 1) << max(empty_columns - (1 if to_empty else 0), 0)


def fits_foundation(card: Card, top: Card | None) -> bool:
    """An Ace starts any empty foundation; then the same suit goes up one rank at a time."""
    if top is None:
        return card.rank == ACE
    return top.suit == card.suit and top.rank + 1 == card.rank


def foundation_for(slots: Sequence[Slot], card: Card) -> Slot | None:
    """The foundation that takes `card` now: an Ace the first empty one, any other card the one
    whose top is its suit one rank lower."""
    for slot in slots[FOUNDATIONS]:
        if fits_foundation(card, slot.top):
            return slot
    return None


def counts(slots: Sequence[Slot]) -> tuple[int, int]:
    """(empty free cells, empty columns)."""
    free = sum(1 for slot in slots[CELLS] if not slot.cards)
    empty = sum(1 for slot in slots[COLUMNS] if not slot.cards)
    return free, empty


#: Every move by (source place, count, target place) in `Board.slots`, made once: listing the
#: legal moves then builds no new objects.
_MOVES = [[[Move(source, count, target) for target in SLOT_IDS] for count in range(_LONGEST_RUN + 1)]
          for source in SLOT_IDS]


def legal_moves(slots: Sequence[Slot]) -> list[Move]:
    """Every legal move, in slot order (source, then count, then target): the order the
    generic `Variant.legal_actions` would list them in."""
    empty_cells = [place for place in range(4) if not slots[place].cards]
    empty_foundations: list[int] = []
    #: suit -> (place, top rank) of its foundation
    started: dict[str, tuple[int, int]] = {}
    for place in range(4, 8):
        cards = slots[place].cards
        if cards:
            started[cards[-1].suit] = (place, cards[-1].rank)
        else:
            empty_foundations.append(place)
    empty_columns: list[int] = []
    #: (rank, red) of the card a column takes -> the places of such columns, in slot order
    takes: dict[tuple[int, bool], list[int]] = {}
    for place in range(8, 16):
        cards = slots[place].cards
        if not cards:
            empty_columns.append(place)
        else:
            top = cards[-1]
            if top.rank > ACE:
                takes.setdefault((top.rank - 1, not top.red), []).append(place)
    free, empty = len(empty_cells), len(empty_columns)
    cap = capacity(free, empty, False)
    cap_empty = capacity(free, empty, True)

    def up(card: Card) -> list[int]:
        if card.rank == ACE:
            return empty_foundations
        found = started.get(card.suit)
        return [found[0]] if found is not None and found[1] + 1 == card.rank else _NONE

    moves: list[Move] = []
    for place in range(4):
        cards = slots[place].cards
        if cards:
            card = cards[-1]
            row = _MOVES[place][1]
            moves += [row[target] for target in empty_cells if target != place]
            moves += [row[target] for target in up(card)]
            onto = takes.get((card.rank, card.red), _NONE)
            targets = sorted(onto + empty_columns) if onto and empty_columns else onto or empty_columns
            moves += [row[target] for target in targets]
    for place in range(8, 16):
        cards = slots[place].cards
        if not cards:
            continue
        rows = _MOVES[place]
        for count in range(1, min(run_length(cards), _LONGEST_RUN) + 1):
            card = cards[-count]
            row = rows[count]
            if count == 1:
                moves += [row[target] for target in empty_cells]
                moves += [row[target] for target in up(card)]
            onto = takes.get((card.rank, card.red), _NONE) if count <= cap else _NONE
            if count <= cap_empty and empty_columns:
                onto = sorted(onto + empty_columns) if onto else empty_columns
            moves += [row[target] for target in onto if target != place]
    return moves


_NONE: list[int] = []


# -- autoplay -------------------------------------------------------------------------------
def suit_tops(slots: Sequence[Slot]) -> dict[str, int]:
    """The rank on top of each suit's foundation (0 for a suit not started)."""
    tops = {"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 0}
    for slot in slots[FOUNDATIONS]:
        top = slot.top
        if top is not None:
            tops[top.suit] = top.rank
    return tops


def safe_rank(tops: dict[str, int], red: bool) -> int:
    """The highest rank of a colour that autoplay sends up: the reference's max-auto-red and
    max-auto-black (a card is kept back while the other colour may still need it)."""
    black_low = min(tops["clubs"], tops["spades"])
    red_low = min(tops["diamonds"], tops["hearts"])
    if red:
        return min(2 + black_low, 3 + red_low)
    return min(2 + red_low, 3 + black_low)


def next_autoplay(slots: Sequence[Slot]) -> Move | None:
    """The card autoplay sends up next: free cells 1-4, then columns 1-8, the first top card
    that is safe and fits its foundation."""
    tops = suit_tops(slots)
    safe = {True: safe_rank(tops, True), False: safe_rank(tops, False)}
    for source in (*slots[CELLS], *slots[COLUMNS]):
        card = source.top
        if card is not None and card.rank <= safe[card.red]:
            target = foundation_for(slots, card)
            if target is not None:
                return Move(source.id, 1, target.id)
    return None


def autoplay(board: Board) -> None:
    """Send every safe card up, one at a time, scanning from the start after each."""
    for _ in range(_MOST_AUTOPLAY):
        move = next_autoplay(board.slots)
        if move is None:
            return
        board.move(move.source, 1, move.target)


# -- the end --------------------------------------------------------------------------------
def sendable(slots: Sequence[Slot]) -> Iterator[Move]:
    """Every top card of a free cell or a column that fits a foundation, in slot order."""
    for source in (*slots[CELLS], *slots[COLUMNS]):
        card = source.top
        if card is not None:
            target = foundation_for(slots, card)
            if target is not None:
                yield Move(source.id, 1, target.id)


#: A stuck position is searched at most this far; beyond it the game is not called lost.
_MOST_STUCK_POSITIONS = 5000


def is_stuck(slots: Sequence[Slot]) -> bool:
    """Whether the game can go no further (asked only when it is not won).

    With a free cell or a column empty, some card can always move there. Otherwise only single
    cards move (the capacity is 1), the free cells stay full until one of their cards can
    leave, and nothing changes for good until a card can go up, leave a free cell or empty a
    column: so every arrangement the columns can reach by moving single top cards onto one
    another is searched for such a way out.
    """
    free, empty = counts(slots)
    if free or empty:
        return False
    cells = [slot.cards[-1] for slot in slots[CELLS]]
    tops = suit_tops(slots)
    start = tuple(tuple(slot.cards) for slot in slots[COLUMNS])
    seen = {tuple(tuple(card.id for card in column) for column in start)}
    waiting = [start]
    while waiting:
        columns = waiting.pop()
        column_tops = [column[-1] for column in columns]
        if any(_goes_up(card, tops) for card in column_tops + cells):
            return False
        if any(builds_on(card, top) for card in cells for top in column_tops):
            return False
        for source, card in enumerate(column_tops):
            for target, top in enumerate(column_tops):
                if target == source or not builds_on(card, top):
                    continue
                if len(columns[source]) == 1:
                    return False  # the move would empty a column
                after = list(columns)
                after[source] = columns[source][:-1]
                after[target] = (*columns[target], card)
                key = tuple(tuple(c.id for c in column) for column in after)
                if key not in seen:
                    if len(seen) >= _MOST_STUCK_POSITIONS:
                        return False
                    seen.add(key)
                    waiting.append(tuple(after))
    return True


def _goes_up(card: Card, tops: dict[str, int]) -> bool:
    return tops[card.suit] + 1 == card.rank
