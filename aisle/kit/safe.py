"""Safe automatic moves, derived from a kit game's own rules.

A card may go up by itself when it can be of no more use anywhere else: every card that could
ever be built on it in a tableau pile is on a foundation already. This follows from the tableau
piles' build rules alone, so every kit game gets it: with piles built down in alternating
colours a red 5 is safe once both black 4s are up; built down by suit, a card is safe as soon as
it fits (its smaller neighbour went up before it). Free cells never take a card built on
another, so they change nothing. Only one-deck games with foundations built up by suit from the
Ace are covered (with two decks "the card" is two cards; such games override `safe_up_move`).
"""

from __future__ import annotations

from aisle.engine.actions import Move
from aisle.engine.board import Board
from aisle.engine.cards import SUITS, Card, new_deck
from aisle.kit import moves
from aisle.kit.build import ACE, UP_BY_SUIT
from aisle.kit.table import Table

_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


class SafeUp:
    """The safe-move rule of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        groups = table.foundation_groups
        self.covered = (len(groups) == 1 and groups[0][0].build == UP_BY_SUIT
                        and groups[0][0].first == ACE and not groups[0][0].whole_runs
                        and len(groups[0][1]) == 4)
        builds = [role.build for role, _places in table.tableau_groups if role.build is not None]
        deck = new_deck()
        #: For each card (by suit index * 13 + rank - 1): the cards that may lie on it.
        self.needs: list[tuple[tuple[int, int], ...]] = []
        for card in deck:
            below = {(_SUIT_INDEX[other.suit], other.rank) for other in deck
                     for build in builds if build.fits(other, card)}
            self.needs.append(tuple(sorted(below)))

    def move(self, board: Board, first: int) -> Move | None:
        """The first safe move (sources in table order), or None."""
        if not self.covered:
            return None
        table, slots = self.table, board.slots
        tops = [0, 0, 0, 0]
        role = table.foundation_groups[0][0]
        for place in table.foundations:
            top = slots[place].top
            if top is not None:
                tops[_SUIT_INDEX[top.suit]] = top.rank
        for source in (*table.cells, *table.wastes, *table.tableau):
            card = slots[source].top
            if card is None or not card.face_up or not self._safe(card, tops):
                continue
            for place in table.foundations:
                if moves.foundation_fits(role, card, slots[place].top, first):
                    return table.move(source, 1, place)
        return None

    def _safe(self, card: Card, tops: list[int]) -> bool:
        if card.rank == ACE:
            return True
        needs = self.needs[_SUIT_INDEX[card.suit] * 13 + card.rank - 1]
        return all(tops[suit] >= rank for suit, rank in needs)

