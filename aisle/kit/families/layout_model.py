"""What a solver model of a removal game (`aisle.kit.removal`) knows of the layout: its cards as
bits of a 52-bit mask (bit = card id), which cards cover which, and the stock in dealing order.

A layout card is free (in play) when none of the cards lying on it is left: in an overlap the
cards of the next row half a card to either side, in a tableau pile the card above it. The
position's layout is then one int, the mask of the cards still there, and "is card c free" is one
AND with `covered[c]`. The relations come from the board the model is built from, so a model
made in mid-game knows exactly the cards left.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from aisle.engine.board import Board
from aisle.engine.slots import Slot
from aisle.kit.removal import RemovalVariant


def bits(mask: int) -> Iterator[int]:
    """The set bits of `mask` (card ids), lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class LayoutCards:
    """The layout and stock of one position of `game`, for a model to play on."""

    def __init__(self, game: RemovalVariant, board: Board) -> None:
        slots = board.slots
        #: The layout's cards in table order (a pile bottom first), each with its place.
        self.order: list[tuple[int, int]] = []
        #: The cards lying directly on each card, as a mask.
        self.covered = [0] * 52
        self.rank = [0] * 52
        self.mask = 0
        for card in board.cards:
            self.rank[card.id] = card.rank
        overlap_of = {first + n: (role, first) for role, first in game.overlaps for n in range(role.count)}
        for place in game.layout_places:
            cards = slots[place].cards
            for depth, card in enumerate(cards):
                self.order.append((card.id, place))
                self.mask |= 1 << card.id
                if depth + 1 < len(cards):
                    self.covered[card.id] |= 1 << cards[depth + 1].id
            if place in overlap_of and cards:
                role, first = overlap_of[place]
                covering = (first + m for m in role.covered_by[place - first])
                self.covered[cards[0].id] |= _cards_at(slots, covering)
        self.place_of = {card: place for card, place in self.order}
        #: The cards each card lies on directly, as a mask.
        self.lies_on = self._covers()
        #: Everything lying on each card, and everything it lies on, directly or not.
        self.above = [_closure(card, self.covered) for card in range(52)]
        self.below = [_closure(card, self.lies_on) for card in range(52)]
        stock = slots[game.stock].cards if game.stock is not None else []
        #: The stock's cards in the order they are dealt.
        self.stock = bytes(card.id for card in reversed(stock))

    def _covers(self) -> list[int]:
        covers = [0] * 52
        for card in range(52):
            for other in bits(self.covered[card]):
                covers[other] |= 1 << card
        return covers

    def free(self, layout: int) -> list[tuple[int, int]]:
        """The free cards of a layout mask, with their places, in table order."""
        covered = self.covered
        return [(card, place) for card, place in self.order
                if layout >> card & 1 and not covered[card] & layout]

    def free_mask(self, layout: int) -> int:
        covered, mask = self.covered, 0
        for card in bits(layout):
            if not covered[card] & layout:
                mask |= 1 << card
        return mask

    def freed(self, layout: int, card: int) -> int:
        """The cards `card` lay on that nothing covers in `layout` (which lacks `card`)."""
        covered, mask = self.covered, 0
        for other in bits(self.lies_on[card] & layout):
            if not covered[other] & layout:
                mask |= 1 << other
        return mask


def _cards_at(slots: Sequence[Slot], places: Iterable[int]) -> int:
    mask = 0
    for place in places:
        for card in slots[place].cards:
            mask |= 1 << card.id
    return mask


def _closure(card: int, links: list[int]) -> int:
    seen, waiting = 0, links[card]
    while waiting:
        low = waiting & -waiting
        waiting ^= low
        if not seen & low:
            seen |= low
            waiting |= links[low.bit_length() - 1] & ~seen
    return seen
