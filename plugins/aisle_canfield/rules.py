"""Canfield's card rules as small, fast functions over the table (docs/rules/canfield.md §3-4).

The layout is fixed (see game.py), so slots are reached by index. Ranks go round the corner:
the card after a King is an Ace, on the foundations and in the tableau alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Card, Move, Slot

#: Indexes of the slots in `Board.slots`, the reference's own slot numbers.
STOCK = 0
WASTE = 1
FOUNDATIONS = slice(2, 6)
FIRST_FOUNDATION = 2
RESERVE = 6
TABLEAU = slice(7, 11)

#: Cards turned from the stock at each click.
DRAW = 3


def next_rank(rank: int) -> int:
    """The rank one higher, an Ace after a King."""
    return rank % 13 + 1


def base_rank(slots: Sequence[Slot]) -> int:
    """The rank every foundation starts with: the card dealt to foundation 1, which never leaves."""
    first = slots[FIRST_FOUNDATION].cards
    return first[0].rank if first else 1


def relative_rank(card: Card, base: int) -> int:
    """Where a card stands on its foundation: 1 for the base rank, up to 13 for the rank below it."""
    return (card.rank - base) % 13 + 1


def fits_foundation(card: Card, top: Card | None, base: int) -> bool:
    """An empty foundation takes a card of the base rank; then its suit, one rank at a time."""
    if top is None:
        return card.rank == base
    return top.suit == card.suit and next_rank(top.rank) == card.rank


def fits_pile(card: Card, top: Card | None) -> bool:
    """An empty pile takes anything; else the other colour, one rank lower (a King on an Ace)."""
    if top is None:
        return True
    return top.red != card.red and top.rank == next_rank(card.rank)


def run_length(cards: Sequence[Card]) -> int:
    """How many top cards of a pile form a run that moves together: face up, each one rank lower
    than the card beneath it (a King on an Ace) and of the other colour."""
    index = len(cards) - 1
    if index < 0 or not cards[index].face_up:
        return 0
    while index > 0:
        below, above = cards[index - 1], cards[index]
        if not below.face_up or below.red == above.red or below.rank != next_rank(above.rank):
            break
        index -= 1
    return len(cards) - index


class Targets:
    """Where a card could go now, indexed once: each card is then a dictionary look-up."""

    __slots__ = ("base", "empty_foundations", "empty_piles", "foundation_for", "piles_for")

    empty_foundations: list[str]
    foundation_for: dict[tuple[str, int], list[str]]
    empty_piles: list[str]
    piles_for: dict[tuple[int, bool], list[str]]

    def __init__(self, slots: Sequence[Slot]) -> None:
        self.base = base_rank(slots)
        empty_foundations: list[str] = []
        self.empty_foundations = empty_foundations
        #: (suit, rank) of the card a foundation takes next -> that foundation
        foundation_for: dict[tuple[str, int], list[str]] = {}
        self.foundation_for = foundation_for
        for slot in slots[FOUNDATIONS]:
            cards = slot.cards
            if cards:
                top = cards[-1]
                # One foundation per suit: each key is set once.
                foundation_for[(top.suit, top.rank % 13 + 1)] = [slot.id]
            else:
                empty_foundations.append(slot.id)
        empty_piles: list[str] = []
        self.empty_piles = empty_piles
        #: (rank, red) of the cards a pile takes -> those piles
        piles_for: dict[tuple[int, bool], list[str]] = {}
        self.piles_for = piles_for
        for slot in slots[TABLEAU]:
            cards = slot.cards
            if cards:
                top = cards[-1]
                key = ((top.rank - 2) % 13 + 1, not top.red)
                if key in piles_for:
                    piles_for[key].append(slot.id)
                else:
                    piles_for[key] = [slot.id]
            else:
                empty_piles.append(slot.id)

    def foundations(self, card: Card) -> list[str]:
        if card.rank == self.base:
            return self.empty_foundations
        return self.foundation_for.get((card.suit, card.rank), _NONE)

    def piles(self, card: Card) -> list[str]:
        """The piles a card (or a run with it deepest) may go onto: fitting ones, then empty ones."""
        fitting = self.piles_for.get((card.rank, card.red), _NONE)
        return fitting + self.empty_piles if self.empty_piles else fitting

    def takes(self, card: Card) -> bool:
        return bool(self.foundations(card) or self.piles(card))


_NONE: list[str] = []


def legal_moves(slots: Sequence[Slot], targets: Targets | None = None) -> Iterator[Move]:
    """Every legal card move."""
    found = Targets(slots) if targets is None else targets
    singles = [slots[WASTE], slots[RESERVE]]
    singles += [slot for slot in slots[FOUNDATIONS]
                if slot.cards and slot.cards[-1].rank != found.base]  # a base card stays up
    for slot in singles:
        if not slot.cards:
            continue
        card = slot.cards[-1]
        for target in found.foundations(card):
            if target != slot.id:
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
    """Where a double-click sends `card`: a base-rank card to the first empty foundation, any
    other card onto the foundation of its suit when it comes next there."""
    base = base_rank(slots)
    for slot in slots[FOUNDATIONS]:
        if fits_foundation(card, slot.top, base):
            return slot.id
    return None
