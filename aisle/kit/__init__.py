"""The game kit: a game described by its roles and its deal, with the rules, hints, automatic
moves and solver knowledge following from the description (plugins/README.md, "The game kit")."""

from aisle.kit.build import (
    DOWN_ALTERNATE,
    DOWN_ALTERNATE_ROUND,
    DOWN_ANY_SUIT,
    DOWN_BY_COLOUR,
    DOWN_BY_SUIT,
    UP_ANY_SUIT,
    UP_BY_SUIT,
    UP_BY_SUIT_ROUND,
    Build,
    Direction,
    Suits,
)
from aisle.kit.dealing import AllAround, Named, Pile, Rest, Rows, Triangle, TurnUp
from aisle.kit.overlap import Lay, Overlap
from aisle.kit.roles import Empty, Foundations, FreeCells, Pick, Reserve, Stock, Tableau, Waste
from aisle.kit.texts import Texts
from aisle.kit.variant import KitVariant

__all__ = [
    "DOWN_ALTERNATE", "DOWN_ALTERNATE_ROUND", "DOWN_ANY_SUIT", "DOWN_BY_COLOUR", "DOWN_BY_SUIT",
    "UP_ANY_SUIT", "UP_BY_SUIT", "UP_BY_SUIT_ROUND",
    "AllAround", "Build", "Direction", "Empty", "Foundations", "FreeCells", "KitVariant", "Lay",
    "Named", "Overlap", "Pick", "Pile", "Reserve", "Rest", "Rows", "Stock", "Suits", "Tableau", "Texts",
    "Triangle", "TurnUp", "Waste",
]
