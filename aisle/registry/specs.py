"""The hooks a plugin implements, and the marks that name them (entry-point group "aisle").

The marks are made exactly as pluggy's ``HookspecMarker``/``HookimplMarker`` make them, without
importing pluggy: it is imported only with the full registry, after the first frame. Plugin
authors use them through `aisle.hooks`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, overload

from aisle.variant import Variant

GROUP = "aisle"
#: Where a hook implementation's options are kept (the name pluggy looks for).
IMPL_ATTRIBUTE = f"{GROUP}_impl"

_Function = TypeVar("_Function", bound=Callable[..., object])
#: A plugin's function for one hook (it takes no arguments).
Hook = Callable[[], Any]
#: The hooks Aisle calls, in the order it calls them for each plugin.
HOOK_NAMES = ("aisle_register_variants", "aisle_locale_dirs", "aisle_help_dirs",
              "aisle_card_decks")
#: What each hook must return a list of (said when it returns something else).
HOOK_RETURNS = {"aisle_register_variants": "Variant classes",
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
    specname), and Aisle can call a plain one before pluggy is imported (see
    `aisle.registry.loading.find_variant`)."""

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
PLAIN_OPTIONS = {"wrapper": False, "hookwrapper": False, "optionalhook": False,
                 "tryfirst": False, "trylast": False, "specname": None}


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
