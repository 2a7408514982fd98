"""The one path every failure in the window takes.

Whatever fails, a game's code (a `VariantError` from the engine, or any error raised inside a
plugin's module) or Aisle's own, it goes through `Guard.failed`:

1. the traceback is logged (once per distinct failure; a repeat is a single line);
2. a plugin at fault is recorded against its plugin, which Help ▸ Plugins then lists as broken;
3. the player is told, once per distinct failure, in a dialog that names the plugin and the file
   at fault (a plugin's game: "choose another game" follows);
4. the window is put back in order right after the handler that failed has returned: no
   drag, selection, focus, hint or animation left over, the table matching its game, every
   menu and the status bar refreshed.

`install` routes exceptions that escape any Qt handler (slots, events, timers) here too; the
application installs it for the window's life. Switching games is all or nothing on its own
(see aisle.ui.table.dealer), so a failure never leaves the window half-switched.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from aisle.registry.faults import Culprit, culprit_of, report_fault
from aisle.registry.loading import find_variant

if TYPE_CHECKING:
    from aisle.ui.window.main_window import MainWindow

log = logging.getLogger(__name__)

_Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


class Guard:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        #: Games whose plugin failed in this run (not dealt again as a way out).
        self.broken_games: set[str] = set()
        self._seen: set[str] = set()
        self._recovering = False
        self._recovery_due = False

    # -- entry points -------------------------------------------------------------------------
    def call(self, handler: Callable[[], object]) -> bool:
        """Run `handler`; a failure takes the guarded path. True when it ran through."""
        try:
            handler()
        except Exception as error:
            self.failed(error)
            return False
        return True

    def install(self) -> Callable[[], None]:
        """Send exceptions that escape Qt handlers (PySide6 hands them to ``sys.excepthook``)
        through `failed`; returns the function that puts the previous hook back."""
        previous: _Hook = sys.excepthook

        def hook(kind: type[BaseException], error: BaseException,
                 trace: TracebackType | None) -> None:
            if not isinstance(error, Exception):  # KeyboardInterrupt, SystemExit: not ours
                previous(kind, error, trace)
                return
            if error.__traceback__ is None:
                error.__traceback__ = trace
            self.failed(error)

        sys.excepthook = hook

        def uninstall() -> None:
            if sys.excepthook is hook:
                sys.excepthook = previous

        return uninstall

    # -- the path -----------------------------------------------------------------------------
    def failed(self, error: BaseException) -> Culprit | None:
        """Log, record, tell and recover (see the module's description); returns the plugin
        at fault, if any."""
        culprit = culprit_of(error)
        key = f"{type(error).__name__}: {error}"
        first = key not in self._seen
        self._seen.add(key)
        if first:
            log.error("%s", _headline(error, culprit), exc_info=error)
        else:
            log.info("again: %s", key)
        variant_id = _variant_id(error, culprit, self.window)
        if culprit is not None:
            where = f" ({culprit.location})" if culprit.location else ""
            report_fault(culprit, f"failed while playing: {error}{where}")
            if variant_id is not None:
                self.broken_games.add(variant_id)
        if first:
            self._tell(error, culprit)
        self._recover_soon()
        return culprit

    def _tell(self, error: BaseException, culprit: Culprit | None) -> None:
        try:
            self.window.extras.tell_fault(error, culprit)
        except Exception:  # telling must never fail the path; the log has it
            log.exception("the failure could not be shown")

    def _recover_soon(self) -> None:
        """Put the window in order once the failed handler has returned (it may still be
        using what would be reset). Failures during the recovery do not ask for another."""
        if self._recovering or self._recovery_due:
            return
        self._recovery_due = True
        QTimer.singleShot(0, self.window, self.recover)

    def recover(self) -> None:
        """Bring the window into a consistent state, step by step: a step that fails takes the
        guarded path too (told once, no new recovery) and the others still run."""
        self._recovery_due = False
        self._recovering = True
        window = self.window
        scene = window.scene

        def table() -> None:
            game = window.game
            if game is not None and scene.game is not game:
                window.dealer.put_on_table(game)  # half-switched: the Dealer's game wins, whole
            elif game is not None:
                scene.sync(animate=False)

        steps: list[Callable[[], object]] = [
            window.view.mouse.cancel, scene.animator.finish, window.view.keys.forget, table,
            window.refresh]
        try:
            for step in steps:
                try:
                    step()
                except Exception as error:  # told like any other, once; no new recovery
                    self.failed(error)
        finally:
            self._recovering = False


def _variant_id(error: BaseException, culprit: Culprit | None, window: MainWindow) -> str | None:
    """The game that failed: the one the error names, else the one on the table when its
    plugin is the one at fault."""
    named = getattr(error, "variant_id", None)
    if isinstance(named, str):
        return named
    game = window.game
    if game is None or culprit is None:
        return None
    info = find_variant(game.variant_id)
    return game.variant_id if info is not None and info.plugin == culprit.plugin else None


def _headline(error: BaseException, culprit: Culprit | None) -> str:
    if culprit is None:
        return f"Aisle failed: {type(error).__name__}: {error}"
    return (f"plugin {culprit.plugin} ({culprit.distribution} {culprit.version}) failed: "
            f"{type(error).__name__}: {error} ({culprit.location or 'file unknown'})")
