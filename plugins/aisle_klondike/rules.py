"""Klondike's card rules as small, fast functions over the table (no texts, no recording).

The layout is fixed (see `layout.py`), so slots are reached by index instead of by id: the
engine bench calls `legal_moves` tens of thousands of times a second.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Card, Move, Slot

#: Indexes of the slots in `Board.slots` (the order `layout()` creates them in).
STOCK = 0
WASTE = 1
FOUNDATIONS = slice(2, 6)
TABLEAU = slice(6, 13)

KING = 13
ACE = 1


def run_length(cards: Sequence[Card]) -> int:
    """How many top cards of a tableau pile form a face-up run that can move together:
    each card one rank lower than the card beneath it and of the other colour."""
    index = len(cards) - 1
    if index < 0 or not cards[index].face_up:
        return 0
    while index > 0:
        below, above = cards[index - 1], cards[index]
        if not below.face_up or below.rank != above.rank + 1 or below.red == above.red:
            break
        index -= 1
    return len(cards) - index


def fits_foundation(card: Card, top: Card | None) -> bool:
    """Any ace starts an empty foundation; then the same suit goes up one rank at a time."""
    if top is None:
        return card.rank == ACE
    return top.suit == card.suit and top.rank + 1 == card.rank


def fits_pile(card: Card, top: Card | None) -> bool:
    """Only a King goes onto an empty pile; otherwise one rank lower and the other colour."""
    if top is None:
        return card.rank == KING
    return top.face_up and top.rank == card.rank + 1 and top.red != card.red


class Targets:
    """Where a card could go in the current position, indexed once so that each card is a
    dictionary look-up instead of a scan of eleven slots. Lists are in slot order."""

    __slots__ = ("empty_foundations", "empty_piles", "foundation_for", "piles_for")

    def __init__(self, slots: Sequence[Slot]) -> None:
        self.empty_foundations: list[str] = []
        #: (suit, rank) of the card a foundation takes next -> that foundation's id
        self.foundation_for: dict[tuple[str, int], list[str]] = {}
        for slot in slots[FOUNDATIONS]:
            if slot.cards:
                top = slot.cards[-1]
                self.foundation_for[(top.suit, top.rank + 1)] = [slot.id]
            else:
                self.empty_foundations.append(slot.id)
        self.empty_piles: list[str] = []
        #: (rank, red) of the cards a pile takes -> the ids of such piles
        self.piles_for: dict[tuple[int, bool], list[str]] = {}
        for slot in slots[TABLEAU]:
            if not slot.cards:
                self.empty_piles.append(slot.id)
                continue
            top = slot.cards[-1]
            if top.face_up and top.rank > ACE:
                self.piles_for.setdefault((top.rank - 1, not top.red), []).append(slot.id)

    def foundations(self, card: Card) -> list[str]:
        """The foundations that take `card` (an ace: every empty one)."""
        if card.rank == ACE:
            return self.empty_foundations
        return self.foundation_for.get((card.suit, card.rank), _NONE)

    def piles(self, card: Card) -> list[str]:
        """The tableau piles a run with `card` at its base may go onto."""
        if card.rank == KING:
            return self.empty_piles
        return self.piles_for.get((card.rank, card.red), _NONE)

    def takes(self, card: Card) -> bool:
        return bool(self.foundations(card) or self.piles(card))


_NONE: list[str] = []


def legal_moves(slots: Sequence[Slot], targets: Targets | None = None) -> Iterator[Move]:
    """Every legal card move, in slot order (source, then count, then target): the order the
    generic `Variant.legal_actions` would list them in."""
    found = Targets(slots) if targets is None else targets
    waste = slots[WASTE].cards
    if waste:
        card = waste[-1]
        for target in found.foundations(card):
            yield Move("waste", 1, target)
        for target in found.piles(card):
            yield Move("waste", 1, target)
    for slot in slots[FOUNDATIONS]:
        if slot.cards:
            card = slot.cards[-1]
            for target in found.foundations(card):
                yield Move(slot.id, 1, target)
            for target in found.piles(card):
                yield Move(slot.id, 1, target)
    for slot in slots[TABLEAU]:
        cards = slot.cards
        for count in range(1, run_length(cards) + 1):
            card = cards[-count]
            if count == 1:
                for target in found.foundations(card):
                    yield Move(slot.id, 1, target)
            for target in found.piles(card):
                if target != slot.id:
                    yield Move(slot.id, count, target)


def foundation_for(slots: Sequence[Slot], card: Card) -> str | None:
    """The foundation a double-click sends `card` to: an ace to the first empty one, any
    other card to the one holding its suit one rank lower."""
    for slot in slots[FOUNDATIONS]:
        if fits_foundation(card, slot.top):
            return slot.id
    return None
