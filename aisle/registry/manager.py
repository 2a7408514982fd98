"""The full registry: every plugin registered with pluggy's plugin manager, in the order that
lets no third-party plugin take a built-in game's id; plugin wheels join it here."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from aisle.i18n import Text
from aisle.registry.checks import raised_at
from aisle.registry.collect import Games, PluginInfo, hook_mistakes
from aisle.registry.entry_points import (
    BUILTIN_DISTRIBUTION,
    GROUP,
    EntryPoint,
    MissingTargetError,
    disabled_plugins,
    enabled,
    entry_points,
)
from aisle.registry.specs import HOOK_NAMES, AisleSpec, Hook
from aisle.registry.thread_stop import raise_in_thread

if TYPE_CHECKING:
    from aisle.registry.wheels import WheelState

log = logging.getLogger(__name__)


class PluginTookTooLong(Exception):  # noqa: N818 - named for the report
    """Raised in the thread of a plugin that did not finish loading in time."""


#: Entry points (their values) that did not finish loading in time in this run.
_TOO_SLOW: set[str] = set()


def forget_slow_plugins() -> None:
    """Try the plugins that took too long again at the next load (tests change the plugins)."""
    _TOO_SLOW.clear()


def _too_slow(entry_point: EntryPoint) -> PluginInfo:
    return PluginInfo(
        entry_point.name, entry_point.distribution, entry_point.version, entry_point.value,
        errors=[f"did not finish loading within {PLUGIN_TIME_LIMIT:g} s ({entry_point.value}: "
                f"its import or one of its hooks never returned): its games are left out"])


#: How long a third-party plugin may take to load (import and hooks), in seconds: far beyond
#: what a working plugin needs, short enough that a window asking for its game still comes.
PLUGIN_TIME_LIMIT = 8.0


class Registry(Games):
    """Plugins and the games they offer, loaded from entry points (or given directly in tests)."""

    def __init__(self, publish_now: bool = True) -> None:
        super().__init__(publish_now)
        import pluggy  # only here: the start-up finds its first game without it

        self.manager = pluggy.PluginManager(GROUP)
        self.manager.add_hookspecs(AisleSpec)
        #: The wheel files of the plugins folder and what became of each (aisle.registry.wheels).
        self.wheels: list[WheelState] = []
        #: What was wrong with the file of the player's answers about wheels (told once).
        self.permission_problems: list[Text] = []

    # -- loading ------------------------------------------------------------------------------
    def load_entry_points(self, disabled: Sequence[str] = ()) -> None:
        # Plugin wheels dropped into the user's plugins folder join sys.path first (for the bundle).
        # Only the wheels the player allowed (see consent); the window asks about the rest.
        from aisle.registry.consent import Permissions
        from aisle.registry.wheels import add_wheel_folders

        permissions = Permissions.load()
        self.permission_problems = permissions.problems
        self.wheels = add_wheel_folders(permissions)
        points = entry_points(GROUP)
        chosen = enabled(points, disabled)
        self.disabled = [point.name for point in points if point not in chosen]
        self.unmatched_disabled = [name for name in disabled if not any(
            name in (point.name, point.distribution) for point in points)]
        self.load(chosen)
        self.note_missing_help_pages(self.plugins)
        self.note_broken_wheels()

    def note_broken_wheels(self) -> None:
        """List each wheel of `wheels` that cannot be used as a plugin with its problem, so
        it counts as a broken plugin everywhere (errors, the reason no game is on offer)."""
        from aisle.registry.wheels import WheelStatus

        for wheel in self.wheels:
            if wheel.status is WheelStatus.BROKEN:
                self.plugins.append(PluginInfo(
                    wheel.file, wheel.info.name if wheel.info else wheel.file,
                    wheel.info.version if wheel.info else "?", wheel.file, errors=[wheel.problem]))

    def load_distribution(self, distribution: str) -> None:
        """Import and register the plugins of one distribution as found on sys.path now
        (unless switched off with AISLE_DISABLE_PLUGINS)."""
        self.load(enabled(entry_points(GROUP, distribution), disabled_plugins()))

    def load(self, points: Sequence[EntryPoint]) -> None:
        """Import and register these plugins, Aisle's own first: a third-party plugin can
        never take a built-in game's id. A third-party plugin is loaded in a thread of its
        own and waited for at most `PLUGIN_TIME_LIMIT` seconds (see `_load_watched`)."""
        ordered = sorted(points, key=lambda e: (e.distribution != BUILTIN_DISTRIBUTION, e.name))
        for entry_point in ordered:
            if entry_point.distribution == BUILTIN_DISTRIBUTION:
                self._load_one(entry_point)
            else:
                self._load_watched(entry_point)

    def _load_one(self, entry_point: EntryPoint) -> None:
        info = PluginInfo(entry_point.name, entry_point.distribution, entry_point.version,
                          entry_point.value)
        self.plugins.append(info)
        try:
            module = entry_point.load()
        except BaseException as error:  # a broken plugin is reported, never fatal, even
            # one raising SystemExit or KeyboardInterrupt as it is imported
            # A syntax error's text names its file and line already: only its message here.
            said = error.msg if isinstance(error, SyntaxError) else error
            where = "" if isinstance(error, MissingTargetError) else raised_at(error)
            info.errors.append(f"cannot be imported ({entry_point.value}): "
                               f"{type(error).__name__}: {said}{where}")
            return
        self.add_plugin(module, info)

    def _load_watched(self, entry_point: EntryPoint) -> None:
        """Load one third-party plugin into a registry of its own, in a thread of its own, and
        take in what it offers; a plugin whose import or hooks do not return in time is listed
        with that error and left out, so one such plugin never holds up the window, the other
        games or ``--list-games``. Its thread is then stopped (`PluginTookTooLong` raised in
        it at its next line of Python: what it breaks is its own registry, thrown away), so it
        does not keep a processor busy, and later loads in this run skip the plugin at once."""
        if entry_point.value in _TOO_SLOW:
            self.plugins.append(_too_slow(entry_point))
            return
        alone = Registry(publish_now=False)
        finished = threading.Event()

        def work() -> None:
            try:
                alone._load_one(entry_point)
            except PluginTookTooLong:  # stopped between two of our own lines: nothing to keep
                pass
            finally:
                finished.set()

        worker = threading.Thread(target=work, name=f"aisle-plugin-{entry_point.name}",
                                  daemon=True)
        worker.start()
        if finished.wait(PLUGIN_TIME_LIMIT):
            self.absorb(alone)
            return
        log.warning("plugin %s did not finish loading within %g s", entry_point.name,
                    PLUGIN_TIME_LIMIT)
        _TOO_SLOW.add(entry_point.value)
        if worker.ident is not None:
            raise_in_thread(worker.ident, PluginTookTooLong)
        self.plugins.append(_too_slow(entry_point))

    def add_plugin(self, plugin: ModuleType | object, info: PluginInfo) -> None:
        """Register one plugin object and collect what its hooks offer."""
        if info not in self.plugins:
            self.plugins.append(info)
        try:
            self.manager.register(plugin, name=info.name)
        except BaseException as error:  # pluggy looks at every attribute: one may raise
            info.errors.append(f"cannot be registered: {type(error).__name__}: {error}")
            return
        functions: dict[str, Hook] = {}
        for hook_name in HOOK_NAMES:
            for impl in getattr(self.manager.hook, hook_name).get_hookimpls():
                if impl.plugin is plugin:
                    functions[hook_name] = impl.function
                    break
        try:
            info.errors.extend(hook_mistakes(plugin, functions))
        except Exception as error:  # an attribute that fails to be read: pluggy read them all
            log.warning("plugin %s: its functions could not be looked over: %r", info.name, error)
        self.collect_safely(functions, info)

    def absorb(self, later: Registry) -> None:
        """Take in the plugins of `later`, loaded after this registry (wheels the player has
        just allowed): their games, unless an id is taken, their catalogs, decks and wheels.
        Called in the thread that uses this registry."""
        known = {(plugin.name, plugin.distribution) for plugin in self.plugins}
        for domain, folder in later.pending_folders():
            self.add_folder(domain, folder)  # now, or when this registry is published
        joining = []
        for plugin in later.plugins:
            if (plugin.name, plugin.distribution) in known:
                continue  # installed some other way too, and loaded already
            self.plugins.append(plugin)
            joining.append(plugin)
            for variant_id in list(plugin.games):
                if variant_id in self.variants:
                    owner = self.variants[variant_id].plugin
                    plugin.errors.append(f"game id {variant_id!r} is already taken by plugin "
                                         f"{owner!r}")
                    plugin.games.remove(variant_id)
                else:
                    self.variants[variant_id] = later.variants[variant_id]
        if any(game.distribution == BUILTIN_DISTRIBUTION for game in self.variants.values()):
            # Only where Aisle's own games (and so their pages) are known: a registry of just
            # the wheels allowed now leaves it to the one it joins.
            self.note_missing_help_pages(joining)
        self.card_decks.extend(later.card_decks)
        for name, plugin_object in later.manager.list_name_plugin():
            if name is not None and not self.manager.has_plugin(name):
                try:
                    self.manager.register(plugin_object, name=name)
                except BaseException as error:  # the games are in all the same
                    log.warning("plugin %s cannot join the plugin manager: %r", name, error)
        newer = {wheel.file: wheel for wheel in later.wheels}
        self.wheels = sorted({**{wheel.file: wheel for wheel in self.wheels}, **newer}.values(),
                             key=lambda wheel: wheel.file)

    def report_runtime_error(self, variant_id: str, message: str) -> None:
        """Record an error a game raised while being played, against its plugin."""
        info = self.variants.get(variant_id)
        if info is not None:
            self.record_failure(info.plugin, message)

    def record_failure(self, plugin_name: str, message: str) -> None:
        for plugin in self.plugins:
            if plugin.name == plugin_name:
                plugin.broken = True
                if message not in plugin.errors:
                    plugin.errors.append(message)
