"""Spider: two decks on ten piles, built down regardless of suit, runs moved by suit; played
with four suits, two suits or one (docs/rules/spider.md, from AisleRiot's spider.scm)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from aisle.engine import Suit
from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, DOWN_BY_SUIT, Foundations, Rest, Rows, Stock, Tableau, TurnUp
from aisle.kit.build import KING
from aisle.kit.spider_game import SpiderGame
from aisle.variant import Choice, Option

#: Option value -> the suits the two decks are made of (the reference's decks).
SUITS: dict[str, tuple[Suit, ...]] = {
    "four": (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
    "two": (Suit.HEARTS, Suit.SPADES),
    "one": (Suit.SPADES,),
}


class Spider(SpiderGame):
    id = "spider"
    name = T("Spider")
    description = T(
        "Two decks on ten piles: build down regardless of suit, move runs of one suit, and "
        "collect eight runs from King to Ace; with four suits, two or one."
    )
    decks = 2
    help_page = "spider"
    # A newcomer's first Spider is the gentle one suit; then their own choice is remembered.
    first_options: ClassVar[Mapping[str, str]] = MappingProxyType({"suits": "one"})
    game_family = "spider"
    difficulty = 3
    options = (Option("suits", T("Suits"), (Choice("four", T("Four suits")), Choice("two", T("Two suits")),
                                            Choice("one", T("One suit"))), "four"),)
    # The reference grid: the stock, a gap, eight foundations taking whole runs; ten piles below.
    # A row is dealt onto every pile, never while one is empty.
    table = (Stock(at=(0, 0), onto="tableau", fill_first=True),
             Foundations(8, at=(2, 0), build=DOWN_BY_SUIT, first=KING, whole_runs=True),
             Tableau(10, at=(0, 1), build=DOWN_ANY_SUIT, run=DOWN_BY_SUIT))
    # Five rounds face down over the ten piles, one more card on piles 1, 4, 7 and 10, then each
    # pile's top card turned up.
    dealing = (Rows(5, face_up=False), Rows(1, face_up=False, piles=(1, 4, 7, 10)), TurnUp(), Rest())

    def deck_suits(self) -> tuple[Suit, ...]:
        return SUITS[self.chosen["suits"]]

