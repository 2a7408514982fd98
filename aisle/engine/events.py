"""What happened on the table. `Game.play` returns these for the UI to animate; each one can be
applied and reverted, so the game's undo history is a list of them (no copies of the table)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class CardsMoved:
    """The top `count` cards of `source` went onto `target`.

    With `turned`, the cards were turned over as one packet on the way: their order reversed
    and each card flipped (the waste turned back into the stock, a stock card dealt face up).
    """

    source: str
    target: str
    count: int
    turned: bool = False


@dataclass(frozen=True, slots=True)
class CardFlipped:
    """The card at `index` of `slot` was turned to `face_up`."""

    slot: str
    index: int
    face_up: bool


@dataclass(frozen=True, slots=True)
class CardsRearranged:
    """Several piles were laid out anew at once (a redeal without shuffling).

    `before` and `after` give, per slot id, the card ids bottom first.
    """

    before: tuple[tuple[str, tuple[int, ...]], ...]
    after: tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class StateChanged:
    """A variant's own bookkeeping value changed (redeals used, "just redealt")."""

    key: str
    old: Any
    new: Any


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
