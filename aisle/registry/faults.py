"""Faults of plugins while Aisle runs: which plugin an error came from, and noting it against
that plugin (listed as broken in Help ▸ Plugins and ``--list-games`` of this run)."""

from __future__ import annotations

from aisle.engine.game import VariantError
from aisle.engine.records import frozen
from aisle.i18n import Text
from aisle.registry.loading import known_games, loaded_registry, record_failure


@frozen
class Culprit:
    """The plugin at fault for an error, as the player is told: its entry point name, its
    distribution and version, the game's name (when a game failed) and the file at fault."""

    plugin: str
    distribution: str
    version: str
    game: Text | None
    location: str | None

    def __init__(self, plugin: str, distribution: str, version: str, game: Text | None,
                 location: str | None) -> None:
        for field, value in (("plugin", plugin), ("distribution", distribution),
                             ("version", version), ("game", game), ("location", location)):
            object.__setattr__(self, field, value)


def culprit_of(error: BaseException) -> Culprit | None:
    """The plugin whose code `error` came from: the game named by a `VariantError`, else the
    innermost plugin module in its traceback; None when no plugin is at fault."""
    known = known_games()
    if isinstance(error, VariantError) and error.variant_id in known:
        info = known[error.variant_id]
        return Culprit(info.plugin, info.distribution, info.version, info.name, error.location)
    modules = _plugin_modules()
    found: Culprit | None = None
    trace = error.__traceback__
    while trace is not None:
        top = str(trace.tb_frame.f_globals.get("__name__", "")).partition(".")[0]
        if top in modules:
            name, distribution, version, game = modules[top]
            where = f"{trace.tb_frame.f_code.co_filename}, line {trace.tb_lineno}"
            found = Culprit(name, distribution, version, game, where)
        trace = trace.tb_next
    return found


def third_party_modules() -> set[str]:
    """The top-level module names of the plugins other than Aisle's own games."""
    from aisle.registry.entry_points import BUILTIN_DISTRIBUTION

    return {top for top, (_name, distribution, _version, _game) in _plugin_modules().items()
            if distribution != BUILTIN_DISTRIBUTION}


def _plugin_modules() -> dict[str, tuple[str, str, str, Text | None]]:
    """Top-level module name -> the plugin's name, distribution, version and game name (when
    the module is a game's)."""
    known = known_games()
    registry = loaded_registry()
    modules: dict[str, tuple[str, str, str, Text | None]] = {}
    for plugin in registry.plugins if registry is not None else []:
        top = plugin.module.partition(":")[0].strip().partition(".")[0]
        modules[top] = (plugin.name, plugin.distribution, plugin.version, None)
    for info in known.values():
        top = info.variant.__module__.partition(".")[0]
        modules[top] = (info.plugin, info.distribution, info.version, info.name)
    modules.pop(__name__.partition(".")[0], None)  # Aisle itself is no plugin
    return modules


def report_fault(culprit: Culprit, message: str) -> None:
    """Record a failure of a plugin's code while Aisle runs: the plugin is listed as broken,
    with `message`, in Help ▸ Plugins and ``--list-games`` of this run."""
    record_failure(culprit.plugin, message)
