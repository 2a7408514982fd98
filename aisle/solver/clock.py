"""The solver's clock: what its time budget counts.

A budget in wall-clock seconds (the default) is eaten by whatever else the computer runs: a busy
machine leaves the search less of it, so the same deal may be decided one time and not the next.
A budget in CPU seconds (`Budget.cpu`) counts only the time the process itself computed, so a
search looks at about as many positions however busy the machine is. The window's worker uses
CPU seconds; its watchdog and the window's own wall-clock limit still end a search that never
returns.

Every deadline the solver and the games' models compare against comes from `now()`, inside a
`counting` block that `aisle.solver.hunts.solve` opens for its budget's clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_now: Callable[[], float] = time.monotonic


def now() -> float:
    """Seconds on the clock of the budget being spent (only differences mean anything)."""
    return _now()


@contextmanager
def counting(cpu: bool) -> Iterator[None]:
    """`now()` counts the process's CPU time (`cpu`) or the wall-clock time within the block."""
    global _now
    before = _now
    _now = time.process_time if cpu else time.monotonic
    try:
        yield
    finally:
        _now = before
