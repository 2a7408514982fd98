"""Will o' the Wisp, as GNOME AisleRiot plays it (docs/rules/will-o-the-wisp.md): Spiderette
with every pile dealt three cards, two face down under one face up."""

from __future__ import annotations

from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, DOWN_BY_SUIT, Foundations, Rest, Rows, Stock, Tableau
from aisle.kit.build import KING
from aisle.kit.spider_game import SpiderGame


class WillOTheWisp(SpiderGame):
    id = "will-o-the-wisp"
    name = T("Will o' the Wisp")
    description = T("Spider with one deck on seven piles of three cards: build down regardless "
                    "of suit, move runs of one suit, and collect four runs from King to Ace.")
    help_page = "will-o-the-wisp"
    game_family = "spider"
    difficulty = 2
    # Spiderette's table: the stock, two gaps, four foundations taking whole runs; seven piles
    # below, a row dealt onto every pile, never while one is empty.
    table = (Stock(at=(0, 0), onto="tableau", fill_first=True),
             Foundations(4, at=(3, 0), build=DOWN_BY_SUIT, first=KING, whole_runs=True),
             Tableau(7, at=(0, 1), build=DOWN_ANY_SUIT, run=DOWN_BY_SUIT))
    # Two rows face down, one face up; the rest into the stock.
    dealing = (Rows(2, face_up=False), Rows(1), Rest())
