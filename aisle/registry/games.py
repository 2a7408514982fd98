"""Games by their ids: the registry finds the class, the engine deals and replays it.

The engine takes Variant classes only; everything that knows a game by its id (a saved game,
the settings, the command line, the solver's worker) comes here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from aisle.engine.game import Game
from aisle.engine.save import game_from_json
from aisle.registry.loading import available_variants, find_variant

if TYPE_CHECKING:
    from aisle.variant import Variant


def variant_class(variant_id: str) -> type[Variant]:
    """The class of the game `variant_id`; KeyError (naming the games on offer) when no plugin
    offers it. One of Aisle's own games is found without loading every plugin."""
    info = find_variant(variant_id)
    if info is None:
        known = available_variants()
        raise KeyError(f"unknown game {variant_id!r}; known games: {', '.join(sorted(known))}")
    return info.variant


def new_game(variant_id: str, seed: int, options: Mapping[str, object] | None = None) -> Game:
    """A new deal of the game `variant_id` (see `Game.new`)."""
    return Game.new(variant_class(variant_id), seed, options)


def restore_game(text: str | bytes,
                 variants: Mapping[str, type[Variant]] | None = None) -> Game:
    """A saved game, replayed (see `aisle.engine.save`): its game is looked up in `variants`
    when given, else among the installed games."""
    return game_from_json(text, variants.__getitem__ if variants is not None else variant_class)
