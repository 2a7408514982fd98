"""Forty Thieves, the built-in game, registered through the same entry point a third-party game uses."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_forty_thieves.game import FortyThieves

__all__ = ["FortyThieves"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [FortyThieves]
