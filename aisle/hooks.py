"""Plugins: hook specs and the plugin manager (entry-point group "aisle").

Every game, built-in or third-party, arrives the same way: a distribution declares
``[project.entry-points.aisle] name = "module"`` and the module implements hooks marked with
`hookimpl`. Plugins are loaded one by one; one that fails to import, raises in a hook, or offers
a broken or duplicate game is recorded in `plugin_errors()` and skipped, never fatal.

pluggy is imported only with the full registry: the start-up finds its first game, one of
Aisle's own plugins, by calling that plugin's plain hooks directly (see `find_variant`). The
window loads the full registry in a worker thread (`load_in_background`), so a plugin that is
slow to import never freezes it; the registry is taken up by the next `get_registry()` call.

Every problem is written for the plugin's author: it says which hook or method, what was wrong,
and the file it is about. A game that fails while being played is recorded against its plugin
too (`report_fault`), which is then listed as broken. Whatever a plugin raises while it is
imported or asked, even SystemExit or KeyboardInterrupt, is caught and reported the same way:
nothing a plugin does stops Aisle from starting.
"""

from __future__ import annotations

import importlib
import logging
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FunctionType, MethodType, ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, overload

from aisle.engine.records import frozen, record
from aisle.engine.slots import SlotKind, SlotSpec
from aisle.i18n import HELP_DOMAIN, T, Text, add_locale_folder
from aisle.variant import Variant

if TYPE_CHECKING:
    import pluggy

    from aisle.wheel_plugins import WheelState

log = logging.getLogger(__name__)

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
HOOK_NAMES = ("aisle_register_variants", "aisle_locale_dirs", "aisle_help_dirs",
              "aisle_card_decks")
