"""Built-in game plugin: Pyramid (registered through the "aisle" entry point)."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_pyramid.game import Pyramid

__all__ = ["Pyramid", "aisle_register_variants"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [Pyramid]
