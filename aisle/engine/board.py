"""The table a variant works on: slots, cards, the variant's own values, and a log of changes.

A variant changes the table only through `move`, `turn_over`, `flip`, `set` and `rearrange`.
Each records an event, so the game can undo a whole turn by reverting its events, and the UI
can animate them. Nothing is copied per action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from aisle.engine.cards import Card
from aisle.engine.events import (
    CardFlipped,
    CardsMoved,
    CardsRearranged,
    Event,
    StateChanged,
)
from aisle.engine.slots import Slot, SlotSpec


class Board:
    __slots__ = ("_by_id", "_log", "cards", "slots", "state")

    def __init__(self, specs: Iterable[SlotSpec], cards: Sequence[Card], state: Mapping[str, Any]):
        self.slots: list[Slot] = [Slot(spec) for spec in specs]
        self._by_id: dict[str, Slot] = {slot.id: slot for slot in self.slots}
        #: Every card of the game, indexed by its id.
        self.cards: list[Card] = sorted(cards, key=lambda card: card.id)
        #: The variant's own values (JSON-compatible), changed only through `set`.
        self.state: dict[str, Any] = dict(state)
        self._log: list[Event] | None = None

    # -- looking -----------------------------------------------------------------------------
    def slot(self, slot_id: str) -> Slot:
        return self._by_id[slot_id]

    def has_slot(self, slot_id: str) -> bool:
        return slot_id in self._by_id

    def of_kind(self, kind: str) -> list[Slot]:
        return [slot for slot in self.slots if slot.kind == kind]

    def kept(self) -> tuple[list[list[Card]], list[bool], dict[str, Any]]:
        """Everything `put_back` needs to undo any change made since (cards, faces, state)."""
        return ([list(slot.cards) for slot in self.slots], [card.face_up for card in self.cards],
                dict(self.state))

    def put_back(self, kept: tuple[list[list[Card]], list[bool], dict[str, Any]]) -> None:
        """The board as `kept()` found it (a game's code that failed halfway through a change it
        should not have made), with no log left running."""
        contents, faces, state = kept
        for slot, cards in zip(self.slots, contents, strict=True):
            slot.cards[:] = cards
        for card, face_up in zip(self.cards, faces, strict=True):
            card.face_up = face_up
        self.state.clear()
        self.state.update(state)
        self._log = None

    # -- setting up (during the deal only: not recorded) --------------------------------------
    def place(self, slot_id: str, cards: Iterable[Card]) -> None:
        self._by_id[slot_id].cards.extend(cards)

    # -- changing (recorded) ------------------------------------------------------------------
    def move(self, source: str, count: int, target: str) -> None:
        """Move the top `count` cards of `source` onto `target`, order and faces kept."""
        self._record(CardsMoved(source, target, count))

    def turn_over(self, source: str, count: int, target: str) -> None:
        """Turn the top `count` cards of `source` over as a packet onto `target`."""
        self._record(CardsMoved(source, target, count, turned=True))

    def flip(self, slot_id: str, face_up: bool = True, index: int = -1) -> None:
        """Turn one card (the top by default) to `face_up`; nothing happens if it already is."""
        cards = self._by_id[slot_id].cards
        position = index % len(cards)
        if cards[position].face_up != face_up:
            self._record(CardFlipped(slot_id, position, face_up))

    def set(self, key: str, value: Any) -> None:
        old = self.state.get(key)
        if old != value:
            self._record(StateChanged(key, old, value))

    def rearrange(self, contents: Mapping[str, Sequence[Card]]) -> None:
        """Lay the given slots out anew with exactly these cards (bottom first)."""
        before = tuple((sid, tuple(c.id for c in self._by_id[sid].cards)) for sid in contents)
        after = tuple((sid, tuple(c.id for c in cards)) for sid, cards in contents.items())
        moved = sorted(i for _, ids in before for i in ids)
        if moved != sorted(i for _, ids in after for i in ids):
            raise ValueError("a rearrangement must keep the same cards")
        self._record(CardsRearranged(before, after))

    # -- events -------------------------------------------------------------------------------
    def _record(self, event: Event) -> None:
        self.apply(event)
        if self._log is not None:
            self._log.append(event)

    def apply(self, event: Event) -> None:
        """Carry out one event (without recording it)."""
        if isinstance(event, CardsMoved):
            source = self._by_id[event.source].cards
            if not 0 < event.count <= len(source):
                raise ValueError(f"cannot take {event.count} cards from {event.source}")
            moving = source[-event.count:]
            del source[-event.count:]
            if event.turned:
                moving.reverse()
                for card in moving:
                    card.face_up = not card.face_up
            self._by_id[event.target].cards.extend(moving)
        elif isinstance(event, CardFlipped):
            self._by_id[event.slot].cards[event.index].face_up = event.face_up
        elif isinstance(event, CardsRearranged):
            for slot_id, ids in event.after:
                self._by_id[slot_id].cards[:] = [self.cards[i] for i in ids]
        else:
            if event.new is None:
                self.state.pop(event.key, None)
            else:
                self.state[event.key] = event.new

    def start_log(self) -> list[Event]:
        self._log = []
        return self._log

    def stop_log(self) -> list[Event]:
        log, self._log = self._log or [], None
        return log
