"""FreeCell, the built-in game, registered through the same entry point a third-party game uses."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.kit import classic_deals as deals
from aisle.variant import Variant
from aisle_freecell.game import FreeCell

__all__ = ["FreeCell", "deals"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [FreeCell]
