"""Plugins: hook specs and the plugin manager (entry-point group "aisle").

Every game, built-in or third-party, arrives the same way: a distribution declares
``[project.entry-points.aisle] name = "module"`` and the module implements hooks marked with
`hookimpl`. Plugins are loaded one by one; one that fails to import, raises in a hook, or offers
a broken or duplicate game is recorded in `plugin_errors()` and skipped, never fatal.

pluggy is imported only with the full registry: the start-up finds its first game, one of
Aisle's own plugins, by calling that plugin's plain hooks directly (see `find_variant`).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FunctionType, MethodType, ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, overload

from aisle.engine.records import frozen, record
from aisle.engine.slots import SlotKind, SlotSpec
from aisle.i18n import HELP_DOMAIN, Text, add_locale_folder
from aisle.variant import Variant

if TYPE_CHECKING:
    import pluggy

GROUP = "aisle"
#: The distribution of Aisle itself, whose plugins are the built-in games.
BUILTIN_DISTRIBUTION = "aisle"
DISABLE_VARIABLE = "AISLE_DISABLE_PLUGINS"
#: Where a hook implementation's options are kept (the name pluggy looks for).
IMPL_ATTRIBUTE = f"{GROUP}_impl"

_Function = TypeVar("_Function", bound=Callable[..., object])
#: A plugin's function for one hook (it takes no arguments).
_Hook = Callable[[], Any]
#: The hooks Aisle calls, in the order it calls them for each plugin.
HOOK_NAMES = ("aisle_register_variants", "aisle_locale_dirs", "aisle_help_dirs")


class _SpecMarker:
    """Marks a hook specification exactly as ``pluggy.HookspecMarker(GROUP)`` does (the same
    attribute, the same options), without importing pluggy: it is imported only when the full
    registry loads, after the first frame."""

    @overload
    def __call__(self, function: _Function, firstresult: bool = ...,
                 historic: bool = ...) -> _Function: ...

    @overload
    def __call__(self, function: None = ..., firstresult: bool = ...,
                 historic: bool = ...) -> Callable[[_Function], _Function]: ...

    def __call__(self, function: _Function | None = None, firstresult: bool = False,
                 historic: bool = False) -> _Function | Callable[[_Function], _Function]:
        if historic and firstresult:
            raise ValueError("cannot have a historic firstresult hook")
        options = {"firstresult": firstresult, "historic": historic, "warn_on_impl": None,
                   "warn_on_impl_args": None}

        def mark(target: _Function) -> _Function:
            setattr(target, f"{GROUP}_spec", dict(options))
            return target

        return mark(function) if function is not None else mark


class _ImplMarker:
    """Marks a hook implementation exactly as ``pluggy.HookimplMarker(GROUP)`` does: pluggy
    finds it, with every option (tryfirst, trylast, hookwrapper, wrapper, optionalhook,
    specname), and Aisle can call a plain one before pluggy is imported (see `find_variant`)."""

    @overload
    def __call__(self, function: _Function, hookwrapper: bool = ..., optionalhook: bool = ...,
                 tryfirst: bool = ..., trylast: bool = ..., specname: str | None = ...,
                 wrapper: bool = ...) -> _Function: ...

    @overload
    def __call__(self, function: None = ..., hookwrapper: bool = ..., optionalhook: bool = ...,
                 tryfirst: bool = ..., trylast: bool = ..., specname: str | None = ...,
                 wrapper: bool = ...) -> Callable[[_Function], _Function]: ...

    def __call__(self, function: _Function | None = None, hookwrapper: bool = False,
                 optionalhook: bool = False, tryfirst: bool = False, trylast: bool = False,
                 specname: str | None = None,
                 wrapper: bool = False) -> _Function | Callable[[_Function], _Function]:
        options = {"wrapper": wrapper, "hookwrapper": hookwrapper, "optionalhook": optionalhook,
                   "tryfirst": tryfirst, "trylast": trylast, "specname": specname}

        def mark(target: _Function) -> _Function:
            setattr(target, IMPL_ATTRIBUTE, dict(options))
            return target

        return mark(function) if function is not None else mark


hookspec = _SpecMarker()
hookimpl = _ImplMarker()
#: The options of a bare ``@hookimpl``.
_PLAIN_OPTIONS = {"wrapper": False, "hookwrapper": False, "optionalhook": False,
                  "tryfirst": False, "trylast": False, "specname": None}

_ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class AisleSpec:
    """The hooks a plugin may implement (all optional)."""

    @hookspec
    def aisle_register_variants(self) -> Sequence[type[Variant]]:  # type: ignore[empty-body]
        """Return the Variant classes (games) this plugin offers."""

    @hookspec
    def aisle_locale_dirs(self) -> Sequence[tuple[str, str | Path]]:  # type: ignore[empty-body]
        """Return (gettext domain, folder) pairs; a folder holds ``<lang>/LC_MESSAGES/<domain>.mo``
        or ``.po``. Use your own domain for your game's texts."""

    @hookspec
    def aisle_help_dirs(self) -> Sequence[str | Path]:  # type: ignore[empty-body]
        """Return folders with help pages (``<page>.md`` in English) and, optionally, their
        translations as ``<lang>/LC_MESSAGES/aisle-help.po`` or ``.mo`` in the same folder."""


