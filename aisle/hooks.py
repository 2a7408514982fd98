"""What a plugin author uses: the hooks (`AisleSpec`), the mark for a plugin's own (`hookimpl`),
and the questions a plugin's tests ask of the registry.

A distribution declares ``[project.entry-points.aisle] name = "module"`` and the module
implements hooks marked with `hookimpl`. Finding, checking and loading plugins is the job of
`aisle.registry` (entry points, checks, wheels, loading, faults); the names below are kept here
for the plugins and guides that import them from this module (the full registry's class,
`aisle.registry.manager.Registry`, is not: it is imported only once every plugin loads).
"""

from __future__ import annotations

from aisle.registry.collect import PluginInfo, VariantInfo
from aisle.registry.entry_points import DISABLE_VARIABLE, GROUP
from aisle.registry.loading import (
    available_variants,
    find_variant,
    get_plugin_manager,
    get_registry,
    plugin_errors,
    reset_registry,
)
from aisle.registry.specs import AisleSpec, hookimpl, hookspec

__all__ = [
    "DISABLE_VARIABLE", "GROUP", "AisleSpec", "PluginInfo", "VariantInfo",
    "available_variants", "find_variant", "get_plugin_manager", "get_registry", "hookimpl",
    "hookspec", "plugin_errors", "reset_registry",
]
