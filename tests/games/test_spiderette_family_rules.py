"""The rules Spiderette and Will o' the Wisp share (docs/rules/spiderette.md,
docs/rules/will-o-the-wisp.md), one by one, each run on both games: the two differ only in their
deal, tested in each game's own folder with its registration and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_spiderette import Spiderette
from aisle_will_o_the_wisp import WillOTheWisp
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, IllegalAction, Move, Status
from aisle.variant import Variant

PILES = [f"tableau-{n}" for n in range(1, 8)]
#: King to Ace of spades, bottom first.
SPADES = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"

each_game = pytest.mark.parametrize("variant", [Spiderette, WillOTheWisp],
                                    ids=["spiderette", "will-o-the-wisp"])


@each_game
def test_layout_follows_the_reference(variant: type[Variant]) -> None:
    game = Game.new(variant, 1)
    assert [(s.id, s.x, s.y) for s in game.slots][:2] == [("stock", 0, 0), ("foundation-1", 3, 0)]
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES] == [(n, 1) for n in range(7)]
    assert (game.score, game.max_score) == (0, 48)


# -- moves ------------------------------------------------------------------------------------
@each_game
def test_cards_build_down_whatever_the_suit_but_runs_move_by_suit(variant: type[Variant]) -> None:
    game = laid(variant, {"tableau-1": "~3C 9S 8H", "tableau-2": "9D", "tableau-3": "10C 9C 8C",
                             "tableau-4": "JH", "stock": "2C"})
    assert reason(game, Move("tableau-1", 1, "tableau-2")) is None  # 8H on 9D
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == "Only cards of one suit can be moved together."
    assert reason(game, Move("tableau-3", 3, "tableau-4")) is None  # 10C 9C 8C on JH
    assert reason(game, Move("tableau-3", 1, "tableau-4")) is not None


@each_game
def test_an_empty_pile_takes_any_run(variant: type[Variant]) -> None:
    game = laid(variant, {"tableau-1": "~3C 9C 8C", "tableau-2": "", "tableau-3": "KH", "tableau-4": "KD",
                             "tableau-5": "KS", "tableau-6": "KC", "tableau-7": "QH", "stock": "2C"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) is None
    game.play(Move("tableau-1", 2, "tableau-2"))
    assert codes(game, "tableau-1") == "3C"


@each_game
def test_a_foundation_takes_only_a_complete_run_and_keeps_it(variant: type[Variant]) -> None:
    game = laid(variant, {"tableau-1": "5H " + SPADES, "tableau-2": "QH JH", "tableau-3": "KC",
                             "tableau-4": "KD", "tableau-5": "KH", "tableau-6": "2D", "tableau-7": "3C",
                             "stock": "4D"})
    assert reason(game, Move("tableau-1", 13, "foundation-1")) is None
    assert reason(game, Move("tableau-2", 2, "foundation-1")) is not None
    game.double_click("tableau-1")
    assert (codes(game, "foundation-1"), codes(game, "tableau-1")) == (SPADES, "5H")
    assert reason(game, Move("foundation-1", 1, "tableau-2")) == "A finished run on a foundation stays there."
    assert game.score == 12 + 1  # the run up, and QS JS linked


@each_game
def test_the_stock_deals_a_row_never_while_a_pile_is_empty_the_last_onto_three_piles(
        variant: type[Variant]) -> None:
    piles = dict(zip(PILES, ["5C", "KH", "KD", "KC", "KS", "QH", "QD"], strict=True))
    game = laid(variant, {**piles, "tableau-7": "", "stock": "2C 3C 4C"})
    assert reason(game, Deal()) is not None
    game = laid(variant, {**piles, "stock": "2C 3C 4C"})
    game.play(Deal())
    assert [len(game.slot(pile).cards) for pile in PILES] == [2, 2, 2, 1, 1, 1, 1]
    assert reason(game, Deal()) == "The stock is empty."


@each_game
def test_there_is_no_deal_action_and_no_automatic_move(variant: type[Variant]) -> None:
    game = laid(variant, {"tableau-1": SPADES, "tableau-2": "KH", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) is None
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")


# -- win, loss --------------------------------------------------------------------------------
@each_game
def test_won_with_all_four_runs_up(variant: type[Variant]) -> None:
    runs = {f"foundation-{n}": SPADES.replace("S", suit) for n, suit in enumerate("CDH", start=1)}
    game = laid(variant, {**runs, "tableau-1": SPADES})
    game.send_all_up()
    assert (game.status, game.score) == (Status.WON, 48)


@each_game
def test_lost_when_the_stock_can_never_be_dealt_again(variant: type[Variant]) -> None:
    runs = {f"foundation-{n}": SPADES.replace("S", suit) for n, suit in enumerate("CD", start=1)}
    game = laid(variant, {**runs, "tableau-1": "5H 4H", "tableau-2": "9H", "stock": "2H"})
    assert game.status is Status.LOST  # 3 cards cannot fill 7 piles


@each_game
def test_lost_when_the_stock_is_empty_and_nothing_moves(variant: type[Variant]) -> None:
    piles = dict(zip(PILES, ["KC", "KD", "KH", "KS", "QC", "QD", "2H"], strict=True))
    game = laid(variant, piles)
    assert game.status is Status.PLAYING  # a Queen goes on a King
    piles["tableau-5"], piles["tableau-6"] = "5C", "5D"
    assert laid(variant, piles).status is Status.LOST