@record
class PluginInfo:
    """One loaded (or failed) plugin, as Help ▸ Plugins and ``--list-games`` show it."""

    name: str
    distribution: str
    version: str
    module: str
    games: list[str]
    errors: list[str]
    help_dirs: list[Path]

    def __init__(self, name: str, distribution: str, version: str, module: str,
                 games: list[str] | None = None, errors: list[str] | None = None,
                 help_dirs: list[Path] | None = None) -> None:
        self.name = name
        self.distribution = distribution
        self.version = version
        self.module = module
        # A new list each (None stands for "none given", as a dataclass's default factory).
        self.games = [] if games is None else games
        self.errors = [] if errors is None else errors
        self.help_dirs = [] if help_dirs is None else help_dirs


@frozen
class VariantInfo:
    """One game on offer, and the plugin that offers it."""

    id: str
    name: Text
    description: Text
    variant: type[Variant]
    plugin: str
    distribution: str
    version: str

    def __init__(self, id: str, name: Text, description: Text,
                 variant: type[Variant], plugin: str, distribution: str, version: str) -> None:
        # Set once, as by a frozen dataclass (see aisle.engine.records).
        for field, value in (("id", id), ("name", name), ("description", description),
                             ("variant", variant), ("plugin", plugin),
                             ("distribution", distribution), ("version", version)):
            object.__setattr__(self, field, value)


class EntryPoint(NamedTuple):
    """One ``name = module[:attribute]`` line of a distribution's entry points."""

    name: str
    value: str
    distribution: str
    version: str

    def load(self) -> Any:
        """Import the module (and look up the attribute, if one is named)."""
        module_name, _, attribute = self.value.partition(":")
        target: Any = importlib.import_module(module_name.strip())
        # "module:attr [extra]": extras only matter to installers.
        for part in attribute.split("[")[0].strip().split(".") if attribute.strip() else ():
            target = getattr(target, part)
        return target


def entry_points(group: str, distribution: str | None = None) -> list[EntryPoint]:
    """The entry points of `group` of every distribution on sys.path (or of `distribution` only:
    then no other distribution's files are read).

    Read straight from the ``*.dist-info``/``*.egg-info`` folders, as importlib.metadata finds
    them (the first distribution of a name on the path wins), without importing it: its import
    (email parsing, zip support and more) cost more than the rest of plugin loading together.
    """
    found: list[EntryPoint] = []
    seen: set[str] = set()
    only = _normalized(distribution) if distribution is not None else None
    for folder, name in _distribution_folders():
        stem = name.rpartition(".")[0]
        key = _normalized(stem.partition("-")[0])
        if key in seen or (only is not None and key != only):
            continue
        seen.add(key)
        info = Path(folder, name)
        lines = _read_lines(info / "entry_points.txt")
        points = _section(lines, group) if lines else []
        if not points:
            continue
        meta = _headers(info / ("PKG-INFO" if name.endswith(".egg-info") else "METADATA"))
        distribution = meta.get("name") or stem.partition("-")[0]
        version = meta.get("version") or stem.partition("-")[2] or "?"
        found.extend(EntryPoint(point, value, distribution, version) for point, value in points)
    return found


