"""What happened on the table. `Game.play` returns these for the UI to animate; each one can be
applied and reverted, so the game's undo history is a list of them (no copies of the table)."""

from __future__ import annotations

from typing import Any

from aisle.engine.records import frozen

# Each class is a frozen dataclass written out (see aisle.engine.records): fields set once.
_set = object.__setattr__
#: Per slot id, the card ids bottom first.
_Piles = tuple[tuple[str, tuple[int, ...]], ...]


@frozen
class CardsMoved:
    """The top `count` cards of `source` went onto `target`.

    With `turned`, the cards were turned over as one packet on the way: their order reversed
    and each card flipped (the waste turned back into the stock, a stock card dealt face up).
    """

    __slots__ = ("source", "target", "count", "turned")  # noqa: RUF023 - in field order
    source: str
    target: str
    count: int
    turned: bool

    def __init__(self, source: str, target: str, count: int, turned: bool = False) -> None:
        _set(self, "source", source)
        _set(self, "target", target)
        _set(self, "count", count)
        _set(self, "turned", turned)


@frozen
class CardFlipped:
    """The card at `index` of `slot` was turned to `face_up`."""

    __slots__ = ("slot", "index", "face_up")  # noqa: RUF023 - in field order
    slot: str
    index: int
    face_up: bool

    def __init__(self, slot: str, index: int, face_up: bool) -> None:
        _set(self, "slot", slot)
        _set(self, "index", index)
        _set(self, "face_up", face_up)


@frozen
class CardsRearranged:
    """Several piles were laid out anew at once (a redeal without shuffling).

    `before` and `after` give, per slot id, the card ids bottom first.
    """

    __slots__ = ("before", "after")  # noqa: RUF023 - in field order
    before: _Piles
    after: _Piles

    def __init__(self, before: _Piles, after: _Piles) -> None:
        _set(self, "before", before)
        _set(self, "after", after)


@frozen
class StateChanged:
    """A variant's own bookkeeping value changed (redeals used, "just redealt")."""

    __slots__ = ("key", "old", "new")  # noqa: RUF023 - in field order
    key: str
    old: Any
    new: Any

    def __init__(self, key: str, old: Any, new: Any) -> None:
        _set(self, "key", key)
        _set(self, "old", old)
        _set(self, "new", new)


Event = CardsMoved | CardFlipped | CardsRearranged | StateChanged


def inverse(event: Event) -> Event:
    """The event that undoes `event`."""
    if isinstance(event, CardsMoved):
        return CardsMoved(event.target, event.source, event.count, event.turned)
    if isinstance(event, CardFlipped):
        return CardFlipped(event.slot, event.index, not event.face_up)
    if isinstance(event, CardsRearranged):
        return CardsRearranged(event.after, event.before)
    return StateChanged(event.key, event.new, event.old)
