"""Forty Thieves' hint and the end of the game, over a compact copy of the table.

A position here is (cards left in the stock, the waste's card ids, each foundation's top card id
or -1, each pile's card ids), everything bottom first; a card id is deck * 52 + suit * 13 +
rank - 1. A step is (source, count, target) with the places of `Board.slots` (stock 0,
foundations 1-8, waste 9, piles 10-19); DEAL is a click on the stock.

The hint's steps, first match wins (the reference's order; step 3 made one-way):

1. the waste, then piles 1-10: the first top card that fits a foundation;
2. the waste's top card onto the first pile it fits, else into the first empty pile;
3. piles 1-10: the first top card that fits another pile, unless it already lies one rank below
   a card of its suit (a pile's only card always may go);
4. a deal, while the stock holds cards;
5. with the stock empty, a look ahead: the first legal move after which the hint's own next step
   (1-3) leaves the position better than now.

Positions compare by (cards on the foundations, fewer 2 × stock + waste, fewer separate runs on
the piles, more empty piles). Steps 1-4 always improve the position and a step-5 move is always
followed by a step that improves on the position before it, so following the hints never comes
back to a position.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import pairwise

from aisle.engine import Slot
from aisle_forty_thieves.rules import FOUNDATIONS, PILES, STOCK, WASTE

RANK = tuple(card_id % 13 + 1 for card_id in range(104))
SUIT = tuple(card_id % 52 // 13 for card_id in range(104))

Position = tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
Step = tuple[int, int, int]
DEAL: Step = (STOCK, 0, STOCK)
EMPTY = -1
#: The search for a way out stops here; then the game is not called lost.
MOST_POSITIONS = 300


def _in_sequence(card: int, below: int) -> bool:
    return SUIT[card] == SUIT[below] and RANK[card] + 1 == RANK[below]


def _fits_up(card: int, top: int) -> bool:
    if top == EMPTY:
        return RANK[card] == 1
    return SUIT[card] == SUIT[top] and RANK[top] + 1 == RANK[card]


def compact(slots: Sequence[Slot]) -> Position:
    return (
        len(slots[STOCK].cards),
        tuple(card.id for card in slots[WASTE].cards),
        tuple(slot.cards[-1].id if slot.cards else EMPTY for slot in slots[FOUNDATIONS]),
        tuple(tuple(card.id for card in slot.cards) for slot in slots[PILES]),
    )


def value(position: Position) -> tuple[int, int, int, int]:
    """Bigger is better (see the module's description)."""
    stock, waste, found, piles = position
    up = sum(RANK[top] for top in found if top != EMPTY)
    runs = empty = 0
    for pile in piles:
        if not pile:
            empty += 1
            continue
        runs += 1 + sum(1 for below, card in pairwise(pile) if not _in_sequence(card, below))
    return up, -(2 * stock + len(waste)), -runs, empty


def _up_step(source: int, card: int, found: tuple[int, ...]) -> Step | None:
    for place, top in enumerate(found):
        if _fits_up(card, top):
            return source, 1, place + 1
    return None


def progress_step(position: Position, with_deal: bool = True) -> Step | None:
    """The hint's step 1, 2, 3 or (with `with_deal`) 4, or None."""
    stock, waste, found, piles = position
    if waste:
        step = _up_step(WASTE, waste[-1], found)
        if step is not None:
            return step
    for place, pile in enumerate(piles):
        if pile:
            step = _up_step(place + 10, pile[-1], found)
            if step is not None:
                return step
    if waste:
        card = waste[-1]
        fitting = (place for place, pile in enumerate(piles) if pile and _in_sequence(card, pile[-1]))
        target = next(fitting, next((place for place, pile in enumerate(piles) if not pile), None))
        if target is not None:
            return WASTE, 1, target + 10
    for source, pile in enumerate(piles):
        if not pile or (len(pile) > 1 and _in_sequence(pile[-1], pile[-2])):
            continue
        for target, onto in enumerate(piles):
            if target != source and onto and _in_sequence(pile[-1], onto[-1]):
                return source + 10, 1, target + 10
    if with_deal and stock:
        return DEAL
    return None


def pile_steps(position: Position) -> list[Step]:
    """Every legal move between piles (single cards or runs of one suit), except a whole pile into
    an empty one, in slot order."""
    piles = position[3]
    empties = sum(1 for pile in piles if not pile)
    cap, cap_empty = 1 << empties, 1 << max(empties - 1, 0)
    first_empty = next((place for place, pile in enumerate(piles) if not pile), None)
    steps: list[Step] = []
    for source, pile in enumerate(piles):
        count = 0
        while count < len(pile) and (count == 0 or _in_sequence(pile[-count], pile[-count - 1])):
            count += 1
            lowest = pile[-count]
            for target, onto in enumerate(piles):
                if target == source:
                    continue
                if onto:
                    if count <= cap and _in_sequence(lowest, onto[-1]):
                        steps.append((source + 10, count, target + 10))
                elif target == first_empty and count <= cap_empty and count < len(pile):
                    steps.append((source + 10, count, target + 10))
    return steps


def after(position: Position, step: Step) -> Position:
    """The position after a move (not a deal)."""
    stock, waste, found, piles = position
    source, count, target = step
    if source == WASTE:
        moving = waste[-1:]
        waste = waste[:-1]
    else:
        pile = piles[source - 10]
        moving = pile[len(pile) - count:]
        piles = (*piles[:source - 10], pile[:len(pile) - count], *piles[source - 9:])
    if FOUNDATIONS.start <= target < FOUNDATIONS.stop:
        found = (*found[:target - 1], moving[0], *found[target:])  # only single cards go up here
    else:
        index = target - 10
        piles = (*piles[:index], piles[index] + moving, *piles[index + 1:])
    return stock, waste, found, piles


def look_ahead(position: Position) -> Step | None:
    """The hint's step 5 (see the module's description)."""
    now = value(position)
    for step in pile_steps(position):
        following = after(position, step)
        then = progress_step(following, with_deal=False)
        if then is not None and value(after(following, then)) > now:
            return step
    return None


def stuck(position: Position) -> bool:
    """Whether no card can ever go up or leave the waste again: the stock is empty, and no series
    of moves between the piles reaches a position where a top card fits a foundation or the
    waste's top card fits a pile (searched up to MOST_POSITIONS positions)."""
    if position[0]:
        return False
    seen = {position[3]}
    waiting = deque([position])
    while waiting:
        here = waiting.popleft()
        step = progress_step(here, with_deal=False)
        if step is not None and (step[0] == WASTE or step[2] < WASTE):
            return False
        for move in pile_steps(here):
            reached = after(here, move)
            if reached[3] not in seen:
                if len(seen) >= MOST_POSITIONS:
                    return False
                seen.add(reached[3])
                waiting.append(reached)
    return True
