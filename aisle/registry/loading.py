"""The process-wide registry: loaded once, in a worker thread or when first asked, and the
games found before it (the start-up finds its first game, one of Aisle's own, by calling that
plugin's plain hooks directly, without pluggy or any other game: see `find_variant`).

The window loads the full registry in a worker thread (`load_in_background`), so a plugin that
is slow to import never freezes it; the registry is taken up by the next `get_registry()` call.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from aisle.i18n import T, Text
from aisle.registry.checks import raised_at
from aisle.registry.collect import Games, PluginInfo, VariantInfo, plain_hooks
from aisle.registry.entry_points import (
    BUILTIN_DISTRIBUTION,
    DISABLE_VARIABLE,
    GROUP,
    EntryPoint,
    disabled_plugins,
    enabled,
    entry_points,
)

if TYPE_CHECKING:
    import pluggy

    from aisle.registry.manager import Registry

log = logging.getLogger(__name__)

_registry: Registry | None = None
#: Built-in games found by `find_variant` before the registry was loaded, by id.
_early: dict[str, VariantInfo] = {}
#: Held while the registry loads (in whichever thread), so it is loaded once.
_loading = threading.Lock()
#: The registry a worker thread loaded, until `get_registry` takes it up.
_background: Registry | None = None
_worker: threading.Thread | None = None
#: Failures of games reported before the registry was loaded: (plugin name, message).
_pending_failures: list[tuple[str, str]] = []
#: Every built-in game has been looked for the early way (`games_so_far`).
_builtins_found = False


def get_registry() -> Registry:
    """The process-wide registry, loaded from entry points on first use (or taken up from the
    worker thread of `load_in_background`, waiting for it if it is still loading)."""
    global _registry, _background
    registry = _registry
    if registry is not None:
        return registry
    with _loading:
        if _registry is None:
            loaded = _background if _background is not None else _load_registry(publish_now=True)
            _background = None
            loaded.publish()
            for plugin_name, message in _pending_failures:
                loaded.record_failure(plugin_name, message)
            _pending_failures.clear()
            _registry = loaded
        return _registry


def _load_registry(publish_now: bool) -> Registry:
    from aisle.registry.manager import Registry  # pluggy and the wheels: only for the full registry

    registry = Registry(publish_now)
    try:
        registry.load_entry_points(disabled_plugins())
    except BaseException as error:  # outside any one plugin (each is caught on its own)
        log.exception("loading the plugins stopped")
        registry.plugins.append(PluginInfo(
            GROUP, BUILTIN_DISTRIBUTION, "?", __name__,
            errors=[f"loading the plugins stopped: {type(error).__name__}: {error}"
                    + raised_at(error)]))
    return registry


def load_in_background(done: Callable[[], None]) -> None:
    """Import every plugin in a worker thread (a slow import never holds up the caller's
    thread); `done()` is called from that thread once it has finished. The next
    `get_registry()` takes the result up; until then `plugins_loading()` is True."""
    global _worker

    def work() -> None:
        global _background
        try:
            with _loading:
                if _registry is None and _background is None:
                    _background = _load_registry(publish_now=False)
        except BaseException:  # not even pluggy: get_registry() tries again
            log.exception("the plugins could not be loaded in the background")
        finally:
            done()

    if _registry is not None:
        done()
        return
    if _worker is not None and _worker.is_alive():  # loading already: told when it ends
        running = _worker

        def after() -> None:
            running.join()
            done()

        threading.Thread(target=after, name="aisle-plugins-wait", daemon=True).start()
        return
    _worker = threading.Thread(target=work, name="aisle-plugins", daemon=True)
    _worker.start()


def plugins_loading() -> bool:
    """Whether a worker thread is still importing plugins."""
    return _registry is None and _worker is not None and _worker.is_alive()


def plugins_ready() -> bool:
    """Whether every plugin is loaded (or loaded by the worker, to be taken up at once):
    `find_variant` then answers without waiting."""
    return _registry is not None or _background is not None


def games_so_far() -> dict[str, VariantInfo]:
    """The games known without waiting: every game once the plugins are loaded, else Aisle's
    own games (each found the early way, see `find_variant`): a third-party plugin slow to
    import (or one that never finishes) must not leave the game chooser with one game."""
    if plugins_loading():
        _find_builtins()
        return dict(_early)
    return dict(get_registry().variants)


def _find_builtins() -> None:
    """Every built-in game found the early way, once (a few hundredths of a second)."""
    global _builtins_found
    if _builtins_found:
        return
    _builtins_found = True
    for point in _builtin_points():
        if point.name not in _early:
            _load_point(point)


def get_plugin_manager() -> pluggy.PluginManager:
    return get_registry().manager


def available_variants() -> dict[str, VariantInfo]:
    return dict(get_registry().variants)


def find_variant(variant_id: str, wait: bool = True) -> VariantInfo | None:
    """The game `variant_id` as `available_variants()` has it, importing as few plugins as can be.

    Before the registry is loaded, one of Aisle's own games is found by importing its plugin
    alone (the built-in entry point named like the game) and calling its hooks without pluggy
    (`plain_hooks`), so a start-up shows its first table without importing every other game
    or pluggy. The answer is the one the full registry gives: built-in plugins are loaded
    before any other and never offer the same id twice. Every other id, or a built-in plugin
    that does not offer its game cleanly (or not plainly), loads the whole registry; with
    `wait` False it does not, and None may then only mean "not known yet" (while
    `plugins_ready()` is False).
    """
    if _registry is None:
        info = _early.get(variant_id) or _load_builtin(variant_id)
        if info is not None:
            return info
        if not wait and not plugins_ready():
            return None
    return get_registry().variants.get(variant_id)


def _builtin_points() -> list[EntryPoint]:
    own = entry_points(GROUP, BUILTIN_DISTRIBUTION)
    return [point for point in enabled(own, disabled_plugins())
            if point.distribution == BUILTIN_DISTRIBUTION]


def _load_builtin(variant_id: str) -> VariantInfo | None:
    points = [point for point in _builtin_points() if point.name == variant_id]
    if len(points) != 1:
        return None
    return _load_point(points[0])


def _load_point(point: EntryPoint) -> VariantInfo | None:
    """The game of the built-in entry point `point` (named like its game), its plugin imported
    alone; None when it does not offer its game cleanly and plainly."""
    variant_id = point.name
    try:
        module = point.load()
    except BaseException:  # the full registry imports it again, and reports why it fails
        return None
    functions = plain_hooks(module)
    if functions is None:
        return None
    # Collected on their own: the process-wide registry is still loaded whole when first asked.
    alone = Games()
    plugin = PluginInfo(point.name, point.distribution, point.version, point.value)
    alone.plugins.append(plugin)
    alone.collect_safely(functions, plugin)
    info = alone.variants.get(variant_id)
    if info is None or alone.errors() or alone.variants.keys() != {variant_id}:
        return None
    _early[variant_id] = info
    return info


def why_no_games() -> Text:
    """Why no game is on offer, and what to do about it (the registry is loaded for it)."""
    registry = get_registry()
    if registry.disabled and not registry.plugins:
        return T("Every game plugin is switched off: the environment variable {variable} names "
                 "{names}. Remove it, or take at least one game plugin out of it, and start "
                 "Aisle again.", variable=DISABLE_VARIABLE, names=", ".join(registry.disabled))
    if registry.plugins:
        return T("No game could be loaded: every installed game plugin has errors. Help ▸ "
                 "Plugins (or aisle --list-games) lists them; update or reinstall those "
                 "plugins, then start Aisle again.")
    return T("No game is installed: Aisle found no game plugin. Reinstall Aisle (its own games "
             "are plugins too) or install a game plugin, then start Aisle again.")


def unknown_game(variant_id: str) -> Text:
    """What the command line says of a game no plugin offers: the games there are and, when
    some plugins failed (one of them may have been meant to offer it), their names."""
    known = ", ".join(sorted(available_variants())) or "-"
    failed = ", ".join(sorted({name for name, _error in plugin_errors()}))
    if failed:
        told = T("unknown game “{game}”; known games: {games}. Plugins with errors (aisle "
                 "--list-games says which): {plugins}", game=variant_id, games=known,
                 plugins=failed)
    else:
        told = T("unknown game “{game}”; known games: {games}", game=variant_id, games=known)
    off = get_registry().disabled
    if not off:
        return told
    # The game may be one of theirs: the player would not think of the variable otherwise.
    return T("{unknown}. Plugins switched off by {variable}: {plugins}", unknown=told,
             variable=DISABLE_VARIABLE, plugins=", ".join(sorted(off)))


def plugin_errors() -> list[tuple[str, str]]:
    """(plugin name, error) for every plugin that failed, wholly or in part."""
    return get_registry().errors()


def help_folders() -> list[Path]:
    return [folder for plugin in get_registry().plugins for folder in plugin.help_dirs]


def reset_registry() -> None:
    """Forget loaded plugins (tests use it after changing the environment)."""
    global _registry, _background, _worker, _builtins_found
    from aisle.registry import manager  # pluggy: loaded by then in any test that needs this

    manager.forget_slow_plugins()
    with _loading:
        _registry = None
        _background = None
        _worker = None
        _builtins_found = False
        _early.clear()
        _pending_failures.clear()


def known_games() -> dict[str, VariantInfo]:
    """Every game known so far, without loading anything: the built-in games found early and,
    once loaded, the registry's."""
    known = dict(_early)
    if _registry is not None:
        known.update(_registry.variants)
    return known


def loaded_registry() -> Registry | None:
    """The process-wide registry if it is loaded (never loads it)."""
    return _registry


def record_failure(plugin_name: str, message: str) -> None:
    """Note that a plugin failed while Aisle runs: against the registry, or kept until it loads."""
    if _registry is not None:
        _registry.record_failure(plugin_name, message)
    elif (plugin_name, message) not in _pending_failures:
        _pending_failures.append((plugin_name, message))