def _distribution_folders() -> Iterator[tuple[str, str]]:
    for entry in sys.path:
        folder = entry or "."
        try:
            names = sorted(os.listdir(folder))
        except OSError:  # a zip file, a missing folder: no installed distributions there
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                yield folder, name


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def _section(lines: list[str], group: str) -> list[tuple[str, str]]:
    """The ``name = value`` pairs of one ``[group]`` of an entry_points.txt."""
    pairs: list[tuple[str, str]] = []
    inside = False
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            pairs.append((name.strip(), value.strip()))
    return pairs


def _headers(path: Path) -> dict[str, str]:
    """Name and Version from a METADATA or PKG-INFO file (its header ends at the first blank line)."""
    headers: dict[str, str] = {}
    for line in _read_lines(path):
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() in ("name", "version"):
            headers.setdefault(key.strip().lower(), value.strip())
    return headers


class _Games:
    """Plugins and the games they offer, collected from the functions of their hooks."""

    def __init__(self) -> None:
        self.plugins: list[PluginInfo] = []
        self.variants: dict[str, VariantInfo] = {}

    def _collect(self, functions: dict[str, _Hook], info: PluginInfo) -> None:
        """Call one plugin's hooks (hook name: function) and take in what they offer."""
        for variant in self._call(functions, "aisle_register_variants", info) or []:
            self._add_variant(variant, info)
        for pair in self._call(functions, "aisle_locale_dirs", info) or []:
            try:
                domain, folder = pair
                add_locale_folder(str(domain), Path(folder))
            except (TypeError, ValueError) as error:
                info.errors.append(f"aisle_locale_dirs gave a bad entry {pair!r:.60}: {error}")
        for folder in self._call(functions, "aisle_help_dirs", info) or []:
            try:
                path = Path(folder)
            except TypeError:
                info.errors.append(f"aisle_help_dirs gave a bad folder {folder!r:.60}")
                continue
            info.help_dirs.append(path)
            add_locale_folder(HELP_DOMAIN, path)

    @staticmethod
    def _call(functions: dict[str, _Hook], hook_name: str,
              info: PluginInfo) -> list[Any] | None:
        function = functions.get(hook_name)
        if function is None:
            return None
        try:
            result = function()
        except Exception as error:
            info.errors.append(f"{hook_name} raised {type(error).__name__}: {error}")
            return None
        if result is None:
            return None
        try:
            return list(result)
        except TypeError:
            info.errors.append(f"{hook_name} must return a list, not {type(result).__name__}")
            return None

    def _add_variant(self, variant: object, info: PluginInfo) -> None:
        problem = variant_problem(variant)
        if problem is None:
            assert isinstance(variant, type) and issubclass(variant, Variant)
            if variant.id in self.variants:
                owner = self.variants[variant.id].plugin
                problem = f"game id {variant.id!r} is already taken by plugin {owner!r}"
        if problem is not None:
            info.errors.append(problem)
            return
        assert isinstance(variant, type) and issubclass(variant, Variant)
        self.variants[variant.id] = VariantInfo(
            variant.id, variant.name, variant.description, variant,
            info.name, info.distribution, info.version,
        )
        info.games.append(variant.id)

    def errors(self) -> list[tuple[str, str]]:
        return [(plugin.name, error) for plugin in self.plugins for error in plugin.errors]


