"""A kit game's roles made into slots, with the look-ups the rules need at every move.

Built once per game from its roles: the slot specs in table order, each slot's role, the places
(indexes into `Board.slots`) of every kind, and a cache of `Move` objects so that listing the
legal moves creates nothing new.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from aisle.engine.actions import Move
from aisle.engine.slots import SlotSpec
from aisle.kit.roles import Foundations, FreeCells, Role, Stock, Tableau, Waste

_R = TypeVar("_R", bound=Role)


class Table:
    """Slots and look-ups for one list of roles."""

    def __init__(self, roles: Sequence[Role]) -> None:
        self.roles = tuple(roles)
        self.specs: list[SlotSpec] = []
        #: The role of each slot, by place.
        self.role_of: list[Role] = []
        for role in self.roles:
            for slot_id, (x, y) in zip(role.ids(), role.places(), strict=True):
                self.specs.append(SlotSpec(slot_id, role.kind, x, y, role.fan, role.fan_limit))
                self.role_of.append(role)
        self.ids = tuple(spec.id for spec in self.specs)
        self.place = {slot_id: place for place, slot_id in enumerate(self.ids)}
        if len(self.place) != len(self.ids):
            raise ValueError("two roles make slots with the same id; give them other places")
        self.foundations = self._places(Foundations)
        self.tableau = self._places(Tableau)
        self.cells = self._places(FreeCells)
        self.stocks = self._places(Stock)
        self.wastes = self._places(Waste)
        #: Each role of foundations and of tableau piles, with its places.
        self.foundation_groups = self._groups(Foundations)
        self.tableau_groups = self._groups(Tableau)
        self._moves: list[list[list[Move]]] = [[[] for _ in self.ids] for _ in self.ids]

    def _places(self, kind: type[Role]) -> tuple[int, ...]:
        return tuple(place for place, role in enumerate(self.role_of) if isinstance(role, kind))

    def _groups(self, kind: type[_R]) -> list[tuple[_R, tuple[int, ...]]]:
        groups = []
        for role in self.roles:
            if isinstance(role, kind):
                groups.append((role, tuple(place for place, r in enumerate(self.role_of) if r is role)))
        return groups

    def roles_of(self, kind: type[Role]) -> list[Role]:
        return [role for role in self.roles if isinstance(role, kind)]

    def move(self, source: int, count: int, target: int) -> Move:
        """The one `Move` object for these places and count."""
        row = self._moves[source][target]
        while len(row) <= count:
            row.append(Move(self.ids[source], len(row), self.ids[target]))
        return row[count]
