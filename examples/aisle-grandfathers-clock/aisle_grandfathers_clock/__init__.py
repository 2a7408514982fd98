"""Grandfather's Clock for Aisle: a third-party kit game (entry point group "aisle", name
"grandfathers-clock")."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant

from aisle_grandfathers_clock.game import GrandfathersClock

__all__ = ["GrandfathersClock"]
__version__ = "0.1.0"


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [GrandfathersClock]
