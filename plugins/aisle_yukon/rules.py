"""Yukon's card rules as small, fast functions over the table (no texts, no recording).

The layout is fixed (see `layout.py`), so slots are reached by their place in `Board.slots`.
In a Yukon pile the face-down cards always lie under the face-up ones (a pile's new top card is
turned up after every move), so a pile is "some face-down cards, then a face-up part".
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Move, Slot
from aisle_yukon.layout import SLOT_IDS

#: Places in `Board.slots`, in the order `layout.slot_specs()` creates them.
FOUNDATIONS = slice(0, 4)
PILES = slice(4, 11)
ACE = 1
KING = 13
#: More cards than any pile can hold.
_MOST = 52
#: Every move by (source place, count, target place), made once: listing moves builds nothing.
_MOVES = [[[Move(source, count, target) for target in SLOT_IDS] for count in range(_MOST + 1)]
          for source in SLOT_IDS]


def builds_on(card: Card, onto: Card) -> bool:
    """Whether `card` may lie on `onto`: one rank lower and the other colour."""
    return card.rank + 1 == onto.rank and card.red != onto.red


def fits_foundation(card: Card, top: Card | None) -> bool:
    """An Ace starts any empty foundation; then the same suit goes up one rank at a time."""
    if top is None:
        return card.rank == ACE
    return top.suit == card.suit and top.rank + 1 == card.rank


def foundation_for(slots: Sequence[Slot], card: Card) -> Slot | None:
    """The foundation `card` goes to: an Ace the first empty one, any other card the one whose
    top is its suit one rank lower (the reference's double-click)."""
    for slot in slots[FOUNDATIONS]:
        if fits_foundation(card, slot.top):
            return slot
    return None


def face_up_count(cards: Sequence[Card]) -> int:
    """How many top cards of a pile are face up."""
    count = 0
    for card in reversed(cards):
        if not card.face_up:
            break
        count += 1
    return count


def legal_moves(slots: Sequence[Slot]) -> list[Move]:
    """Every legal move, in slot order (source, then count, then target): the order the
    generic `Variant.legal_actions` would list them in."""
    empty_foundations: list[int] = []
    started: dict[str, tuple[int, int]] = {}
    for place in range(4):
        cards = slots[place].cards
        if cards:
            started[cards[-1].suit] = (place, cards[-1].rank)
        else:
            empty_foundations.append(place)
    empty_piles: list[int] = []
    #: (rank, red) of the card a pile takes -> the places of such piles, in slot order
    takes: dict[tuple[int, bool], list[int]] = {}
    for place in range(4, 11):
        cards = slots[place].cards
        if not cards:
            empty_piles.append(place)
        elif cards[-1].rank > ACE:
            top = cards[-1]
            takes.setdefault((top.rank - 1, not top.red), []).append(place)
    moves: list[Move] = []
    for place in range(4, 11):
        cards = slots[place].cards
        if not cards:
            continue
        rows = _MOVES[place]
        card = cards[-1]
        if card.rank == ACE:
            moves += [rows[1][target] for target in empty_foundations]
        else:
            found = started.get(card.suit)
            if found is not None and found[1] + 1 == card.rank:
                moves.append(rows[1][found[0]])
        for count in range(1, face_up_count(cards) + 1):
            card = cards[-count]
            targets = empty_piles if card.rank == KING else takes.get((card.rank, card.red))
            if targets:
                row = rows[count]
                moves += [row[target] for target in targets if target != place]
    return moves
