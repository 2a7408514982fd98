"""The classic Microsoft FreeCell deals, for any kit game dealt like FreeCell: deal N here is
deal N of the original program (a game uses them through `classic_order` in its `deck_order`).

The program seeds the Microsoft C library's `rand()` with the deal number and deals from a deck
ordered A♣ A♦ A♥ A♠ 2♣ … K♠ (index = 4 × (rank − 1) + suit, suits clubs, diamonds, hearts,
spades): each time it draws r, deals the card at r mod (cards left) and moves the last remaining
card into that place. The cards go out in rows across the eight columns.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Card

#: The classic program's deal numbers.
FIRST_DEAL = 1
LAST_DEAL = (1 << 31) - 1

_MASK31 = (1 << 31) - 1


def classic_number(seed: int) -> int:
    """The classic deal an Aisle deal number plays: itself within 1 … 2^31 − 1, any other number
    wrapped round into that range (0 plays deal 2147483647, 2147483648 plays deal 1)."""
    return (seed - 1) % LAST_DEAL + 1


def classic_indexes(number: int) -> list[int]:
    """The classic program's cards for deal `number` (1 … 2^31 − 1), as deck indexes
    (4 × (rank − 1) + suit), in the order they are dealt."""
    if not FIRST_DEAL <= number <= LAST_DEAL:
        raise ValueError(f"classic deals run from {FIRST_DEAL} to {LAST_DEAL}, not {number}")
    state = number
    deck = list(range(52))
    dealt = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & _MASK31
        pick = (state >> 16) % left
        dealt.append(deck[pick])
        deck[pick] = deck[left - 1]
    return dealt


def classic_order(seed: int, cards: Sequence[Card]) -> list[Card]:
    """`cards` (one fresh deck in id order) in the order the classic program deals them."""
    by_id = {card.id: card for card in cards}
    order = []
    for index in classic_indexes(classic_number(seed)):
        rank, suit = index // 4 + 1, index % 4
        # Aisle's card ids run suit by suit in the same suit order: suit * 13 + rank - 1.
        order.append(by_id[suit * 13 + rank - 1])
    return order
