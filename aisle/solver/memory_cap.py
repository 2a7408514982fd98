"""Keeping a solver worker within its memory, as far as the operating system allows.

The solver keeps to `Budget.memory_mb` by its own estimate; this is the limit a plugin's
solver code cannot talk its way past, used around each request in the worker process:

- Linux (and FreeBSD): the address space is capped with ``RLIMIT_AS`` for the request, so an
  allocation beyond it raises `MemoryError` in the code that asks (the worker reports it).
- Other POSIX systems (macOS does not enforce ``RLIMIT_AS``): `watched` tells the worker's
  watchdog the most the peak resident size may grow; the watchdog ends the process with
  `OUT_OF_MEMORY_EXIT`, which the window reads as "out of memory".
- Windows has no ``resource`` module: no cap; the solver's own estimate and the time limit the
  window enforces still hold.

The cap is relative to the worker's size when the request starts, so the interpreter and the
modules already imported never count against a request.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

resource: ModuleType | None
try:
    import resource
except ImportError:  # Windows
    resource = None

#: The worker's exit status when its watchdog ended it for using too much memory.
OUT_OF_MEMORY_EXIT = 75
#: Room a request gets beyond its budget: the solver's estimate of its table of positions falls
#: short of what Python really uses (measured up to about 1.7 times), and a search holds its
#: board, its path and the solution besides.
_FACTOR = 2
_SPARE_MB = 256
_MB = 1 << 20
#: The systems that enforce RLIMIT_AS.
_ADDRESS_SPACE_ENFORCED = sys.platform.startswith(("linux", "freebsd"))


def allowance_mb(memory_mb: int) -> int:
    """How much a request with the budget's `memory_mb` may add to the worker."""
    return _FACTOR * max(memory_mb, 0) + _SPARE_MB


def method() -> str:
    """How memory is capped here: "address space", "watchdog" or "none"."""
    if resource is None:
        return "none"
    return "address space" if _ADDRESS_SPACE_ENFORCED else "watchdog"


@contextmanager
def address_space_capped(extra_mb: int) -> Iterator[None]:
    """Cap the address space at its present size plus `extra_mb` for the block (Linux)."""
    size = _address_space()
    if resource is None or size is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = size + extra_mb * _MB
    for limit in (soft, hard):  # never loosen a limit someone else set
        if limit != resource.RLIM_INFINITY:
            wanted = min(wanted, limit)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ValueError, OSError):  # refused here: the watchdog and the time limit remain
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def peak_resident() -> int | None:
    """The process's largest resident size so far, in bytes (None without ``resource``)."""
    if resource is None:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024  # bytes there, KiB elsewhere


def _address_space() -> int | None:
    """The address space the process holds now, in bytes (Linux's /proc; else None)."""
    if resource is None:
        return None
    try:
        pages = int(Path("/proc/self/statm").read_text(encoding="ascii").split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * int(resource.getpagesize())
