"""Yukon, as GNOME AisleRiot plays it (docs/rules/yukon.md): Klondike's piles, no stock, and any
face-up card moves together with everything on top of it."""

from __future__ import annotations

from functools import cached_property

from aisle.engine import Board
from aisle.i18n import T, Text
from aisle.kit import DOWN_ALTERNATE, Empty, Foundations, KitVariant, Pick, Rows, Tableau, Triangle
from aisle.kit.families.face_up import FaceUpFamily
from aisle.variant import Hint


class Yukon(KitVariant):
    id = "yukon"
    name = T("Yukon")
    description = T(
        "Seven piles built down in alternating colours, where any face-up card moves together "
        "with all the cards on top of it, in sequence or not."
    )
    help_page = "yukon"
    game_family = "klondike"
    difficulty = 2
    has_deal_action = False
    # Foundations in a column on the left; the piles across, a quarter card further right.
    table = (Foundations(4, at=(0, 0), step=(0, 1)),
             Tableau(7, at=(1.25, 0), build=DOWN_ALTERNATE, pick=Pick.FACE_UP, empty=Empty.KINGS))
    # Klondike's triangle, then four more face-up rows onto piles 2-7.
    dealing = (Triangle(), Rows(4, piles=range(2, 8)))


    @cached_property
    def family(self) -> FaceUpFamily:
        return FaceUpFamily(self.kit)

    def hint(self, board: Board) -> Hint | None:
        return self.family.hint(board, lambda card: self._foundation_for(board, card))

    def is_lost(self, board: Board) -> bool:
        return self.family.is_lost(board)

    def status_text(self, board: Board) -> Text | None:
        down = sum(1 for slot in board.slots for card in slot.cards if not card.face_up)
        # TRANSLATORS: Yukon's status line; {count} is the number of cards still lying face down.
        return T("Face-down cards left: {count}", count=down)
