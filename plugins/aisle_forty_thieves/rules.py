"""Forty Thieves' card rules as small, fast functions over the table (no texts, no recording).

The layout is fixed (see `layout.py`), so slots are reached by their place in `Board.slots`.
Two decks: two cards share each rank and suit; `card.rank` and `card.suit` say which they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Move, Slot
from aisle_forty_thieves.layout import SLOT_IDS

#: Places in `Board.slots`, in the order `layout.slot_specs()` creates them.
STOCK = 0
FOUNDATIONS = slice(1, 9)
WASTE = 9
PILES = slice(10, 20)
ACE = 1
KING = 13
#: A run on a pile is at most thirteen cards, King to Ace.
_LONGEST_RUN = 13
_MOVES = [[[Move(source, count, target) for target in SLOT_IDS] for count in range(_LONGEST_RUN + 1)]
          for source in SLOT_IDS]
_NONE: list[int] = []


def in_sequence(card: Card, below: Card) -> bool:
    """Whether `card` lies correctly on `below`: the same suit, one rank lower."""
    return card.suit == below.suit and card.rank + 1 == below.rank


def run_length(cards: Sequence[Card]) -> int:
    """How many top cards of a pile can be picked up together: one suit, down one rank at a time."""
    index = len(cards) - 1
    if index < 0:
        return 0
    while index > 0 and in_sequence(cards[index], cards[index - 1]):
        index -= 1
    return len(cards) - index


def capacity(empty_piles: int, to_empty: bool) -> int:
    """How many cards may move at once onto a pile: 2^(empty piles, not counting the target)."""
    return 1 << max(empty_piles - (1 if to_empty else 0), 0)


def fits_foundation(card: Card, top: Card | None) -> bool:
    """An Ace starts any empty foundation; then the same suit goes up one rank at a time."""
    if top is None:
        return card.rank == ACE
    return top.suit == card.suit and top.rank + 1 == card.rank


def foundation_for(slots: Sequence[Slot], card: Card) -> Slot | None:
    """The first foundation (1-8) that takes `card` now."""
    for slot in slots[FOUNDATIONS]:
        if fits_foundation(card, slot.top):
            return slot
    return None


def pile_for(slots: Sequence[Slot], card: Card, source: Slot) -> Slot | None:
    """Where the reference's double-click puts a card that cannot go up: the first other pile
    whose top card is one rank higher in its suit, else the first empty pile."""
    piles = slots[PILES]
    for pile in piles:
        top = pile.top
        if pile is not source and top is not None and in_sequence(card, top):
            return pile
    return next((pile for pile in piles if not pile.cards), None)


def empty_piles(slots: Sequence[Slot]) -> int:
    return sum(1 for pile in slots[PILES] if not pile.cards)


def legal_moves(slots: Sequence[Slot]) -> list[Move]:
    """Every legal card move, in slot order (source, then count, then target): the order the
    generic `Variant.legal_actions` would list them in."""
    empty_foundations: list[int] = []
    #: (suit, rank) of the card a foundation takes next -> the places of such foundations
    next_up: dict[tuple[str, int], list[int]] = {}
    for place in range(1, 9):
        cards = slots[place].cards
        if cards:
            top = cards[-1]
            if top.rank < KING:
                next_up.setdefault((top.suit, top.rank + 1), []).append(place)
        else:
            empty_foundations.append(place)
    empties: list[int] = []
    #: (suit, rank) of the card a pile takes -> the places of such piles
    takes: dict[tuple[str, int], list[int]] = {}
    for place in range(10, 20):
        cards = slots[place].cards
        if not cards:
            empties.append(place)
        elif cards[-1].rank > ACE:
            takes.setdefault((cards[-1].suit, cards[-1].rank - 1), []).append(place)
    cap, cap_empty = capacity(len(empties), False), capacity(len(empties), True)

    def up(card: Card) -> list[int]:
        return empty_foundations if card.rank == ACE else next_up.get((card.suit, card.rank), _NONE)

    moves: list[Move] = []
    waste = slots[WASTE].cards
    if waste:
        card, row = waste[-1], _MOVES[WASTE][1]
        onto = takes.get((card.suit, card.rank), _NONE)
        moves += [row[target] for target in up(card)]
        moves += [row[target] for target in (sorted(onto + empties) if onto and empties else onto or empties)]
    for place in range(10, 20):
        cards = slots[place].cards
        if not cards:
            continue
        rows = _MOVES[place]
        foundations = up(cards[-1])  # a group goes up when its uppermost card does
        for count in range(1, min(run_length(cards), _LONGEST_RUN) + 1):
            row = rows[count]
            moves += [row[target] for target in foundations]
            lowest = cards[-count]
            onto = takes.get((lowest.suit, lowest.rank), _NONE) if count <= cap else _NONE
            if count <= cap_empty and empties:
                onto = sorted(onto + empties) if onto else empties
            moves += [row[target] for target in onto if target != place]
    return moves


def score(slots: Sequence[Slot]) -> int:
    """5 for each card on the foundations, 60 more for each complete foundation."""
    return sum(5 * len(slot.cards) + (60 if len(slot.cards) == 13 else 0) for slot in slots[FOUNDATIONS])
