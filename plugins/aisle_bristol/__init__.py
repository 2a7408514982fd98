"""Bristol, the built-in game, registered through the same entry point a third-party game uses."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_bristol.game import Bristol

__all__ = ["Bristol"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [Bristol]
