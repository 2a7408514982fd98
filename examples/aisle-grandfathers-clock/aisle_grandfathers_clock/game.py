"""Grandfather's Clock, described with Aisle's game kit (docs/rules/grandfathers-clock.md).

Twelve foundations stand round a clock face, each starting with a given card (the nine of clubs
at twelve o'clock, the ten of hearts at one, ... the eight of diamonds at eleven) and built up
in suit, an Ace following a King. The other forty cards lie face up in eight piles of five,
built down regardless of suit, one card at a time; an empty pile takes any card. Won when every
card is up: each foundation then shows its hour (Jack 11, Queen 12, Ace 1).

The stop at the hour needs no rule: the card after a foundation's hour is the base card of the
foundation four hours on, which never leaves it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from aisle.engine import Board, Rank, SlotSpec, Suit
from aisle.i18n import Text
from aisle.kit import (
    DOWN_ANY_SUIT,
    UP_BY_SUIT_ROUND,
    Empty,
    Foundations,
    KitVariant,
    Named,
    Pick,
    Rows,
    Tableau,
    Texts,
)

from aisle_grandfathers_clock.texts import TN, T

#: Each hour's base card: the ranks 2 to King go round from five o'clock, the suits in turn.
SUIT_ORDER = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
BASES = {f"foundation-{(rank + 2) % 12 + 1}": (rank, SUIT_ORDER[(rank - 2) % 4])
         for rank in range(2, Rank.KING + 1)}
#: The clock's centre and radii, in card widths and heights (neighbours a card apart across or
#: down); the piles stand to its right in two rows of four, room for long piles below each.
CENTRE, RADII = (3.0, 2.5), (3.0, 2.5)
PILES_AT, PILES_ACROSS, ROW_HEIGHT = (7.5, 0.0), 4, 3.0


class GrandfathersClock(KitVariant):
    id = "grandfathers-clock"
    name = T("Grandfather's Clock")
    description = T("Twelve foundations round a clock, each built up in suit until it shows its "
                    "hour, from eight piles built down regardless of suit.")
    help_page = "grandfathers-clock"
    has_deal_action = False
    table = (Foundations(12, build=UP_BY_SUIT_ROUND),
             Tableau(8, at=PILES_AT, build=DOWN_ANY_SUIT, pick=Pick.TOP, empty=Empty.ANY))
    dealing = (Named(BASES), Rows(5))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."))

    def layout(self) -> Sequence[SlotSpec]:
        """The foundations round the clock face, foundation n at n o'clock; the piles beside it."""
        specs = list(self.kit.specs)
        for hour, index in enumerate(self.kit.foundations, start=1):
            spec, angle = specs[index], math.radians(30 * hour)
            x = round(CENTRE[0] + RADII[0] * math.sin(angle), 3)
            y = round(CENTRE[1] - RADII[1] * math.cos(angle), 3)
            specs[index] = SlotSpec(spec.id, spec.kind, x, y, spec.fan)
        for number, index in enumerate(self.kit.tableau):
            spec = specs[index]
            row, column = divmod(number, PILES_ACROSS)
            specs[index] = SlotSpec(spec.id, spec.kind, PILES_AT[0] + column,
                                    PILES_AT[1] + row * ROW_HEIGHT, spec.fan)
        return specs

    def score(self, board: Board) -> int:
        # The twelve base cards were put there by the deal: only the cards played up count.
        return super().score(board) - len(BASES)

    def max_score(self) -> int:
        return 52 - len(BASES)

    def status_text(self, board: Board) -> Text | None:
        left = self.max_score() - self.score(board)
        return TN("{n} card still to go up.", "{n} cards still to go up.", left)
