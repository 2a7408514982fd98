"""Slots: where cards lie. A variant describes them with `SlotSpec`; a game holds `Slot`s."""

from __future__ import annotations

from enum import StrEnum

from aisle.engine.cards import Card
from aisle.engine.records import frozen


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


@frozen
class SlotSpec:
    """Where a slot sits and how it shows its cards.

    `x`, `y` are grid positions in card units (1.0 = one card width across, one card height
    down, gaps included by the table). `fan_limit` shows only the top n cards fanned (a
    three-card waste); None shows them all. `outline` False shows nothing where the slot is
    empty (a place in Pyramid's or TriPeaks' overlapping rows, which is empty for good once its
    card is gone).
    """

    __slots__ = ("id", "kind", "x", "y", "fan", "fan_limit", "outline")  # noqa: RUF023 - in field order
    id: str
    kind: SlotKind
    x: float
    y: float
    fan: Fan
    fan_limit: int | None
    outline: bool

    def __init__(self, id: str, kind: SlotKind, x: float, y: float,
                 fan: Fan = Fan.NONE, fan_limit: int | None = None, outline: bool = True) -> None:
        # Set once, as by a frozen dataclass (see aisle.engine.records).
        _set = object.__setattr__
        _set(self, "id", id)
        _set(self, "kind", kind)
        _set(self, "x", x)
        _set(self, "y", y)
        _set(self, "fan", fan)
        _set(self, "fan_limit", fan_limit)
        _set(self, "outline", outline)


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
