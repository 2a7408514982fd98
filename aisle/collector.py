"""Python's cyclic garbage collector, paused while the window starts.

The start-up makes some hundred thousand objects (modules, classes, Qt wrappers) and no garbage
worth a pass, yet every 700 new objects the collector looks at the youngest ones, and now and
then at all of them: about 6 ms of the first frame (bench/ui.py). So the `aisle` command pauses
it before its first import and takes it up again once the table is on screen, first moving what
the start made into the collector's permanent generation (`gc.freeze`): those objects live as
long as the window, and later passes, in the middle of play, need not look at them again.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Stop automatic collection until `resume` (nothing if it was off already)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Collect automatically again, as before `pause` (later calls do nothing)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
