"""What a kit game derives from its roles and its cards, made once and shared.

A game object is made for every deal (and the solver makes more), while everything derived from
its roles is the same each time: the table and its look-ups, the safe-move rule, the solver's
key, the stock's rules and the places the rules of a move consult. `Parts.of` makes them once
per game class and deck, for games whose roles are their class's `table`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from aisle.engine.cards import Suit, new_deck
from aisle.kit.alike import SolverKey
from aisle.kit.discard import Discards
from aisle.kit.roles import Reserve, Role, Tableau
from aisle.kit.safe import SafeUp
from aisle.kit.stock import StockRules
from aisle.kit.table import Table

#: The parts last made, most recent last. A few are kept, not all: the plugin check lays out every
#: installed game once at start-up, and a player plays one at a time.
_MADE: OrderedDict[tuple[object, int, tuple[Suit, ...], bool], Parts] = OrderedDict()
_KEPT = 6


class Parts:
    """One list of roles played with `decks` decks of `suits`."""

    @classmethod
    def of(cls, roles: Sequence[Role], decks: int, suits: Sequence[Suit], by_kind: bool,
           shared: object) -> Parts:
        """The parts, made once for each `shared` key (None: made anew)."""
        if shared is None:
            return cls(roles, decks, suits, by_kind)
        key = (shared, decks, tuple(suits), by_kind)
        parts = _MADE.get(key)
        if parts is None:
            parts = _MADE[key] = cls(roles, decks, suits, by_kind)
            if len(_MADE) > _KEPT:
                _MADE.popitem(last=False)
        else:
            _MADE.move_to_end(key)
        return parts

    def __init__(self, roles: Sequence[Role], decks: int, suits: Sequence[Suit], by_kind: bool) -> None:
        kit = self.table = Table(roles, new_deck(decks, suits), by_kind)
        self.safe = SafeUp(kit, decks)
        self.dealer = StockRules(kit)
        self.discards = Discards(kit)
        self.key = SolverKey(kit)
        #: Each role prefix's number of slots (for the deal's steps).
        self.count = {role.prefix: sum(r.count for r in kit.roles if r.prefix == role.prefix)
                      for role in kit.roles}
        self.off_foundations = [place for place in range(len(kit.ids)) if place not in kit.foundations]
        #: The piles whose new top card is turned face up after a move.
        self.flips = {place for plan in kit.pile_plans if plan.role.flip for place in plan.places}
        self.lifts = any(role.lift_runs for role, _places in kit.foundation_groups)
        #: The reserve that refills each tableau pile it refills.
        self.refills: dict[int, int] = {}
        for reserve in kit.reserves:
            role = kit.role_of[reserve]
            assert isinstance(role, Reserve)
            self.refills.update({place: reserve for place, pile in enumerate(kit.role_of)
                                 if isinstance(pile, Tableau) and pile.prefix == role.refills})
