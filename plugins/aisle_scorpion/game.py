"""Scorpion, as GNOME AisleRiot plays it (docs/rules/scorpion.md): build four whole suits, King to Ace,
on seven piles where any face-up card moves with everything on it."""

from __future__ import annotations

from functools import cached_property

from aisle.engine import Board
from aisle.i18n import T
from aisle.kit import DOWN_BY_SUIT, Empty, KitVariant, Pick, Rest, Rows, Stock, Tableau
from aisle.kit.families.scorpion import ScorpionFamily
from aisle.variant import Hint


class Scorpion(KitVariant):
    id = "scorpion"
    name = T("Scorpion")
    description = T(
        "Seven piles built down in suit, where any face-up card moves with everything on it: "
        "untangle them into four whole suits from King to Ace."
    )
    help_page = "scorpion"
    game_family = "spider"
    difficulty = 2
    # The reference deals only by a click on the stock (it offers no Deal command).
    # The reference grid: the stock (the three-card reserve) top left, the seven piles across,
    # their blank column narrowed to a quarter card. The stock deals one card onto piles 1-3.
    table = (Stock(at=(0, 0), onto="tableau"),
             Tableau(7, at=(1.25, 0), build=DOWN_BY_SUIT, pick=Pick.FACE_UP, empty=Empty.KINGS))
    # Three rows face down on piles 1-4 and face up on 5-7, four rows face up; three cards left.
    dealing = (Rows(3, down=range(1, 5)), Rows(4), Rest())

    @cached_property
    def family(self) -> ScorpionFamily:
        return ScorpionFamily(self.kit)

    def score(self, board: Board) -> int:
        """36, +1 for each face-up card in sequence on a face-up card, -3 for each face-down card,
        +4 for each pile holding exactly one whole suit from King down to Ace."""
        total, build = 36, self.family.relation
        for place in self.kit.tableau:
            cards = board.slots[place].cards
            total += build.links(cards) - 3 * sum(1 for card in cards if not card.face_up)
            total += 4 if len(cards) == 13 and build.run_length(cards) == 13 else 0
        return total

    def max_score(self) -> int:
        return 100

    def is_won(self, board: Board) -> bool:
        return self.family.is_won(board)

    def is_lost(self, board: Board) -> bool:
        # The reference's rule: the game is over when its hint finds nothing.
        return self.family.step(board.slots, self.stock_refusal(board) is None) is None

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board, self.stock_refusal(board) is None)
