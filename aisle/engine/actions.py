"""What a player can do: move cards, click the stock, double-click a slot, send all up."""

from __future__ import annotations

from typing import Any

from aisle.engine.records import frozen

# Each class is a frozen dataclass written out (see aisle.engine.records): fields set once.
_set = object.__setattr__


@frozen
class Move:
    """Move the top `count` cards of `source` onto `target`, keeping their order."""

    __slots__ = ("source", "count", "target")  # noqa: RUF023 - in field order
    source: str
    count: int
    target: str

    def __init__(self, source: str, count: int, target: str) -> None:
        _set(self, "source", source)
        _set(self, "count", count)
        _set(self, "target", target)


@frozen
class Deal:
    """A click on the stock: deal from it, or turn the waste over (a redeal)."""

    __slots__ = ()


@frozen
class DoubleClick:
    """The variant's double-click on a slot (send a card up, collect everything playable)."""

    __slots__ = ("slot",)
    slot: str

    def __init__(self, slot: str) -> None:
        _set(self, "slot", slot)


@frozen
class SendAllUp:
    """Send every card that may go to a foundation there, one after another (one undo step)."""

    __slots__ = ()


Action = Move | Deal | DoubleClick | SendAllUp


def action_to_json(action: Action) -> Any:
    if isinstance(action, Move):
        return {"move": [action.source, action.count, action.target]}
    if isinstance(action, Deal):
        return {"deal": True}
    if isinstance(action, SendAllUp):
        return {"send_all_up": True}
    return {"double_click": action.slot}


def action_from_json(data: Any) -> Action:
    """Read one action back; raises ValueError with the reason when it is malformed."""
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f"an action must be an object with one key, not {data!r:.60}")
    (kind, value), = data.items()
    if kind == "move":
        if (
            isinstance(value, list) and len(value) == 3
            and isinstance(value[0], str) and isinstance(value[2], str)
            and type(value[1]) is int and 0 < value[1] <= 1000
        ):
            return Move(value[0], value[1], value[2])
        raise ValueError(f"bad move {value!r:.60}")
    if kind == "deal" and value is True:
        return Deal()
    if kind == "double_click" and isinstance(value, str):
        return DoubleClick(value)
    if kind == "send_all_up" and value is True:
        return SendAllUp()
    raise ValueError(f"unknown action {data!r:.60}")
