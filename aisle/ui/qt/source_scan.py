"""PySide6's import hook without its source cache.

Once PySide6 is imported, every module imported after it is checked for the text "PySide6" (to
know which modules may switch on PySide6's `__feature__` options). The check reads the module's
source with `inspect.getsource`, which keeps every line of every such module in `linecache` for
the rest of the run: megabytes of text for Aisle's and the plugins' modules, and time spent
splitting lines on the way to the first frame. Reading the file's bytes answers the same
question and keeps nothing; Aisle's own modules (and its built-in games') are not read at all:
they are marked as PySide6 users, which selects no feature, exactly as for a module that uses
PySide6 without `__feature__` (none of ours does: a test says so). A module that does switch a
feature on is marked by that import itself, before this check runs, so the mark never hides a
feature. Where PySide6's hook is not where we expect it, nothing changes.
"""

from __future__ import annotations

import sys
from types import ModuleType

#: Modules of Aisle itself and of its built-in games (`plugins/aisle_*`): never read.
OWN_MODULES = ("aisle.", "aisle_")


def read_sources_lightly() -> bool:
    """Make PySide6's check read each module's file once instead of caching its lines; True when
    the check was found and replaced."""
    import shiboken6  # noqa: F401 - it brings the hook's module

    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(check) or getattr(check, "_light", False):
        return False

    def uses_pyside(module: ModuleType) -> bool:
        if module.__name__.startswith(OWN_MODULES):
            return True
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if not isinstance(origin, str) or not origin.endswith(".py"):
            return bool(check(module))  # built-in, compiled or source-less: PySide6's own way
        try:
            with open(origin, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:  # no plain file (a module in a zip): PySide6's own way, by its loader
            return bool(check(module))

    uses_pyside._light = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True
