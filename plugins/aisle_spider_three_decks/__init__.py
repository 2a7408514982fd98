"""Built-in game plugin: Spider Three Decks (registered through the "aisle" entry point)."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_spider_three_decks.game import SpiderThreeDecks

__all__ = ["SpiderThreeDecks"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [SpiderThreeDecks]
