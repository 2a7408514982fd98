"""Which Yukon moves make progress: the hint's steps, and when the game can go no further.

A position is kept compact here: for each pile, how many face-down cards it holds and the ids of
its face-up cards (bottom first); for each suit, the rank on top of its foundation. Card ids are
suit * 13 + rank - 1 (suits clubs, diamonds, hearts, spades).

A step is (source pile, count, target), piles 0-6, target UP for the card's own foundation.
The hint's steps, first match wins (the reference's order):

1. a pile's top card goes up (piles 1-7);
2. for each target pile, each other pile, its face-up cards from the top down: the first card
   that goes onto the target's top card where the move is worth it: it empties the pile, turns a
   face-down card up, takes the card off a card it was not in sequence on, or uncovers a card
   that goes up;
3. with a pile empty: the first face-up King that is not the bottom card of its pile goes there.

When no step applies, every legal move lifts a group off a card it lies in sequence on and puts
it onto the top card of the same rank and colour (or moves a King from the bottom of a pile to an
empty one). Such moves turn no card and send none up, but they can make a step possible: the
group carries its top card to another pile, where cards of its old pile can follow it. So the
game is lost only when no step applies here nor in any position such moves reach; and when no
step applies here, the hint leads the shortest such way to a position where one does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from aisle.engine import Slot
from aisle_yukon.rules import FOUNDATIONS, PILES

RANK = tuple(card_id % 13 + 1 for card_id in range(52))
SUIT = tuple(card_id // 13 for card_id in range(52))
RED = tuple(SUIT[card_id] in (1, 2) for card_id in range(52))
#: A card's rank and colour as one number, and the number of the cards that fit onto it.
KEY = tuple(RANK[card_id] * 2 + RED[card_id] for card_id in range(52))
NEED = tuple((RANK[card_id] - 1) * 2 + (not RED[card_id]) for card_id in range(52))
KING = 13

Pile = tuple[int, tuple[int, ...]]
Position = tuple[Pile, ...]
Found = tuple[int, ...]
Step = tuple[int, int, int]
UP = -1
_NOWHERE: list[tuple[int, int]] = []
_NONE: list[int] = []
#: The search through such moves stops here; then the game is not called lost.
MOST_POSITIONS = 400


def _builds(card: int, onto: int) -> bool:
    return RANK[card] + 1 == RANK[onto] and RED[card] != RED[onto]


def compact(slots: Sequence[Slot]) -> tuple[Position, Found]:
    piles = []
    for slot in slots[PILES]:
        up = tuple(card.id for card in slot.cards if card.face_up)
        piles.append((len(slot.cards) - len(up), up))
    found = [0, 0, 0, 0]
    for slot in slots[FOUNDATIONS]:
        if slot.cards:
            top = slot.cards[-1].id
            found[SUIT[top]] = RANK[top]
    return tuple(piles), tuple(found)


def _where(piles: Position) -> dict[int, list[tuple[int, int]]]:
    """Each face-up card's fitting key -> (pile, index) of such cards, piles in order and each
    pile from the top down: the cards that could go onto a card needing that key."""
    found: dict[int, list[tuple[int, int]]] = {}
    for place, (_down, up) in enumerate(piles):
        for index in range(len(up) - 1, -1, -1):
            found.setdefault(KEY[up[index]], []).append((place, index))
    return found


def progress_step(piles: Position, found: Found) -> Step | None:
    """The hint's step 1, 2 or 3 (see the module's description), or None."""
    for place, (_down, up) in enumerate(piles):
        if up and found[SUIT[up[-1]]] + 1 == RANK[up[-1]]:
            return place, 1, UP
    where = _where(piles)
    for target, (_down, onto) in enumerate(piles):
        if not onto:
            continue
        for source, index in where.get(NEED[onto[-1]], _NOWHERE):
            if source == target:
                continue
            up = piles[source][1]
            if index == 0:
                return source, len(up), target  # empties the pile or turns a card up
            card, under = up[index], up[index - 1]
            if not _builds(card, under) or found[SUIT[under]] + 1 == RANK[under]:
                return source, len(up) - index, target
    empty = next((place for place, (down, up) in enumerate(piles) if not down and not up), None)
    if empty is not None:
        for source, (down, up) in enumerate(piles):
            for index in range(len(up) - 1, -1, -1):
                if RANK[up[index]] == KING and (index > 0 or down):
                    return source, len(up) - index, empty
    return None


def _other_steps(piles: Position) -> list[Step]:
    """Every legal move between piles, in a position where no progress step applies."""
    empties = [place for place, (down, up) in enumerate(piles) if not down and not up]
    #: fitting key -> the piles whose top card takes such a card
    takers: dict[int, list[int]] = {}
    for place, (_down, onto) in enumerate(piles):
        if onto:
            takers.setdefault(NEED[onto[-1]], []).append(place)
    steps = []
    for source, (_down, up) in enumerate(piles):
        for index, card in enumerate(up):
            targets = empties if RANK[card] == KING else takers.get(KEY[card], _NONE)
            steps += [(source, len(up) - index, target) for target in targets if target != source]
    return steps


def _after(piles: Position, step: Step) -> Position:
    """The position after a move between piles that turns no card (see `_other_steps`)."""
    source, count, target = step
    down, up = piles[source]
    changed = list(piles)
    changed[source] = (down, up[:len(up) - count])
    target_down, onto = piles[target]
    changed[target] = (target_down, onto + up[len(up) - count:])
    return tuple(changed)


def way_forward(piles: Position, found: Found) -> tuple[Step | None, bool]:
    """(the first move of the shortest series of other moves that reaches a position where a
    progress step applies, or None; whether the search was complete). Asked only when no
    progress step applies to `piles` itself."""
    first: dict[Position, Step | None] = {piles: None}
    waiting = deque([piles])
    while waiting:
        here = waiting.popleft()
        for step in _other_steps(here):
            reached = _after(here, step)
            if reached in first:
                continue
            lead = first[here] or step
            if progress_step(reached, found) is not None:
                return lead, True
            if len(first) >= MOST_POSITIONS:
                return None, False
            first[reached] = lead
            waiting.append(reached)
    return None, True
