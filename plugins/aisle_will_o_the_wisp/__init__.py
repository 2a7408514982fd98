"""Will o' the Wisp, the built-in game, registered through the same entry point a third-party game uses."""

from __future__ import annotations

from aisle.hooks import hookimpl
from aisle.variant import Variant
from aisle_will_o_the_wisp.game import WillOTheWisp

__all__ = ["WillOTheWisp"]


@hookimpl
def aisle_register_variants() -> list[type[Variant]]:
    return [WillOTheWisp]
