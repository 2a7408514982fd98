"""Union Square, the built-in game, registered through the same entry point a third-party game uses."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_union_square.game import UnionSquare

__all__ = ["UnionSquare"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [UnionSquare]
