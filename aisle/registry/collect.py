"""Plugins and the games they offer, collected from the functions of their hooks.

Every problem is recorded against its plugin, never raised: whatever a plugin's hooks raise or
return, even SystemExit or KeyboardInterrupt, the other plugins and games go on.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from pathlib import Path
from types import FunctionType, MethodType, ModuleType
from typing import Any

from aisle.engine.records import frozen, record
from aisle.i18n import HELP_DOMAIN, Text, add_locale_folder
from aisle.registry.checks import (
    card_deck_problem,
    help_folder_problem,
    locale_folder_problem,
    raised_at,
    says_where,
    source_file,
    variant_problem,
)
from aisle.registry.entry_points import BUILTIN_DISTRIBUTION
from aisle.registry.specs import HOOK_NAMES, HOOK_RETURNS, IMPL_ATTRIBUTE, PLAIN_OPTIONS, Hook
from aisle.variant import GENERAL_HELP_PAGE, Variant


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


class Games:
    """Plugins and the games they offer, collected from the functions of their hooks.

    Catalog folders go to `aisle.i18n` at once, or with `publish` when collected in a worker
    thread (`publish_now` False): the window's thread may be translating meanwhile.
    """

    def __init__(self, publish_now: bool = True) -> None:
        self.plugins: list[PluginInfo] = []
        self.variants: dict[str, VariantInfo] = {}
        #: Names of the entry points left out by AISLE_DISABLE_PLUGINS.
        self.disabled: list[str] = []
        #: Names in AISLE_DISABLE_PLUGINS that are no installed plugin or distribution.
        self.unmatched_disabled: list[str] = []
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

    def pending_folders(self) -> list[tuple[str, Path]]:
        """The catalog folders collected and not published yet (taken: they are published by
        whoever takes them)."""
        folders, self._folders = self._folders, []
        return folders

    def add_folder(self, domain: str, folder: Path) -> None:
        if self._publish_now:
            add_locale_folder(domain, folder)
        else:
            self._folders.append((domain, folder))

    def _collect(self, functions: dict[str, Hook], info: PluginInfo) -> None:
        """Call one plugin's hooks (hook name: function) and take in what they offer."""
        for variant in self._call(functions, "aisle_register_variants", info) or []:
            self._add_variant(variant, info, functions["aisle_register_variants"])
        self._collect_folders(functions, info)

    def note_missing_help_pages(self, plugins: list[PluginInfo]) -> None:
        """Report each game of these plugins (Aisle's own excepted: tested with it) whose help
        page is in none of its plugin's help folders, nor one of Aisle's games' pages: Help on
        it would show How to play Aisle instead, without a word. Called once the games of
        Aisle's own plugins are known."""
        for info in plugins:
            if info.distribution != BUILTIN_DISTRIBUTION:
                info.errors.extend(problem for problem in self._missing_help_pages(info)
                                   if problem not in info.errors)  # a plugin absorbed: told

    def _missing_help_pages(self, info: PluginInfo) -> list[str]:
        builtin_pages = {_page_of(game.variant) for game in self.variants.values()
                         if game.distribution == BUILTIN_DISTRIBUTION} | {GENERAL_HELP_PAGE}
        missing = []
        for variant_id in info.games:
            variant = self.variants[variant_id].variant
            page = _page_of(variant)
            if page in builtin_pages or any((folder / f"{page}.md").is_file()
                                             for folder in info.help_dirs):
                continue
            folders = ", ".join(str(folder) for folder in info.help_dirs)
            missing.append(f"{variant_id}: no help page {page}.md "
                           + (f"in its help folders ({folders})" if folders else
                              "(the plugin has no help folder: return one from aisle_help_dirs)")
                           + f"; Help on the game shows How to play Aisle instead "
                             f"({source_file(variant)})")
        return missing

    def _collect_folders(self, functions: dict[str, Hook], info: PluginInfo) -> None:
        """The catalog and help folders and the card decks a plugin's hooks give."""
        for pair in self._call(functions, "aisle_locale_dirs", info) or []:
            where = source_file(functions["aisle_locale_dirs"])
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
            self.add_folder(str(domain), path)
        for folder in self._call(functions, "aisle_help_dirs", info) or []:
            where = source_file(functions["aisle_help_dirs"])
            try:
                path = Path(folder)
            except TypeError:
                info.errors.append(f"aisle_help_dirs gave a bad folder {folder!r:.60} (in {where})")
                continue
            problem = help_folder_problem(path)
            if problem is not None:
                info.errors.append(f"aisle_help_dirs: {problem} (in {where})")
            info.help_dirs.append(path)
            self.add_folder(HELP_DOMAIN, path)
        for deck in self._call(functions, "aisle_card_decks", info) or []:
            where = source_file(functions["aisle_card_decks"])
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

    def collect_safely(self, functions: dict[str, Hook], info: PluginInfo) -> None:
        """`_collect`, with anything a plugin's answers raise on the way (a str() or a path
        that fails) reported against the plugin."""
        try:
            self._collect(functions, info)
        except BaseException as error:
            info.errors.append(f"what its hooks returned cannot be used: "
                               f"{type(error).__name__}: {error}" + raised_at(error))

    @staticmethod
    def _call(functions: dict[str, Hook], hook_name: str,
              info: PluginInfo) -> list[Any] | None:
        """The list a hook returns; anything else (a str, a dict, a number) is reported once.
        A tuple or a generator is taken as the list it holds."""
        function = functions.get(hook_name)
        if function is None:
            return None
        where = source_file(function)
        try:
            result = function()
            if result is None:
                return None
            if isinstance(result, list | tuple | Iterator):
                return list(result)
        except BaseException as error:  # SystemExit, KeyboardInterrupt too: a plugin's, not ours
            info.errors.append(f"{hook_name} raised {type(error).__name__}: {error}"
                               + raised_at(error, fallback=where))
            return None
        info.errors.append(f"{hook_name} returned {_a(type(result).__name__)}, not a list of "
                           f"{HOOK_RETURNS.get(hook_name, 'values')} (in {where})")
        return None

    def _add_variant(self, variant: object, info: PluginInfo, hook: Hook) -> None:
        try:
            problem = variant_problem(variant)
        except BaseException as error:  # a class whose attributes raise when looked at
            problem = (f"{variant!r:.60} cannot be checked: {type(error).__name__}: {error}"
                       + raised_at(error))
        if problem is None:
            assert isinstance(variant, type) and issubclass(variant, Variant)
            taken = self.variants.get(variant.id)
            if taken is not None:
                problem = _taken(variant, taken, info)
            elif info.distribution != BUILTIN_DISTRIBUTION:  # Aisle's own are tested with it
                problem = deal_problem(variant)
        if problem is not None:
            if not says_where(problem):  # else it names the file and line already
                problem += f" ({source_file(variant if isinstance(variant, type) else hook)})"
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