#: What each hook must return a list of (said when it returns something else).
_HOOK_RETURNS = {"aisle_register_variants": "Variant classes",
                 "aisle_locale_dirs": "(domain, folder) pairs", "aisle_help_dirs": "folders",
                 "aisle_card_decks": "deck files or folders"}


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

    @hookspec
    def aisle_card_decks(self) -> Sequence[str | Path]:  # type: ignore[empty-body]
        """Return card decks: SVG/SVGZ files, or folders holding such files (or KDE deck
        folders with an ``index.desktop``). They are offered in View ▸ Card Style."""


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
    #: One of its games failed while being played (the error is among `errors`).
    broken: bool

    def __init__(self, name: str, distribution: str, version: str, module: str,
                 games: list[str] | None = None, errors: list[str] | None = None,
                 help_dirs: list[Path] | None = None, broken: bool = False) -> None:
        self.name = name
        self.distribution = distribution
        self.version = version
        self.module = module
        # A new list each (None stands for "none given", as a dataclass's default factory).
        self.games = [] if games is None else games
        self.errors = [] if errors is None else errors
        self.help_dirs = [] if help_dirs is None else help_dirs
        self.broken = broken


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
    """Plugins and the games they offer, collected from the functions of their hooks.

    Catalog folders go to `aisle.i18n` at once, or with `publish` when collected in a worker
    thread (`publish_now` False): the window's thread may be translating meanwhile.
    """

    def __init__(self, publish_now: bool = True) -> None:
        self.plugins: list[PluginInfo] = []
        self.variants: dict[str, VariantInfo] = {}
        #: Names of the entry points left out by AISLE_DISABLE_PLUGINS.
        self.disabled: list[str] = []
        self._publish_now = publish_now
        self._folders: list[tuple[str, Path]] = []
        #: Card decks plugins offer: (plugin name, deck file or folder); see aisle.ui.cards.decks.
        self.card_decks: list[tuple[str, Path]] = []

    def publish(self) -> None:
        """Hand the catalog folders collected so far to `aisle.i18n` (and any later at once)."""
        self._publish_now = True
        for domain, folder in self._folders:
            add_locale_folder(domain, folder)
        self._folders.clear()

    def _add_folder(self, domain: str, folder: Path) -> None:
        if self._publish_now:
            add_locale_folder(domain, folder)
        else:
            self._folders.append((domain, folder))

    def _collect(self, functions: dict[str, _Hook], info: PluginInfo) -> None:
        """Call one plugin's hooks (hook name: function) and take in what they offer."""
        for variant in self._call(functions, "aisle_register_variants", info) or []:
            self._add_variant(variant, info, functions["aisle_register_variants"])
        for pair in self._call(functions, "aisle_locale_dirs", info) or []:
            where = _source_file(functions["aisle_locale_dirs"])
            try:
                domain, folder = pair
                path = Path(folder)
            except (TypeError, ValueError) as error:
                info.errors.append(f"aisle_locale_dirs gave a bad entry {pair!r:.60}: {error} "
                                   f"(in {where})")
                continue
            problem = locale_folder_problem(str(domain), path)
            if problem is not None:
                info.errors.append(f"aisle_locale_dirs: {problem} (in {where})")
            self._add_folder(str(domain), path)
        for folder in self._call(functions, "aisle_help_dirs", info) or []:
            where = _source_file(functions["aisle_help_dirs"])
            try:
                path = Path(folder)
            except TypeError:
                info.errors.append(f"aisle_help_dirs gave a bad folder {folder!r:.60} (in {where})")
                continue
            problem = help_folder_problem(path)
            if problem is not None:
                info.errors.append(f"aisle_help_dirs: {problem} (in {where})")
            info.help_dirs.append(path)
            self._add_folder(HELP_DOMAIN, path)
        for deck in self._call(functions, "aisle_card_decks", info) or []:
            where = _source_file(functions["aisle_card_decks"])
            try:
                path = Path(deck)
            except TypeError:
                info.errors.append(f"aisle_card_decks gave a bad deck {deck!r:.60} (in {where})")
                continue
            problem = card_deck_problem(path)
            if problem is not None:
                info.errors.append(f"aisle_card_decks: {problem} (in {where})")
                continue
            self.card_decks.append((info.name, path))

    def _collect_safely(self, functions: dict[str, _Hook], info: PluginInfo) -> None:
        """`_collect`, with anything a plugin's answers raise on the way (a str() or a path
        that fails) reported against the plugin."""
        try:
            self._collect(functions, info)
        except BaseException as error:
            info.errors.append(f"what its hooks returned cannot be used: "
                               f"{type(error).__name__}: {error}" + _raised_at(error))

    @staticmethod
    def _call(functions: dict[str, _Hook], hook_name: str,
              info: PluginInfo) -> list[Any] | None:
        """The list a hook returns; anything else (a str, a dict, a number) is reported once.
        A tuple or a generator is taken as the list it holds."""
        function = functions.get(hook_name)
        if function is None:
            return None
        where = _source_file(function)
        try:
            result = function()
            if result is None:
                return None
            if isinstance(result, list | tuple | Iterator):
                return list(result)
        except BaseException as error:  # SystemExit, KeyboardInterrupt too: a plugin's, not ours
            info.errors.append(f"{hook_name} raised {type(error).__name__}: {error}"
                               + _raised_at(error, fallback=where))
            return None
        info.errors.append(f"{hook_name} returned a {type(result).__name__}, not a list of "
                           f"{_HOOK_RETURNS.get(hook_name, 'values')} (in {where})")
        return None

    def _add_variant(self, variant: object, info: PluginInfo, hook: _Hook) -> None:
        try:
            problem = variant_problem(variant)
        except BaseException as error:  # a class whose attributes raise when looked at
            problem = (f"{variant!r:.60} cannot be checked: {type(error).__name__}: {error}"
                       + _raised_at(error))
        if problem is None:
            assert isinstance(variant, type) and issubclass(variant, Variant)
            if variant.id in self.variants:
                owner = self.variants[variant.id].plugin
                problem = f"game id {variant.id!r} is already taken by plugin {owner!r}"
        if problem is not None:
            where = _source_file(variant if isinstance(variant, type) else hook)
            info.errors.append(f"{problem} ({where})")
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

    def __init__(self, publish_now: bool = True) -> None:
        super().__init__(publish_now)
        import pluggy  # only here: the start-up finds its first game without it

        self.manager = pluggy.PluginManager(GROUP)
        self.manager.add_hookspecs(AisleSpec)
        #: The wheel files of the plugins folder and what became of each (aisle.wheel_plugins).
        self.wheels: list[WheelState] = []
        #: What was wrong with the file of the player's answers about wheels (told once).
        self.permission_problems: list[Text] = []

    # -- loading ------------------------------------------------------------------------------
    def load_entry_points(self, disabled: Sequence[str] = ()) -> None:
        # Plugin wheels dropped into the user's plugins folder join sys.path first (for the bundle).
        # Only the wheels the player allowed (aisle.plugin_consent); the window asks about the rest.
        from aisle.plugin_consent import Permissions
        from aisle.wheel_plugins import add_wheel_folders

        permissions = Permissions.load()
        self.permission_problems = permissions.problems
        self.wheels = add_wheel_folders(permissions)
        points = entry_points(GROUP)
        enabled = _enabled(points, disabled)
        self.disabled = [point.name for point in points if point not in enabled]
        self.load(enabled)
        self.note_broken_wheels()

    def note_broken_wheels(self) -> None:
        """List each wheel of `wheels` that cannot be used as a plugin with its problem, so
        it counts as a broken plugin everywhere (errors, the reason no game is on offer)."""
        from aisle.wheel_plugins import WheelStatus

        for wheel in self.wheels:
            if wheel.status is WheelStatus.BROKEN:
                self.plugins.append(PluginInfo(
                    wheel.file, wheel.info.name if wheel.info else wheel.file,
                    wheel.info.version if wheel.info else "?", wheel.file, errors=[wheel.problem]))

    def load_distribution(self, distribution: str) -> None:
        """Import and register the plugins of one distribution as found on sys.path now
        (unless switched off with AISLE_DISABLE_PLUGINS)."""
        self.load(_enabled(entry_points(GROUP, distribution), disabled_plugins()))

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
            except BaseException as error:  # a broken plugin is reported, never fatal, even
                # one raising SystemExit or KeyboardInterrupt as it is imported
                info.errors.append(f"cannot be imported ({entry_point.value}): "
                                   f"{type(error).__name__}: {error}" + _raised_at(error))
                continue
            self.add_plugin(module, info)

    def add_plugin(self, plugin: ModuleType | object, info: PluginInfo) -> None:
        """Register one plugin object and collect what its hooks offer."""
        if info not in self.plugins:
            self.plugins.append(info)
        try:
            self.manager.register(plugin, name=info.name)
        except BaseException as error:  # pluggy looks at every attribute: one may raise
            info.errors.append(f"cannot be registered: {type(error).__name__}: {error}")
            return
        functions: dict[str, _Hook] = {}
        for hook_name in HOOK_NAMES:
            for impl in getattr(self.manager.hook, hook_name).get_hookimpls():
                if impl.plugin is plugin:
                    functions[hook_name] = impl.function
                    break
        self._collect_safely(functions, info)

    def absorb(self, later: Registry) -> None:
        """Take in the plugins of `later`, loaded after this registry (wheels the player has
        just allowed): their games, unless an id is taken, their catalogs, decks and wheels.
        Called in the thread that uses this registry."""
        known = {(plugin.name, plugin.distribution) for plugin in self.plugins}
        later.publish()
        for plugin in later.plugins:
            if (plugin.name, plugin.distribution) in known:
                continue  # installed some other way too, and loaded already
            self.plugins.append(plugin)
            for variant_id in list(plugin.games):
                if variant_id in self.variants:
                    owner = self.variants[variant_id].plugin
                    plugin.errors.append(f"game id {variant_id!r} is already taken by plugin "
                                         f"{owner!r}")
                    plugin.games.remove(variant_id)
                else:
                    self.variants[variant_id] = later.variants[variant_id]
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
            self._record_failure(info.plugin, message)

    def _record_failure(self, plugin_name: str, message: str) -> None:
        for plugin in self.plugins:
            if plugin.name == plugin_name:
                plugin.broken = True
                if message not in plugin.errors:
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
        # The Options menu shows these labels: each must be a translatable Text.
        if not all(isinstance(label, Text) for label in
                   (option.label, *(choice.label for choice in option.choices))):
            return f"{variant_id}: option {option.key!r} has a label that is not a Text"
    try:
        specs = list(variant().layout())
    except BaseException as error:  # SystemExit too: the plugin is at fault
        return f"{variant_id}: layout() raised {type(error).__name__}: {error}"
    return layout_problem(variant_id, specs)


