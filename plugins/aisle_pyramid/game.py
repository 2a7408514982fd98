"""Pyramid, as GNOME AisleRiot plays it under the name Thirteen (docs/rules/pyramid.md): remove
pairs of cards making 13, and Kings alone, from a pyramid of 28 cards and a stock turned one card
at a time onto a waste, with no redeal. Removed cards go onto one foundation pile."""

from __future__ import annotations

from aisle.engine import Fan
from aisle.i18n import T
from aisle.kit import Foundations, Rest, Stock, Waste
from aisle.kit.overlap import Lay, Overlap
from aisle.kit.pairing import KING, PairingVariant, Pairs

#: Seven rows of one to seven cards, the apex at (3, 1), each row a third of a card lower.
PYRAMID = Overlap.pyramids(1, 7, apex=(3, 1))


class Pyramid(PairingVariant):
    id = "pyramid"
    name = T("Pyramid")
    description = T(
        "Take apart a pyramid of 28 cards by removing pairs that add up to 13, and Kings alone, "
        "with the help of a stock turned one card at a time."
    )
    help_page = "pyramid"
    game_family = "pairing"
    difficulty = 3
    table = (Stock(at=(0, 0), passes=1), Waste(at=(1, 0), fan=Fan.RIGHT),
             Foundations(1, at=(6, 0)), PYRAMID)
    # Row by row from the apex, only the last row (which nothing covers) face up; the rest
    # is the stock.
    dealing = (Lay(PYRAMID), Rest())
    pairs = Pairs.adding_up_to(13, alone=(KING,))
    # The score is the kit's count of the foundation's cards: +2 for a pair, +1 for a King.
