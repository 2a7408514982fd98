"""Canfield's loss test over the slots alone, for tests that name it."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Slot
from aisle_canfield.game import Canfield

_CANFIELD = Canfield()


def is_lost(slots: Sequence[Slot]) -> bool:
    return _CANFIELD.family.is_lost(slots)