def locale_folder_problem(domain: str, folder: Path) -> str | None:
    """Why a catalog folder a plugin names gives no translations of `domain`, or None."""
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    for language in _subfolders(folder):
        messages = language / "LC_MESSAGES"
        if (messages / f"{domain}.mo").is_file() or (messages / f"{domain}.po").is_file():
            return None
    return (f"the folder {folder} holds no catalog of the domain {domain!r} "
            f"(<language>/LC_MESSAGES/{domain}.po or .mo); was the plugin built without them?")


def card_deck_problem(path: Path) -> str | None:
    """Why a deck a plugin names cannot be offered, or None (the drawing itself is checked
    when the deck is shown: reading SVG needs Qt, which this module never imports)."""
    suffixes = (".svg", ".svgz")
    if path.is_dir():
        if any(entry.suffix.lower() in suffixes or (entry / "index.desktop").is_file()
               for entry in _subfolders(path) + sorted(path.glob("*.svg*"))):
            return None
        return f"the folder {path} holds no card deck (.svg or .svgz); was the plugin built without it?"
    if not path.is_file():
        return f"the deck {path} does not exist"
    if path.suffix.lower() not in suffixes:
        return f"the deck {path} is not an .svg or .svgz file"
    return None


def help_folder_problem(folder: Path) -> str | None:
    """Why a help folder a plugin names offers no page, or None."""
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if not any(folder.glob("*.md")):
        return f"the folder {folder} holds no help page (<page>.md); was the plugin built without it?"
    return None


def _subfolders(folder: Path) -> list[Path]:
    try:
        return [entry for entry in folder.iterdir() if entry.is_dir()]
    except OSError:
        return []


