"""Safe automatic moves, derived from a kit game's own rules.

A card may go up by itself when it can be of no more use anywhere else: every card that could
ever be built on it in a tableau pile is on a foundation already. This follows from the tableau
piles' build rules alone, so every kit game gets it: with piles built down in alternating
colours a red 5 is safe once both black 4s are up; built down by suit, a card is safe as soon as
it fits (its smaller neighbour went up before it). With several decks "both black 4s" are all
the black 4s. Where foundations give cards back (Canfield), those cards must be safe in turn,
or one could come back down and want the card again: so the whole chain of cards that could
lie on it must be up (a base card, which never leaves, ends the chain). Ranks count from the
rank foundations start with. Free cells never take a card built on another, so they change
nothing; the waste counts only when the stock turns one card at a time (taking a card out of a
waste dealt by threes changes what later deals show).

Covered: one role of foundations built up by suit, one card at a time, four per deck; other
games override `safe_up_move`. Foundations built up by suit in other numbers that keep their
cards (Grandfather's Clock's twelve, three to a suit) cannot be told by how high each suit is:
there a card is safe once every card that could lie on it is on a foundation, looked up card by
card.
"""

from __future__ import annotations

from aisle.engine.actions import Move
from aisle.engine.board import Board
from aisle.engine.cards import SUITS, Card, new_deck
from aisle.kit import moves
from aisle.kit.build import Direction, Suits
from aisle.kit.roles import Stock
from aisle.kit.table import Table

_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
Needs = list[tuple[int, int, int, int]]


class SafeUp:
    """The safe-move rule of one table played with `decks` decks."""

    def __init__(self, table: Table, decks: int = 1) -> None:
        self.table, self.decks = table, decks
        groups = table.foundation_groups
        up = groups[0][0] if len(groups) == 1 else None
        self.covered = (up is not None and up.accepts is None and up.build.direction is Direction.UP
                        and up.build.suits is Suits.SAME and not up.whole_runs
                        and len(groups[0][1]) == 4 * decks)
        self.role = up
        #: The card-by-card rule, where the heights do not tell (see the module's notes).
        self.by_card = (not self.covered and up is not None and up.accepts is None
                        and up.build.direction is Direction.UP and up.build.suits is Suits.SAME
                        and not up.whole_runs and not up.give_back)
        #: For the card-by-card rule: per card id, the ids of the cards that could lie on it.
        self._lying: dict[int, tuple[int, ...]] = {}
        stocks = table.roles_of(Stock)
        singles = not stocks or (isinstance(stocks[0], Stock) and stocks[0].deal == 1)
        self.sources = (*table.cells, *(table.wastes if singles else ()), *table.reserves,
                        *table.tableau)
        self._builds = [role.build for role, _places in table.tableau_groups if role.build is not None]
        #: For each rank foundations start with: per card (suit index * 13 + rank - 1), how
        #: many cards of each suit must be up (counted from the first rank).
        self._needs: dict[int, Needs] = {}

    def move(self, board: Board, first: int) -> Move | None:
        """The first safe move (sources in table order), or None."""
        if self.by_card:
            return self._card_by_card(board, first)
        if not self.covered or self.role is None:
            return None
        table, slots, role = self.table, board.slots, self.role
        needs = self._needs.get(first)
        if needs is None:
            needs = self._needs[first] = self._needs_from(first)
        heights: list[list[int]] = [[], [], [], []]
        for place in table.foundations:
            top = slots[place].top
            if top is not None:
                heights[_SUIT_INDEX[top.suit]].append((top.rank - first) % 13 + 1)
        decks = self.decks
        up = [min(levels) if len(levels) == decks else 0 for levels in heights]
        for source in self.sources:
            card = slots[source].top
            if card is None or not card.face_up:
                continue
            need = needs[_SUIT_INDEX[card.suit] * 13 + card.rank - 1]
            if up[0] < need[0] or up[1] < need[1] or up[2] < need[2] or up[3] < need[3]:
                continue
            for place in table.foundations:
                if moves.foundation_fits(role, card, slots[place].top, first):
                    return table.move(source, 1, place)
        return None

    def _card_by_card(self, board: Board, first: int) -> Move | None:
        assert self.role is not None
        table, slots, role = self.table, board.slots, self.role
        if not self._lying:
            self._lying = {card.id: tuple(other.id for other in board.cards
                                          if any(build.fits(other, card) for build in self._builds))
                           for card in board.cards}
        up = {card.id for place in table.foundations for card in slots[place].cards}
        for source in self.sources:
            card = slots[source].top
            if card is None or not card.face_up or not up.issuperset(self._lying[card.id]):
                continue
            for place in table.foundations:
                if moves.foundation_fits(role, card, slots[place].top, first):
                    return table.move(source, 1, place)
        return None

    def _needs_from(self, first: int) -> Needs:
        assert self.role is not None
        deck = new_deck()
        give_back, role = self.role.give_back, self.role

        def lying_on(card: Card) -> list[Card]:
            return [other for other in deck if any(build.fits(other, card) for build in self._builds)]

        needs: Needs = []
        for card in deck:
            need = [0, 0, 0, 0]
            seen: set[int] = set()
            waiting = lying_on(card)
            while waiting:
                other = waiting.pop()
                if other.id in seen:
                    continue
                seen.add(other.id)
                suit = _SUIT_INDEX[other.suit]
                need[suit] = max(need[suit], (other.rank - first) % 13 + 1)
                # A card that may come back down wants its own guests up too.
                if give_back and not role.stays(other.rank, first):
                    waiting += lying_on(other)
            needs.append((need[0], need[1], need[2], need[3]))
        return needs
