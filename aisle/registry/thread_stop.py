"""Stopping a plugin's code that never returns, in the thread running it (CPython's
``PyThreadState_SetAsyncExc``): the exception is raised there at the thread's next check, as a
loop turns or a function begins, never inside a call to C. Used for a plugin's import or hooks
that do not finish loading (aisle.registry.manager) and a game's code that keeps the window
waiting (aisle.ui.window.hang_watch)."""

from __future__ import annotations

import ctypes


def raise_in_thread(thread_id: int, error: type[BaseException]) -> bool:
    """Have `error` raised in the thread `thread_id`; whether that thread was found."""
    changed = ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                                          ctypes.py_object(error))
    return bool(changed == 1)
