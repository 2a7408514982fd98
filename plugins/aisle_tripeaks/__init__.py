"""Built-in game plugin: TriPeaks (registered through the "aisle" entry point)."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_tripeaks.game import TriPeaks

__all__ = ["TriPeaks", "aisle_register_variants"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [TriPeaks]
