"""Streets and Alleys, as GNOME AisleRiot plays it (docs/rules/streets-and-alleys.md): foundations
in a middle column between two wings of piles built down regardless of suit, one card at a time;
every card is dealt, Aces too, and any card fills an empty pile."""

from __future__ import annotations

from aisle.engine import Fan
from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, Foundations, Pick, Rows, Tableau, Texts
from aisle.kit.families.wings import LEFT_X, WingsGame

PILES = 8


class StreetsAndAlleys(WingsGame):
    id = "streets-and-alleys"
    name = T("Streets and Alleys")
    description = T("Foundations between two wings of piles built down regardless of suit; one "
                    "card moves at a time, and any card fills an empty pile.")
    help_page = "streets-and-alleys"
    has_deal_action = False
    # Lost only when no legal move is left, as its rules page says (docs/rules).
    look_ahead = False
    game_family = "builders"
    difficulty = 3
    # Foundation cards stay in play, Aces too. Piles are placed in two wings by `layout`.
    table = (Foundations(4, at=(4, 0), step=(0, 1), give_back=True),
             Tableau(PILES, at=(LEFT_X, 0), step=(0, 1), build=DOWN_ANY_SUIT, pick=Pick.TOP,
                     fan=Fan.RIGHT))
    # Six rounds across the piles, then a seventh card onto each pile of the left wing.
    dealing = (Rows(6), Rows(1, piles=range(1, PILES + 1, 2)))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."))
