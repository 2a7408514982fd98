"""What Forty Thieves' beam hunt (aisle.solver.beam; each card dealt from the stock begins a
level) goes by: a few estimates of how far a position looks from a win (`WEIGHINGS`). They
differ in what they fear most (the waste growing, a card buried in it, the piles filling up),
and each wins deals the others miss (of deals 1-20, at 3 s: 11 to 12 each, 12 together).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aisle.kit.remembered import Remembered

if TYPE_CHECKING:
    from aisle_forty_thieves.solving import FortyThievesModel, State

#: The separator `_wanted_depth` joins the piles with (no card's code).
_SEPARATOR = b"\xff"


@dataclass(frozen=True)
class Weighing:
    """What an estimate charges (lower estimates are better): each card not up, each card in
    the waste, each card in a pile (or the waste) not lying on its suit's next higher card, each
    card above a lower card of its suit there (it must move away before that card can go up),
    each card above a card the foundations take next; and what an empty pile is worth."""

    card: int = 10
    waste: int = 1
    gap: int = 2
    block: int = 4
    waste_gap: int = 2
    waste_block: int = 4
    depth: int = 1
    empty: int = 6


#: The estimates each pass goes by, in turn: fearing the waste's growth, what lies buried in
#: the waste, and the piles filling up (see the module's notes).
WEIGHINGS = (Weighing(waste=3), Weighing(waste=0, waste_block=8), Weighing(empty=12))


def weighed(model: FortyThievesModel, weighing: Weighing) -> Callable[[State], int]:
    """The estimate `weighing` describes, for the positions of `model`."""
    piles_cost: Remembered[bytes, int] = Remembered(
        lambda pile: disorder(pile, weighing.gap, weighing.block))
    waste_cost: Remembered[bytes, int] = Remembered(
        lambda waste: disorder(waste, weighing.waste_gap, weighing.waste_block))
    wanted_of = model.wanted

    def estimate(state: State) -> int:
        piles, heights, cycle, shown, _ = state
        total = sum(map(piles_cost.__getitem__, piles)) + waste_cost[cycle[:shown]]
        total += weighing.card * (104 - sum(heights)) + weighing.waste * shown
        total -= weighing.empty * piles.count(b"")
        if weighing.depth:
            total += weighing.depth * _wanted_depth(piles, wanted_of(heights))
        return total

    return estimate


def disorder(pile: bytes, gap: int, block: int) -> int:
    """What a pile's (or the waste's) cards cost out of order: `gap` for each not lying on its
    suit's next higher card, `block` for each above a lower card of its suit."""
    lowest = [99, 99, 99, 99]
    cost = 0
    below = 0
    for code in pile:
        suit, rank = code >> 4, code & 15
        if below and below != code + 1:
            cost += gap
        if lowest[suit] < rank:
            cost += block
        else:
            lowest[suit] = rank
        below = code
    return cost


def _wanted_depth(piles: tuple[bytes, ...], wanted: tuple[int, ...]) -> int:
    """How many cards lie above the cards the foundations take next, in the piles."""
    layout = _SEPARATOR.join(piles)
    find = layout.find
    depth = 0
    for code in wanted:
        at = find(code)
        if at >= 0:
            end = find(_SEPARATOR, at)
            depth += (len(layout) if end < 0 else end) - at - 1
    return depth
