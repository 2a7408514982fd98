"""Grandfather's Clock for Aisle: a third-party game plugin (entry point group "aisle", name
"grandfathers-clock").

The three hooks below are all a plugin needs: the games it offers, the folder of its own
message catalogs, and the folder of its help page with that page's translations.
"""

from __future__ import annotations

from pathlib import Path

from aisle.hooks import hookimpl
from aisle.variant import Variant

from aisle_grandfathers_clock.game import GrandfathersClock
from aisle_grandfathers_clock.texts import DOMAIN, HELP_DIR, LOCALE_DIR

__all__ = ["GrandfathersClock"]
__version__ = "1.0.0"


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [GrandfathersClock]


@hookimpl
def aisle_locale_dirs() -> list[tuple[str, Path]]:
    return [(DOMAIN, LOCALE_DIR)]


@hookimpl
def aisle_help_dirs() -> list[Path]:
    return [HELP_DIR]