class Registry(_Games):
    """Plugins and the games they offer, loaded from entry points (or given directly in tests)."""

    def __init__(self) -> None:
        super().__init__()
        import pluggy  # only here: the start-up finds its first game without it

        self.manager = pluggy.PluginManager(GROUP)
        self.manager.add_hookspecs(AisleSpec)

    # -- loading ------------------------------------------------------------------------------
    def load_entry_points(self, disabled: Sequence[str] = ()) -> None:
        self.load(_enabled(entry_points(GROUP), disabled))

    def load(self, points: Sequence[EntryPoint]) -> None:
        """Import and register these plugins, Aisle's own first: a third-party plugin can
        never take a built-in game's id."""
        ordered = sorted(points, key=lambda e: (e.distribution != BUILTIN_DISTRIBUTION, e.name))
        for entry_point in ordered:
            distribution, version = entry_point.distribution, entry_point.version
            info = PluginInfo(entry_point.name, distribution, version, entry_point.value)
            self.plugins.append(info)
            try:
                module = entry_point.load()
            except Exception as error:  # a broken plugin is reported, never fatal
                info.errors.append(f"cannot be imported: {type(error).__name__}: {error}")
                continue
            self.add_plugin(module, info)

    def add_plugin(self, plugin: ModuleType | object, info: PluginInfo) -> None:
        """Register one plugin object and collect what its hooks offer."""
        if info not in self.plugins:
            self.plugins.append(info)
        try:
            self.manager.register(plugin, name=info.name)
        except Exception as error:
            info.errors.append(f"cannot be registered: {error}")
            return
        functions: dict[str, _Hook] = {}
        for hook_name in HOOK_NAMES:
            for impl in getattr(self.manager.hook, hook_name).get_hookimpls():
                if impl.plugin is plugin:
                    functions[hook_name] = impl.function
                    break
        self._collect(functions, info)

    def report_runtime_error(self, variant_id: str, message: str) -> None:
        """Record an error a game raised while being played, against its plugin."""
        info = self.variants.get(variant_id)
        for plugin in self.plugins:
            if info is not None and plugin.name == info.plugin and message not in plugin.errors:
                plugin.errors.append(message)


def variant_problem(variant: object) -> str | None:
    """What is wrong with a class offered as a game, or None when it is usable."""
    if not (isinstance(variant, type) and issubclass(variant, Variant)):
        return f"{variant!r:.60} is not a Variant subclass"
    variant_id = getattr(variant, "id", None)
    if not isinstance(variant_id, str) or not _ID_PATTERN.match(variant_id):
        return f"{variant.__name__} has no valid id (lowercase letters, digits and dashes)"
    for attribute in ("name", "description"):
        if not isinstance(getattr(variant, attribute, None), Text):
            return f"{variant_id}: {attribute} must be a translatable Text"
    if not isinstance(variant.decks, int) or not 1 <= variant.decks <= 8:
        return f"{variant_id}: decks must be 1 to 8"
    for option in variant.options:
        if option.default not in {choice.value for choice in option.choices}:
            return f"{variant_id}: option {option.key!r} has a default that is not a choice"
    try:
        specs = list(variant().layout())
    except Exception as error:
        return f"{variant_id}: layout() raised {type(error).__name__}: {error}"
    return layout_problem(variant_id, specs)


def layout_problem(variant_id: str, specs: Sequence[object]) -> str | None:
    if not specs:
        return f"{variant_id}: the layout has no slots"
    seen: set[str] = set()
    for spec in specs:
        if not isinstance(spec, SlotSpec):
            return f"{variant_id}: the layout holds {spec!r:.40}, not a SlotSpec"
        if spec.id in seen:
            return f"{variant_id}: slot id {spec.id!r} is used twice"
        seen.add(spec.id)
        if spec.kind not in tuple(SlotKind):
            return f"{variant_id}: slot {spec.id!r} has an unknown kind {spec.kind!r}"
        if not (0 <= spec.x <= 40 and 0 <= spec.y <= 40):
            return f"{variant_id}: slot {spec.id!r} lies outside the table"
    return None


_registry: Registry | None = None
#: Built-in games found by `find_variant` before the registry was loaded, by id.
_early: dict[str, VariantInfo] = {}


def disabled_plugins() -> list[str]:
    return [name.strip() for name in os.environ.get(DISABLE_VARIABLE, "").split(",") if name.strip()]


