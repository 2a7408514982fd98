"""When Klondike is lost (our decision; the reference never says so).

Lost means: no card move is legal now, and none becomes legal for any card that dealing
through the stock (with the redeals that are left) can still bring to the top of the waste.
While the player only deals, the tableau and the foundations stay as they are, so whether a
waste card could be played is a look-up in one `Targets` index.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aisle.engine import Card, Slot
from aisle_klondike.rules import STOCK, WASTE, Targets, legal_moves


def waste_tops_to_come(
    slots: Sequence[Slot], draw: int, redeal_left: bool
) -> Iterator[Card]:
    """Every card that dealing on (without playing) can still show on top of the waste.

    Each stock click deals `draw` cards and shows the last of them, so the cards shown are
    every `draw`-th card of the stock (and its last card). After a redeal the whole cycle,
    waste first, comes round again, grouped from its start, and every later cycle repeats it.
    """
    stock = slots[STOCK].cards[::-1]  # top first: the order the cards come out in
    yield from _shown(stock, draw)
    if redeal_left:
        yield from _shown(slots[WASTE].cards + stock, draw)


def _shown(order: list[Card], draw: int) -> Iterator[Card]:
    if draw == 1:
        yield from order
        return
    for end in range(draw, len(order) + draw, draw):
        yield order[min(end, len(order)) - 1]


def is_lost(slots: Sequence[Slot], draw: int, redeal_left: bool) -> bool:
    targets = Targets(slots)
    for _move in legal_moves(slots, targets):
        return False  # the common case: something can be played right now
    return not any(targets.takes(card) for card in waste_tops_to_come(slots, draw, redeal_left))
