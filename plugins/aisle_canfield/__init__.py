"""Built-in game plugin: Canfield (registered through the "aisle" entry point)."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_canfield.game import Canfield

__all__ = ["Canfield", "aisle_register_variants"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [Canfield]
