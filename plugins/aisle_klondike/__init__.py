"""Klondike, the built-in game, registered through the "aisle" entry point like any plugin."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_klondike.game import Klondike

__all__ = ["Klondike", "aisle_register_variants"]


@hookimpl
def aisle_register_variants() -> Sequence[type[Variant]]:
    return [Klondike]
