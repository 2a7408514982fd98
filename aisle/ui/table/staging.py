"""The stages of a turn for the table to show one after another: where every card lay, and which
side it showed, before the turn and after each of its steps.

The model has changed already when the table looks, so the stages are worked back from the
table as it is now, taking the turn's events back one by one on plain lists (the game's own
cards are never touched). No Qt here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from aisle.engine.events import CardFlipped, CardsMoved, CardsRearranged, Event, inverse
from aisle.engine.slots import Slot

#: Per slot id, its cards bottom first, as (card id, face up).
Piles = dict[str, list[tuple[int, bool]]]


def piles_of(slots: Iterable[Slot]) -> Piles:
    return {slot.id: [(card.id, card.face_up) for card in slot.cards] for slot in slots}


def split_steps(events: Sequence[Event], steps: Sequence[int]) -> list[list[Event]]:
    """The events of each step (`steps` counts them; none: the whole turn is one step)."""
    if not steps:
        return [list(events)]
    split: list[list[Event]] = []
    start = 0
    for count in steps:
        split.append(list(events[start:start + count]))
        start += count
    if start < len(events):  # events after the last counted step belong to it
        split[-1].extend(events[start:])
    return split


def stage_piles(now: Piles, steps: Sequence[Sequence[Event]]) -> list[Piles]:
    """The piles before the first step, then after each step (the last is `now`)."""
    stages = [_copy(now)]
    piles = _copy(now)
    for step in reversed(steps):
        for event in reversed(step):
            apply_event(piles, inverse(event))
        stages.append(_copy(piles))
    stages.reverse()
    return stages


def _copy(piles: Piles) -> Piles:
    return {slot_id: list(cards) for slot_id, cards in piles.items()}


def apply_event(piles: Piles, event: Event) -> None:
    """`event` played on `piles` (plain lists: the game's own cards are never touched)."""
    if isinstance(event, CardsMoved):
        source = piles[event.source]
        moving = source[-event.count:]
        del source[-event.count:]
        if event.turned:
            moving = [(card, not up) for card, up in reversed(moving)]
        piles[event.target].extend(moving)
    elif isinstance(event, CardFlipped):
        card, _up = piles[event.slot][event.index]
        piles[event.slot][event.index] = (card, event.face_up)
    elif isinstance(event, CardsRearranged):
        faces = {card: up for slot_id, _ids in event.before for card, up in piles[slot_id]}
        for slot_id, ids in event.after:
            piles[slot_id] = [(card, faces[card]) for card in ids]