def _taken(variant: type[Variant], taken: VariantInfo, info: PluginInfo) -> str:
    """Why `variant` cannot have its id: a game offered already has it (`taken`)."""
    if (taken.plugin, taken.distribution) != (info.name, info.distribution):
        return f"game id {variant.id!r} is already taken by plugin {taken.plugin!r}"
    if taken.variant is variant:
        return f"aisle_register_variants lists the game {variant.id!r} twice"
    return (f"game id {variant.id!r} is already taken by another of the plugin's games "
            f"({taken.variant.__name__})")


def deal_problem(variant: type[Variant]) -> str | None:
    """Why a game cannot deal (its deal number 1, default options), found as it is loaded
    rather than when a player first picks it; None when it deals."""
    from aisle.engine.game import Game, VariantError

    try:
        Game.new(variant, 1)
    except VariantError as error:
        where = f" (in {error.location})" if error.location else ""
        return f"{error}{where}"
    except BaseException as error:  # SystemExit too: the plugin is at fault
        return f"{variant.id}: the deal raised {type(error).__name__}: {error}" + raised_at(error)
    return None


def _page_of(variant: type[Variant]) -> str:
    return variant.help_page or variant.id


def _a(name: str) -> str:
    """A type's name with its article: "a str", "an int"."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def plain_hooks(plugin: object) -> dict[str, Hook] | None:
    """A plugin module's hooks (hook name: function) as pluggy would find and call them, read
    without pluggy; None unless every one is plain: a function taking no arguments, marked by
    `hookimpl` without options and named like one of Aisle's hooks (anything else is left to
    the full registry, which registers it with pluggy)."""
    if not isinstance(plugin, ModuleType):
        return None
    functions: dict[str, Hook] = {}
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
        if (options != PLAIN_OPTIONS or name not in HOOK_NAMES
                or value.__code__.co_argcount or value.__code__.co_kwonlyargcount):
            return None
        functions[name] = value
    return functions


def hook_mistakes(plugin: object, found: Collection[str]) -> list[str]:
    """What keeps a plugin's functions from being called as hooks, for its author: a function
    marked `hookimpl` under a name that is no hook of Aisle's (a misspelling), one named like a
    hook but not marked; and a plugin that offers no hook at all (`found`: the hooks it does)."""
    problems: list[str] = []
    for name in sorted(vars(plugin) if isinstance(plugin, ModuleType) else dir(plugin)):
        value = getattr(plugin, name, None)
        if not callable(value) or isinstance(value, type):
            continue
        options = getattr(value, IMPL_ATTRIBUTE, None)
        hook = (options.get("specname") or name) if isinstance(options, dict) else name
        if options is not None and hook not in HOOK_NAMES:
            import difflib  # only for a report

            near = difflib.get_close_matches(hook, HOOK_NAMES, n=1)
            problems.append(f"{hook} is no hook of Aisle's, so it is never called"
                            + (f" (did you mean {near[0]}?)" if near else
                               f" (the hooks: {', '.join(HOOK_NAMES)})")
                            + f" (in {source_file(value)})")
        elif options is None and name in HOOK_NAMES:
            problems.append(f"{name} is not marked with @hookimpl (from aisle.hooks import "
                            f"hookimpl), so it is never called (in {source_file(value)})")
    if not found and not problems:
        problems.append(f"offers none of Aisle's hooks ({', '.join(HOOK_NAMES)}): mark each "
                        f"with @hookimpl (from aisle.hooks import hookimpl)")
    return problems
