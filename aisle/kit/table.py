"""A kit game's roles made into slots, with the look-ups the rules need at every move.

Built once per game from its roles: the slot specs in table order, each slot's role, the places
(indexes into `Board.slots`) of every kind, each build rule applied to the game's cards (see
`aisle.kit.build.Relation`), the order moves are listed in, and a cache of `Move` objects so
that listing the legal moves creates nothing new.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from aisle.engine.actions import Move
from aisle.engine.cards import Card, new_deck
from aisle.engine.slots import Slot, SlotSpec
from aisle.kit.build import ACE, KING, Build, Relation
from aisle.kit.roles import Foundations, FreeCells, Pick, Reserve, Role, Stock, Tableau, Waste, open_cells

_R = TypeVar("_R", bound=Role)
#: How cards are taken from a source: a pile's run; any face-up card with all on it; a pile's top
#: card; the one top card of a waste, free cell or reserve; a foundation's top card unless it
#: stays. Piles come first (`aisle.kit.moves` tests "mode <= _TOP").
_RUN, _FACE_UP, _TOP, _SINGLE, _GIVES_BACK = range(5)
SourcePlan = tuple[int, int, Relation | None, Sequence[Sequence[int]] | None, Foundations | None]
#: Relations are the same for every game with the same rule and cards: made once.
_RELATIONS: dict[tuple[Build, tuple[tuple[int, int, str], ...]], Relation] = {}
#: The `Move` objects of each set of slot ids, by source place, count and target place.
_MOVES: dict[tuple[str, ...], list[list[list[Move]]]] = {}


class Table:
    """Slots and look-ups for one list of roles, played with `deck` (default: one deck).

    With `by_kind` moves are listed source by kind (waste, free cells and reserves, foundations,
    piles) and, for each card, target by kind (foundations, free cells, piles it fits, empty
    piles, foundations taking whole runs); else in slot order, the generic listing's order.
    """

    def __init__(self, roles: Sequence[Role], deck: Sequence[Card] | None = None,
                 by_kind: bool = False) -> None:
        self.roles = tuple(roles)
        self.deck = tuple(new_deck() if deck is None else deck)
        self._deck_key = tuple((card.id, card.rank, str(card.suit)) for card in self.deck)
        self.by_kind = by_kind
        self.specs: list[SlotSpec] = []
        #: The role of each slot, by place.
        self.role_of: list[Role] = []
        for role in self.roles:
            for slot_id, (x, y) in zip(role.ids(), role.places(), strict=True):
                self.specs.append(SlotSpec(slot_id, role.kind, x, y, role.fan, role.fan_limit,
                                           role.outline))
                self.role_of.append(role)
        self.ids = tuple(spec.id for spec in self.specs)
        self.place = {slot_id: place for place, slot_id in enumerate(self.ids)}
        if len(self.place) != len(self.ids):
            raise ValueError("two roles make slots with the same id; give them other places")
        self.foundations = self._places(Foundations)
        self.tableau = self._places(Tableau)
        self.cells = self._places(FreeCells)
        #: The free cells that take cards (not `FreeCells.dealt_only`).
        self.open_cells = open_cells(self.role_of)
        self.reserves = self._places(Reserve)
        self.stocks = self._places(Stock)
        self.wastes = self._places(Waste)
        #: Each role of foundations and of tableau piles, with its places.
        self.foundation_groups = self._groups(Foundations)
        self.tableau_groups = self._groups(Tableau)
        #: The places cards may be taken from, in listing order.
        self.sources = self._sources()
        # Tables with the same slots share their moves (a game's table is made per game).
        self.made_moves = _MOVES.setdefault(self.ids, [[] for _ in self.ids])
        self._relations: dict[Build, Relation] = {}
        #: Each role's rules applied to the cards, for listing the moves (see `aisle.kit.moves`).
        #: (Foundations with a rule of their own are `aisle.kit.discard`'s.)
        self.up_plans = [UpPlan(role, places, self.relation(role.build))
                         for role, places in self.foundation_groups if role.accepts is None]
        self.pile_plans = [PilePlan(role, places, self) for role, places in self.tableau_groups]
        self.pile_plan_of = {place: plan for plan in self.pile_plans for place in plan.places}
        self.up_plan_of = {place: plan for plan in self.up_plans for place in plan.places}
        #: Whether some pile bounds a run's length by the room to move it.
        self.by_space = any(plan.by_space for plan in self.pile_plans)
        #: Each source, in listing order: (place, how cards are taken from it, the pile's run
        #: rule and its `fits`, None but for a run; the foundations' role, None but for them).
        self.source_plans = [self._source_plan(place) for place in self.sources]

    def _places(self, kind: type[Role]) -> tuple[int, ...]:
        return tuple(place for place, role in enumerate(self.role_of) if isinstance(role, kind))

    def _groups(self, kind: type[_R]) -> list[tuple[_R, tuple[int, ...]]]:
        groups = []
        for role in self.roles:
            if isinstance(role, kind):
                groups.append((role, tuple(place for place, r in enumerate(self.role_of) if r is role)))
        return groups

    def _sources(self) -> tuple[int, ...]:
        given = {place for role, places in self.foundation_groups if role.give_back for place in places}
        given.update(self.tableau, self.cells, self.reserves, self.wastes)
        if not self.by_kind:
            return tuple(sorted(given))
        kinds = (self.wastes, self.cells, self.reserves, self.foundations, self.tableau)
        return tuple(place for places in kinds for place in places if place in given)

    def _source_plan(self, place: int) -> SourcePlan:
        role = self.role_of[place]
        if isinstance(role, Tableau):
            sequence = None if role.sequence is None else self.relation(role.sequence)
            if role.pick is Pick.FACE_UP:
                return place, _FACE_UP, None, None, None
            if role.pick is Pick.TOP or sequence is None:
                return place, _TOP, None, None, None
            return place, _RUN, sequence, sequence.fits, None
        if isinstance(role, Foundations):
            return place, _GIVES_BACK, None, None, role
        return place, _SINGLE, None, None, None

    def first_rank(self, slots: Sequence[Slot]) -> int:
        """The rank that starts a foundation: the role's `first` (Ace by default), or the rank
        of the base card dealt to the first foundation when it is None."""
        for role, places in self.foundation_groups:
            if role.first is not None:
                return role.first
            cards = slots[places[0]].cards
            return cards[0].rank if cards else ACE
        return ACE

    def roles_of(self, kind: type[Role]) -> list[Role]:
        return [role for role in self.roles if isinstance(role, kind)]

    def relation(self, build: Build) -> Relation:
        """`build` applied to this table's cards."""
        relation = self._relations.get(build)
        if relation is None:
            key = (build, self._deck_key)
            relation = _RELATIONS.get(key)
            if relation is None:
                relation = _RELATIONS[key] = Relation(build, self.deck)
            self._relations[build] = relation
        return relation

    def rows(self, source: int, count: int) -> list[list[Move]]:
        """The `Move` objects taking cards from `source`: [count][target place], made for
        counts up to `count` at least."""
        rows = self.made_moves[source]
        while len(rows) <= count:
            rows.append([Move(self.ids[source], len(rows), target) for target in self.ids])
        return rows

    def row(self, source: int, count: int) -> list[Move]:
        """The `Move` objects taking `count` cards from `source`, by target place."""
        return self.rows(source, count)[count]

    def move(self, source: int, count: int, target: int) -> Move:
        """The one `Move` object for these places and count."""
        return self.row(source, count)[target]


