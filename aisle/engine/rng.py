"""Our own version-stable random numbers: PCG32 (O'Neill, "PCG-XSH-RR", 64-bit state).

A deal must mean the same cards on every machine and every Python release, so we do not use
`random`. The generator is seeded from the deal number (state) and the game id (stream):

    state  = 0, inc = (stream << 1) | 1
    step();  state += seed;  step()
    step():   state = state * 6364136223846793005 + inc   (mod 2**64)
    output:   xorshifted = ((old >> 18) ^ old) >> 27 (32 bits), rot = old >> 59,
              result = rotate_right(xorshifted, rot)

`below(n)` draws uniformly from [0, n) by rejection (Lemire's threshold), and `shuffle` is the
forward Fisher-Yates pass: for i = 0..n-2, swap item i with item j drawn from [i, n).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005

Item = TypeVar("Item")


def stream_of(name: str) -> int:
    """A stable 63-bit stream number for a text (FNV-1a, 64 bit): each game gets its own stream."""
    value = 0xCBF29CE484222325
    for byte in name.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & _MASK64
    return value >> 1


class Pcg32:
    __slots__ = ("_inc", "_state")

    def __init__(self, seed: int, stream: int = 0) -> None:
        self._state = 0
        self._inc = ((stream << 1) | 1) & _MASK64
        self._step()
        self._state = (self._state + seed) & _MASK64
        self._step()

    def _step(self) -> None:
        self._state = (self._state * _MULTIPLIER + self._inc) & _MASK64

    def next32(self) -> int:
        old = self._state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, bound: int) -> int:
        """Uniform in [0, bound), 1 <= bound <= 2**32, without modulo bias."""
        if not 1 <= bound <= 1 << 32:
            raise ValueError("bound out of range")
        threshold = ((1 << 32) - bound) % bound
        while True:
            value = self.next32()
            if value >= threshold:
                return value % bound

    def shuffle(self, items: MutableSequence[Item]) -> None:
        for i in range(len(items) - 1):
            j = i + self.below(len(items) - i)
            items[i], items[j] = items[j], items[i]
