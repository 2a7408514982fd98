"""Slots: where cards lie. A variant describes them with `SlotSpec`; a game holds `Slot`s."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from aisle.engine.cards import Card


class SlotKind(StrEnum):
    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"


class Fan(StrEnum):
    """How a pile shows its cards: stacked (only the top shows), fanned down or to the right."""

    NONE = "none"
    DOWN = "down"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class SlotSpec:
    """Where a slot sits and how it shows its cards.

    `x`, `y` are grid positions in card units (1.0 = one card width across, one card height
    down, gaps included by the table). `fan_limit` shows only the top n cards fanned (a
    three-card waste); None shows them all.
    """

    id: str
    kind: SlotKind
    x: float
    y: float
    fan: Fan = Fan.NONE
    fan_limit: int | None = None


class Slot:
    """A pile of cards, bottom first."""

    __slots__ = ("cards", "id", "kind", "spec")

    def __init__(self, spec: SlotSpec) -> None:
        self.spec = spec
        self.id = spec.id
        self.kind = spec.kind
        self.cards: list[Card] = []

    @property
    def x(self) -> float:
        return self.spec.x

    @property
    def y(self) -> float:
        return self.spec.y

    @property
    def fan(self) -> Fan:
        return self.spec.fan

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Slot {self.id} {self.cards!r}>"