def _source_file(thing: object) -> str:
    """The file a hook function or a class is defined in (what a message about it names)."""
    code = getattr(thing, "__code__", None)
    if code is not None:
        return str(code.co_filename)
    module = sys.modules.get(getattr(thing, "__module__", "") or "")
    return str(getattr(module, "__file__", None) or getattr(thing, "__module__", "?"))


def _raised_at(error: BaseException, fallback: str | None = None) -> str:
    """" (in FILE, line N)" for the innermost line of an error's traceback (a syntax error: its
    own file and line); " (in FALLBACK)" when the traceback names no file."""
    if isinstance(error, SyntaxError) and error.filename:
        return f" (in {error.filename}, line {error.lineno})"
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    if trace is not None:
        return f" (in {trace.tb_frame.f_code.co_filename}, line {trace.tb_lineno})"
    return f" (in {fallback})" if fallback else ""


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
#: Held while the registry loads (in whichever thread), so it is loaded once.
_loading = threading.Lock()
#: The registry a worker thread loaded, until `get_registry` takes it up.
_background: Registry | None = None
_worker: threading.Thread | None = None
#: Failures of games reported before the registry was loaded: (plugin name, message).
_pending_failures: list[tuple[str, str]] = []


def disabled_plugins() -> list[str]:
    return [name.strip() for name in os.environ.get(DISABLE_VARIABLE, "").split(",") if name.strip()]


def _enabled(points: Sequence[EntryPoint], disabled: Sequence[str]) -> list[EntryPoint]:
    return [point for point in points
            if point.name not in disabled and point.distribution not in disabled]


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
                loaded._record_failure(plugin_name, message)
            _pending_failures.clear()
            _registry = loaded
        return _registry


def _load_registry(publish_now: bool) -> Registry:
    registry = Registry(publish_now)
    try:
        registry.load_entry_points(disabled_plugins())
    except BaseException as error:  # outside any one plugin (each is caught on its own)
        log.exception("loading the plugins stopped")
        registry.plugins.append(PluginInfo(
            GROUP, BUILTIN_DISTRIBUTION, "?", __name__,
            errors=[f"loading the plugins stopped: {type(error).__name__}: {error}"
                    + _raised_at(error)]))
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
    """The games known without waiting: every game once the plugins are loaded, else the
    built-in games found so far."""
    if plugins_loading():
        return dict(_early)
    return dict(get_registry().variants)


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


def _load_builtin(variant_id: str) -> VariantInfo | None:
    own = entry_points(GROUP, BUILTIN_DISTRIBUTION)
    points = [point for point in _enabled(own, disabled_plugins())
              if point.distribution == BUILTIN_DISTRIBUTION and point.name == variant_id]
    if len(points) != 1:
        return None
    point = points[0]
    try:
        module = point.load()
    except BaseException:  # the full registry imports it again, and reports why it fails
        return None
    functions = plain_hooks(module)
    if functions is None:
        return None
    # Collected on their own: the process-wide registry is still loaded whole when first asked.
    alone = _Games()
    plugin = PluginInfo(point.name, point.distribution, point.version, point.value)
    alone.plugins.append(plugin)
    alone._collect_safely(functions, plugin)
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
    from aisle.engine.game import VariantError

    known = dict(_early)
    if _registry is not None:
        known.update(_registry.variants)
    if isinstance(error, VariantError) and error.variant_id in known:
        info = known[error.variant_id]
        return Culprit(info.plugin, info.distribution, info.version, info.name, error.location)
    modules: dict[str, tuple[str, str, str, Text | None]] = {}
    for plugin in _registry.plugins if _registry is not None else []:
        top = plugin.module.partition(":")[0].strip().partition(".")[0]
        modules[top] = (plugin.name, plugin.distribution, plugin.version, None)
    for info in known.values():
        top = info.variant.__module__.partition(".")[0]
        modules[top] = (info.plugin, info.distribution, info.version, info.name)
    modules.pop(__name__.partition(".")[0], None)  # Aisle itself is no plugin
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


def report_fault(culprit: Culprit, message: str) -> None:
    """Record a failure of a plugin's code while Aisle runs: the plugin is listed as broken,
    with `message`, in Help ▸ Plugins and ``--list-games`` of this run."""
    if _registry is not None:
        _registry._record_failure(culprit.plugin, message)
    elif (culprit.plugin, message) not in _pending_failures:
        _pending_failures.append((culprit.plugin, message))


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


def plugin_errors() -> list[tuple[str, str]]:
    """(plugin name, error) for every plugin that failed, wholly or in part."""
    return get_registry().errors()


def help_folders() -> list[Path]:
    return [folder for plugin in get_registry().plugins for folder in plugin.help_dirs]


def reset_registry() -> None:
    """Forget loaded plugins (tests use it after changing the environment)."""
    global _registry, _background, _worker
    with _loading:
        _registry = None
        _background = None
        _worker = None
        _early.clear()
        _pending_failures.clear()
