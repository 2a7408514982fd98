"""Spiderette, as GNOME AisleRiot plays it (docs/rules/spiderette.md): Spider's rules with one
deck, Klondike's seven piles and four foundations."""

from __future__ import annotations

from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, DOWN_BY_SUIT, Foundations, Rest, Stock, Tableau, Triangle
from aisle.kit.build import KING
from aisle.kit.spider_game import SpiderGame


class Spiderette(SpiderGame):
    id = "spiderette"
    name = T("Spiderette")
    description = T("Spider with one deck on seven piles dealt as a triangle: build down "
                    "regardless of suit, move runs of one suit, and collect four runs from King to Ace.")
    help_page = "spiderette"
    game_family = "spider"
    difficulty = 3
    # The stock, two gaps, four foundations taking whole runs; seven piles below. A row is dealt
    # onto every pile, never while one is empty.
    table = (Stock(at=(0, 0), onto="tableau", fill_first=True),
             Foundations(4, at=(3, 0), build=DOWN_BY_SUIT, first=KING, whole_runs=True),
             Tableau(7, at=(0, 1), build=DOWN_ANY_SUIT, run=DOWN_BY_SUIT))
    # Klondike's triangle, the top cards turned up; the rest into the stock.
    dealing = (Triangle(), Rest())