class UpPlan:
    """One role of foundations, as `aisle.kit.moves` reads it."""

    def __init__(self, role: Foundations, places: tuple[int, ...], relation: Relation) -> None:
        self.role, self.places, self.relation = role, places, relation
        self.key, self.wanted = relation.key, relation.wanted
        self.lift_runs, self.whole_runs = role.lift_runs, role.whole_runs


class PilePlan:
    """One role of tableau piles, as `aisle.kit.moves` reads it."""

    def __init__(self, role: Tableau, places: tuple[int, ...], table: Table) -> None:
        self.role, self.places = role, places
        relation = None if role.build is None else table.relation(role.build)
        #: The pile's build rule applied to the cards (None: nothing is built here).
        self.relation = relation
        #: The keys of the cards (all 0 when nothing is built here), and of the cards each card
        #: takes (None: nothing is built here).
        self.key = relation.key if relation is not None else [0] * (max(c.id for c in table.deck) + 1)
        self.wanted = None if relation is None else relation.wanted
        sequence = role.sequence
        self.sequence = None if sequence is None else table.relation(sequence)
        #: Whether an empty pile takes a card, by rank.
        self.starts = [role.takes_when_empty(rank) for rank in range(KING + 1)]
        self.by_space = role.by_space
        self.pick = role.pick
