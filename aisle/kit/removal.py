"""`RemovalVariant`: what games that clear a layout card by card share (Pyramid and TriPeaks
through `aisle.kit.pairing` and `aisle.kit.chain`; Golf, Monte Carlo).

The cards in play are the free face-up cards of an `Overlap` (see `aisle.kit.overlap`) and the
top cards of tableau piles; a card covered in an overlap turns up when its last cover goes. The
game is lost when nothing is left to play and the stock cannot be clicked.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.engine.slots import Slot
from aisle.i18n import T, Text
from aisle.kit.overlap import Overlap, freeing, turn_up
from aisle.kit.roles import Foundations, Stock, Tableau
from aisle.kit.variant import KitVariant

_DEAL = Deal()
#: What each variant built from its roles, by class and options (see `RemovalVariant.__init__`).
_BUILT: dict[tuple[type[KitVariant], tuple[tuple[str, str], ...]], dict[str, Any]] = {}


class RemovalVariant(KitVariant):
    """A kit game whose cards leave the layout one or two at a time; see the module's notes."""

    def __init__(self, options: Any = None) -> None:
        # A variant keeps nothing of a game (a position lives on its board), so what it builds
        # from its roles is the same for every game of one variant and options: built once.
        key = (type(self), tuple(sorted(self.resolve_options(options).items())))
        built = _BUILT.get(key)
        if built is None:
            super().__init__(options)
            self._build()
            built = _BUILT[key] = dict(vars(self))
        else:
            vars(self).update(built)

    def _build(self) -> None:
        """Make the look-ups the rules use (subclasses add theirs)."""
        kit = self.kit
        #: The places whose top card may be in play (overlaps and tableau piles), in table order.
        self.layout_places = tuple(place for place, role in enumerate(kit.role_of)
                                   if isinstance(role, Overlap | Tableau))
        #: Each overlap with the place of its first slot.
        self.overlaps = [(role, kit.place[role.ids()[0]]) for role in kit.roles
                         if isinstance(role, Overlap)]
        self._freeing = {place: freed for role, first in self.overlaps
                         for place, freed in freeing(role, first).items()}
        #: The places of the cards that go last: the overlaps' last cards and the piles.
        self.last_places = (*(first + n for role, first in self.overlaps for n in role.last),
                            *kit.tableau)
        self.stock = kit.stocks[0] if kit.stocks else None
        self.foundation = kit.foundations[0] if kit.foundations else None
        #: one[source][target]: the move of one card, made once for every game of this table.
        self.one = _single_moves(kit.ids)
        stocks = kit.roles_of(Stock)
        self.stock_role = stocks[0] if stocks and isinstance(stocks[0], Stock) else None
        role = self.stock_role
        #: When a click turns one card onto the waste (most games here): the stock's place, its
        #: id and the waste's, to do it without the general steps.
        self._turn_one = (kit.stocks[0], kit.ids[kit.stocks[0]], kit.ids[kit.wastes[0]]) if (
            role is not None and role.onto == "waste" and role.deal == 1 and not role.fill_first) else None

    def turn_up_freed(self, board: Board, move: Move) -> None:
        """Turn up what the cards that just left the move's source and target covered, once
        nothing covers it, in table order."""
        place = self.kit.place
        freed = self._freeing.get(place[move.source], ())
        more = self._freeing.get(place[move.target])
        if more:
            freed = tuple(sorted({*freed, *more}))
        if freed:
            turn_up(board, freed)

    def stock_refusal(self, board: Board) -> Text | None:
        fast = self._turn_one
        if fast is not None and board.slots[fast[0]].cards:
            return None
        return super().stock_refusal(board)

    def click_stock(self, board: Board) -> None:
        fast = self._turn_one
        if fast is not None and board.slots[fast[0]].cards:
            board.turn_over(fast[1], 1, fast[2])
        else:
            super().click_stock(board)

    def deals_once(self) -> bool:
        """Whether the stock turns its cards one at a time onto the waste, with no redeal: the
        stock the solver models know."""
        return self._turn_one is not None and self.stock_role is not None and self.stock_role.passes == 1

    def removals(self, board: Board) -> list[Move]:
        """Every legal move (the stock aside), in the game's order."""
        raise NotImplementedError

    def can_deal(self, board: Board) -> bool:
        return self.stock is not None and self.stock_refusal(board) is None

    def legal_actions(self, board: Board) -> list[Action]:
        actions: list[Action] = list(self.removals(board))
        if self.can_deal(board):
            actions.append(_DEAL)
        return actions

    def is_lost(self, board: Board) -> bool:
        if self.stock is not None and board.slots[self.stock].cards:
            return False
        return not self.can_deal(board) and not self.removals(board)

    def slot_name(self, slot: Slot) -> Text:
        role = self._role(slot)
        if isinstance(role, Foundations) and role.count == 1:
            return T("the foundation")
        return super().slot_name(slot)


@cache
def _single_moves(ids: Sequence[str]) -> list[list[Move]]:
    return [[Move(source, 1, target) for target in ids] for source in ids]