def _enabled(points: Sequence[EntryPoint], disabled: Sequence[str]) -> list[EntryPoint]:
    return [point for point in points
            if point.name not in disabled and point.distribution not in disabled]


def get_registry() -> Registry:
    """The process-wide registry, loaded from entry points on first use."""
    global _registry
    if _registry is None:
        registry = Registry()
        registry.load_entry_points(disabled_plugins())
        _registry = registry
    return _registry


def get_plugin_manager() -> pluggy.PluginManager:
    return get_registry().manager


def available_variants() -> dict[str, VariantInfo]:
    return dict(get_registry().variants)


def find_variant(variant_id: str) -> VariantInfo | None:
    """The game `variant_id` as `available_variants()` has it, importing as few plugins as can be.

    Before the registry is loaded, one of Aisle's own games is found by importing its plugin
    alone (the built-in entry point named like the game) and calling its hooks without pluggy
    (`plain_hooks`), so a start-up shows its first table without importing every other game
    or pluggy. The answer is the one the full registry gives: built-in plugins are loaded
    before any other and never offer the same id twice. Every other id, or a built-in plugin
    that does not offer its game cleanly (or not plainly), loads the whole registry.
    """
    if _registry is None:
        info = _early.get(variant_id) or _load_builtin(variant_id)
        if info is not None:
            return info
    return get_registry().variants.get(variant_id)


def _load_builtin(variant_id: str) -> VariantInfo | None:
    own = entry_points(GROUP, BUILTIN_DISTRIBUTION)
    points = [point for point in _enabled(own, disabled_plugins())
              if point.distribution == BUILTIN_DISTRIBUTION and point.name == variant_id]
    if len(points) != 1:
        return None
    point = points[0]
    try:
        module = point.load()
    except Exception:  # the full registry imports it again, and reports why it fails
        return None
    functions = plain_hooks(module)
    if functions is None:
        return None
    # Collected on their own: the process-wide registry is still loaded whole when first asked.
    alone = _Games()
    plugin = PluginInfo(point.name, point.distribution, point.version, point.value)
    alone.plugins.append(plugin)
    alone._collect(functions, plugin)
    info = alone.variants.get(variant_id)
    if info is None or alone.errors() or alone.variants.keys() != {variant_id}:
        return None
    _early[variant_id] = info
    return info


def plain_hooks(plugin: object) -> dict[str, _Hook] | None:
    """A plugin module's hooks (hook name: function) as pluggy would find and call them, read
    without pluggy; None unless every one is plain: a function taking no arguments, marked by
    `hookimpl` without options and named like one of Aisle's hooks (anything else is left to
    the full registry, which registers it with pluggy)."""
    if not isinstance(plugin, ModuleType):
        return None
    functions: dict[str, _Hook] = {}
    # pluggy looks at every name of the module, without running descriptors, and takes only
    # functions and methods as hooks.
    for name, value in vars(plugin).items():
        if isinstance(value, staticmethod | classmethod | MethodType):
            # pluggy reads the mark on the wrapper or on the function inside: left to it.
            for holder in (value, value.__func__):
                if getattr(holder, IMPL_ATTRIBUTE, None) is not None:
                    return None
            continue
        if not isinstance(value, FunctionType):
            continue
        options = getattr(value, IMPL_ATTRIBUTE, None)
        if options is None:
            continue
        if (options != _PLAIN_OPTIONS or name not in HOOK_NAMES
                or value.__code__.co_argcount or value.__code__.co_kwonlyargcount):
            return None
        functions[name] = value
    return functions


def plugin_errors() -> list[tuple[str, str]]:
    """(plugin name, error) for every plugin that failed, wholly or in part."""
    return get_registry().errors()


def help_folders() -> list[Path]:
    return [folder for plugin in get_registry().plugins for folder in plugin.help_dirs]


def reset_registry() -> None:
    """Forget loaded plugins (tests use it after changing the environment)."""
    global _registry
    _registry = None
    _early.clear()
