"""Built-in game plugin: Spider with one, two or four suits (registered through the "aisle" entry point)."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_spider.game import Spider

__all__ = ["Spider", "aisle_register_variants"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [Spider]
