"""Scorpion's table and card rules as small, fast functions (no texts, no recording).

The table is the reference's grid: the stock (the three-card reserve) top left, the seven piles
across, their blank column narrowed to a quarter card. Slots are reached by their place in
`Board.slots`: the stock first, then piles 1-7.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card, Fan, Move, Slot, SlotKind, SlotSpec

PILE_IDS = tuple(f"tableau-{n}" for n in range(1, 8))
SLOT_IDS = ("stock", *PILE_IDS)
STOCK = 0
PILES = slice(1, 8)
KING = 13
#: More cards than a pile can hold.
_MOST = 52
_MOVES = [[[Move(source, count, target) for target in SLOT_IDS] for count in range(_MOST + 1)]
          for source in SLOT_IDS]
_NONE: list[int] = []


def slot_specs() -> list[SlotSpec]:
    specs = [SlotSpec("stock", SlotKind.STOCK, 0, 0)]
    specs += [SlotSpec(slot_id, SlotKind.TABLEAU, 1.25 + x, 0, Fan.DOWN)
              for x, slot_id in enumerate(PILE_IDS)]
    return specs


def builds_on(card: Card, onto: Card) -> bool:
    """Whether `card` lies in sequence on `onto`: the same suit, one rank lower."""
    return card.suit == onto.suit and card.rank + 1 == onto.rank


def face_up_count(cards: Sequence[Card]) -> int:
    count = 0
    for card in reversed(cards):
        if not card.face_up:
            break
        count += 1
    return count


def legal_moves(slots: Sequence[Slot]) -> list[Move]:
    """Every legal card move, in slot order (source, then count, then target)."""
    empties: list[int] = []
    #: (suit, rank) of the card a pile takes -> that pile's place (each card exists once)
    takes: dict[tuple[str, int], int] = {}
    for place in range(1, 8):
        cards = slots[place].cards
        if not cards:
            empties.append(place)
        elif cards[-1].rank > 1:
            takes[(cards[-1].suit, cards[-1].rank - 1)] = place
    moves: list[Move] = []
    for place in range(1, 8):
        cards = slots[place].cards
        rows = _MOVES[place]
        for count in range(1, face_up_count(cards) + 1):
            lowest = cards[-count]
            if lowest.rank == KING:
                moves += [rows[count][target] for target in empties]
            else:
                target = takes.get((lowest.suit, lowest.rank))
                if target is not None and target != place:
                    moves.append(rows[count][target])
    return moves


def score(slots: Sequence[Slot]) -> int:
    """36, +1 for each face-up card in sequence on a face-up card, -3 for each face-down card,
    +4 for each pile holding exactly one whole suit from King down to Ace."""
    total = 36
    for pile in slots[PILES]:
        cards = pile.cards
        unbroken = True
        for index, card in enumerate(cards):
            if not card.face_up:
                total -= 3
                unbroken = False
            elif index == 0:
                continue
            elif cards[index - 1].face_up and builds_on(card, cards[index - 1]):
                total += 1
            else:
                unbroken = False
        if unbroken and len(cards) == 13:
            total += 4
    return total


def complete(cards: Sequence[Card]) -> bool:
    """Thirteen face-up cards of one suit, King at the bottom down to Ace on top."""
    return len(cards) == 13 and all(card.face_up for card in cards) and all(
        builds_on(cards[index], cards[index - 1]) for index in range(1, 13))
