"""Values worked out once per key and then looked up: the solver's estimates depend on a pile's
cards alone, and most piles of a position are its parent's, so nearly every lookup is a hit."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Remembered(dict[K, V]):
    """`remembered[key]` works the value out on the first lookup and keeps it; past `most` keys,
    everything is forgotten at once (cheaper than keeping an order, and the search soon fills
    it again with the piles it is among)."""

    def __init__(self, work_out: Callable[[K], V], most: int = 200_000) -> None:
        super().__init__()
        self._work_out = work_out
        self._most = most

    def __missing__(self, key: K) -> V:
        if len(self) >= self._most:
            self.clear()
        value = self[key] = self._work_out(key)
        return value
