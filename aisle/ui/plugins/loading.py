"""Loading every plugin without freezing the window (when: aisle.ui.plugins.at_start).

The imports and hook calls run in a worker thread (aisle.registry.loading.load_in_background: pure Python,
no Qt objects there); the window's thread only hears that they are done, takes the registry up
and lets the window show the new games (`WindowExtras.plugins_loaded`). Meanwhile the window
plays on, and Select Game says that more games are still loading. Plugin wheels the player
allows later (aisle.ui.dialogs.plugin_consent) are loaded the same way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from aisle.i18n import TN, Text
from aisle.registry.loading import get_registry, load_in_background

if TYPE_CHECKING:
    from aisle.registry.manager import Registry


class PluginLoading(QObject):
    #: Emitted in the window's thread once every plugin is loaded and taken up.
    loaded = Signal()
    #: Emitted from the worker thread; queued over to this object's (the window's) thread.
    _done_in_worker = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._done_in_worker.connect(self._take_up)

    def start(self) -> None:
        """Begin loading in the background (at once done if the plugins are loaded already)."""
        load_in_background(self._tell_done)

    def _tell_done(self) -> None:
        # The window may have been closed while the plugins loaded: then nobody is told.
        with contextlib.suppress(RuntimeError):
            self._done_in_worker.emit()

    def _take_up(self) -> None:
        get_registry()  # loaded by the worker: only its catalog folders are published here
        self.loaded.emit()


class WheelLoading(QObject):
    """Loading the plugin wheels the player has just allowed (aisle.registry.late_wheels) the same way:
    in a worker thread, taken in by the window's thread. What went wrong with them is kept in
    `problem` before `loaded` is emitted: the dialogs that promised the player their games tell
    it (aisle.ui.dialogs.plugin_install.tell_load_problem)."""

    #: Emitted in the window's thread once their plugins are in the registry.
    loaded = Signal()
    #: Emitted from the worker thread with the registry of the allowed wheels.
    _done_in_worker = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: What went wrong loading them (None: nothing), once `loaded` is emitted.
        self.problem: Text | None = None
        self._done_in_worker.connect(self._take_in)

    def start(self, allowed: Mapping[str, str]) -> None:
        """Load the wheels `allowed` (SHA-256: file name)."""
        from aisle.registry.late_wheels import load_allowed

        load_allowed(allowed, self._tell_done)

    def _tell_done(self, later: Registry) -> None:
        with contextlib.suppress(RuntimeError):
            self._done_in_worker.emit(later)

    def _take_in(self, later: object) -> None:
        from aisle.registry.manager import Registry

        assert isinstance(later, Registry)
        get_registry().absorb(later)
        self.problem = loading_problem(later)
        self.loaded.emit()


def loading_problem(later: Registry) -> Text | None:
    """What went wrong loading plugins just allowed: a line for each error (None: nothing)."""
    lines = [f"{plugin.distribution} ({plugin.name}): {error}" for plugin in later.plugins
             for error in plugin.errors]
    if not lines:
        return None
    failed = len({plugin.name for plugin in later.plugins if plugin.errors})
    return TN("A plugin you allowed could not be loaded in full. Help ▸ Plugins lists the "
              "problem:\n{lines}",
              "Plugins you allowed could not be loaded in full. Help ▸ Plugins lists the "
              "problems:\n{lines}", failed, lines="\n".join(lines))
