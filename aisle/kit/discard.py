"""Foundations with a rule of the game's own (`Foundations.accepts`): discard piles.

A card goes onto such a foundation while the top card of another tableau pile lets it
(`accepts(card, top)`: Aces Up discards a card when a higher card of its suit tops another
pile). The kit applies the rule wherever it would apply a foundation's build rule: the refusal,
the legal moves, the double-click, the safe moves, the hint and the solver's model
(`aisle.kit.solver_discard`).

Safe discards: a card that the rule lets no card still in play go up by (every card it could
help is discarded already) is of no more use as a top card. Where the piles build nothing and
a deal onto them never waits for empty piles, a position without such a card on top of a pile
can do all the same position with it can (it only ever covered the card below), so discarding
it never spoils a win. Any other discard may: the card kept may be the one that lets another
go after the next deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine.actions import Action, Move
from aisle.engine.board import Board
from aisle.engine.cards import Card
from aisle.engine.slots import Slot
from aisle.i18n import Text
from aisle.kit.roles import Foundations, Stock
from aisle.kit.sentences import filled
from aisle.kit.table import Table
from aisle.variant import card_name


class Discards:
    """The discard rule of one table: its first role of foundations with `accepts`, if any."""

    def __init__(self, table: Table) -> None:
        self.table = table
        groups = [(role, places) for role, places in table.foundation_groups if role.accepts is not None]
        self.role: Foundations | None = groups[0][0] if groups else None
        self.places: tuple[int, ...] = groups[0][1] if groups else ()
        #: The places whose top card may be discarded, in table order.
        self.sources = tuple(place for place in table.sources if place not in table.foundations)
        accepts = self.role.accepts if self.role is not None else None
        deck = table.deck
        size = max(card.id for card in deck) + 1
        #: helps[t][c]: whether card id t, on top of another pile, lets card id c go up (empty
        #: in a game with no discard rule: every installed game's parts are made at start-up).
        self.helps: list[bytes] = []
        if accepts is not None:
            rows = [bytearray(size) for _ in range(size)]
            for top in deck:
                for card in deck:
                    rows[top.id][card.id] = card is not top and accepts(card, top)
            self.helps = [bytes(row) for row in rows]
        stocks = table.roles_of(Stock)
        waits = bool(stocks) and isinstance(stocks[0], Stock) and stocks[0].fill_first
        #: Whether the safe rule of the module's notes holds on this table.
        self.knows_safe = accepts is not None and not waits and all(
            role.build is None for role, _places in table.tableau_groups)

    @property
    def active(self) -> bool:
        return self.role is not None

    def takes(self, slots: Sequence[Slot], source: int, card: Card) -> bool:
        """Whether the top card of another pile than `source` lets `card` go up."""
        helps = self.helps
        for place in self.table.tableau:
            top = slots[place].top
            if place != source and top is not None and top.face_up and helps[top.id][card.id]:
                return True
        return False

    def refusal(self, board: Board, source: Slot, card: Card) -> Text | None:
        if self.takes(board.slots, self.table.place[source.id], card):
            return None
        assert self.role is not None and self.role.refusal is not None
        return filled(self.role.refusal, card=card_name(card))

    def moves(self, slots: Sequence[Slot]) -> list[Move]:
        """Every discard, by source then foundation, in table order."""
        found: list[Move] = []
        for source in self.sources:
            card = slots[source].top
            if card is not None and card.face_up and self.takes(slots, source, card):
                found += [self.table.move(source, 1, place) for place in self.places]
        return found

    def first_to(self, slots: Sequence[Slot], source: int) -> str | None:
        """The foundation the top card of `source` may go onto now, or None."""
        card = slots[source].top
        if card is None or not card.face_up or source not in self.sources:
            return None
        if not self.takes(slots, source, card):
            return None
        return self.table.ids[self.places[0]]

    def useless(self, card: Card, home: set[int]) -> bool:
        """Whether `card` lets no card go up any more: those it helps are all home (`home`: the
        ids of the cards on the foundations)."""
        row = self.helps[card.id]
        return all(other.id in home for other in self.table.deck if row[other.id])

    def safe_move(self, board: Board) -> Move | None:
        """The first safe discard (see the module's notes), or None."""
        if not self.knows_safe:
            return None
        slots = board.slots
        home = {card.id for place in self.table.foundations for card in slots[place].cards}
        for move in self.moves(slots):
            if self.useless(slots[self.table.place[move.source]].cards[-1], home):
                return move
        return None

    def fill(self, board: Board, actions: Sequence[Action]) -> Move | None:
        """A move into an empty pile that a deal would cover, for the hint: one uncovering a card
        that may then be discarded, else one from the tallest pile; never a pile's only card,
        which would just change places (following the hints must never come back)."""
        slots, place = board.slots, self.table.place
        fills = [action for action in actions if isinstance(action, Move)
                 and place[action.target] in self.table.tableau and len(board.slot(action.source).cards) > 1]

        def worth(move: Move) -> tuple[bool, int]:
            source = place[move.source]
            cards = slots[source].cards
            # After the move its card tops the empty pile and the card under it tops `source`.
            lets = bool(self.helps[cards[-1].id][cards[-2].id]) or self.takes(slots, source, cards[-2])
            return lets, len(cards)
        return max(fills, key=worth, default=None)
