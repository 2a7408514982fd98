"""A guard against a PySide6 fault: on Python 3.11, PySide6 6.12 drops one reference to None
on every call of a method that returns nothing, so after some thousand calls (a few seconds of
play) Python dies with "deallocating None".

Python 3.12 made None immortal, which hides the fault there. Here we do the same for 3.11:
when a probe shows the leak, None's reference count is raised far beyond reach. None is never
freed anyway (freeing it is itself a fatal error), so this changes nothing else.
"""

from __future__ import annotations

import sys

#: Large enough that no session ever wears it down (one reference per Qt call).
_RESERVE = 1 << 60


def _leaks() -> bool:
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(8):
        point.setX(1.0)
    return sys.getrefcount(None) < before


def guard() -> bool:
    """Apply the fix if this PySide6 needs it; True when it was applied."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython" or not _leaks():
        return False
    import ctypes  # only when the fix is needed: importing it costs start-up time

    counter = ctypes.c_ssize_t.from_address(id(None))
    if counter.value < _RESERVE:
        counter.value += _RESERVE
    return True
