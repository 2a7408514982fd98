"""What the kit's dead-end tests on bit masks know of the cards, a bit per card code
(aisle.kit.solver_dead_face_up, solver_dead_links, solver_dead_top), read off the general test
of the same table (aisle.kit.solver_dead_end)."""

from __future__ import annotations

from collections.abc import Iterable

from aisle.kit.solver_dead_end import DeadEnds
from aisle.kit.solver_table import DOWN


def mask_of(codes: Iterable[int]) -> int:
    """The cards `codes` as one integer, a bit per card code."""
    bits = 0
    for code in codes:
        bits |= 1 << code
    return bits


class CardMasks:
    """For each card: the cards that may lie on it, the lower cards of its suit and the cards of
    its suit it is a lower card of; the cards that may start an empty pile; and for each suit
    and height of its foundation, the suit's cards not up yet."""

    def __init__(self, general: DeadEnds) -> None:
        order = general.order
        cards = range(DOWN)
        self.lying_on = [mask_of(other for other in cards if target in general.onto[other])
                         for target in cards]
        self.lower = [mask_of(general.lower[card]) for card in cards]
        self.higher = [mask_of(other for other in cards if card in general.lower[other])
                       for card in cards]
        self.kings = mask_of(card for card in cards if general.free[card])
        self.above = [[mask_of(card for card in range(suit << 4, (suit + 1) << 4)
                               if order[card] > height)
                       for height in range(14)] for suit in range(4)]


def cards_not_up(found: bytes, order: list[int], above: list[list[int]]) -> int:
    """The cards not on the foundations yet, from the foundations' top cards (`found`, 0: empty)
    and `CardMasks.above`."""
    heights = [0, 0, 0, 0]
    for top in found:
        if top:
            heights[top >> 4] = order[top]
    return above[0][heights[0]] | above[1][heights[1]] | above[2][heights[2]] | above[3][heights[3]]


def going_up(candidates: int, covered: int, lower: list[int]) -> tuple[int, int]:
    """Of `candidates` (cards free to go up, as bits), those that may go up (no lower card of
    their suit is covered) and those a covered lower card keeps down."""
    up = kept = 0
    while candidates:
        lowest = candidates & -candidates
        candidates ^= lowest
        if covered & lower[lowest.bit_length() - 1]:
            kept |= lowest
        else:
            up |= lowest
    return up, kept
