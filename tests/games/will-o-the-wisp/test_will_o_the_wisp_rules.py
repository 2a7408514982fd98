"""Will o' the Wisp: the rules of docs/rules/will-o-the-wisp.md one by one, golden deals, registration,
the conformance kit, the loss and whole games played by the hints."""

from __future__ import annotations

import pytest
from aisle_will_o_the_wisp import WillOTheWisp
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, IllegalAction, Move, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 8)]
#: King to Ace of spades, bottom first.
SPADES = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"

test_conformance = conformance(WillOTheWisp)


def test_the_entry_point_registers_will_o_the_wisp() -> None:
    info = available_variants()["will-o-the-wisp"]
    assert info.variant is WillOTheWisp and info.plugin == "will-o-the-wisp"
    assert (WillOTheWisp.game_family, WillOTheWisp.difficulty) == ("spider", 2)
    assert WillOTheWisp.has_deal_action  # Control > Deal deals a row, as the stock does


def test_layout_follows_the_reference() -> None:
    game = Game.new(WillOTheWisp, 1)
    assert [(s.id, s.x, s.y) for s in game.slots][:2] == [("stock", 0, 0), ("foundation-1", 3, 0)]
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES] == [(n, 1) for n in range(7)]
    assert (game.score, game.max_score) == (0, 48)


# -- moves ------------------------------------------------------------------------------------
def test_cards_build_down_whatever_the_suit_but_runs_move_by_suit() -> None:
    game = laid(WillOTheWisp, {"tableau-1": "~3C 9S 8H", "tableau-2": "9D", "tableau-3": "10C 9C 8C",
                             "tableau-4": "JH", "stock": "2C"})
    assert reason(game, Move("tableau-1", 1, "tableau-2")) is None  # 8H on 9D
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == "Only cards of one suit can be moved together."
    assert reason(game, Move("tableau-3", 3, "tableau-4")) is None  # 10C 9C 8C on JH
    assert reason(game, Move("tableau-3", 1, "tableau-4")) is not None


def test_an_empty_pile_takes_any_run() -> None:
    game = laid(WillOTheWisp, {"tableau-1": "~3C 9C 8C", "tableau-2": "", "tableau-3": "KH",
                               "tableau-4": "KD", "tableau-5": "KS", "tableau-6": "KC", "tableau-7": "QH",
                               "stock": "2C"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) is None
    game.play(Move("tableau-1", 2, "tableau-2"))
    assert codes(game, "tableau-1") == "3C"


def test_a_foundation_takes_only_a_complete_run_and_keeps_it() -> None:
    game = laid(WillOTheWisp, {"tableau-1": "5H " + SPADES, "tableau-2": "QH JH", "tableau-3": "KC",
                             "tableau-4": "KD", "tableau-5": "KH", "tableau-6": "2D", "tableau-7": "3C",
                             "stock": "4D"})
    assert reason(game, Move("tableau-1", 13, "foundation-1")) is None
    assert reason(game, Move("tableau-2", 2, "foundation-1")) is not None
    game.double_click("tableau-1")
    assert (codes(game, "foundation-1"), codes(game, "tableau-1")) == (SPADES, "5H")
    assert reason(game, Move("foundation-1", 1, "tableau-2")) == "A finished run on a foundation stays there."
    assert game.score == 12 + 1  # the run up, and QS JS linked


def test_the_stock_deals_a_row_never_while_a_pile_is_empty_the_last_onto_three_piles() -> None:
    piles = dict(zip(PILES, ["5C", "KH", "KD", "KC", "KS", "QH", "QD"], strict=True))
    game = laid(WillOTheWisp, {**piles, "tableau-7": "", "stock": "2C 3C 4C"})
    assert reason(game, Deal()) is not None
    game = laid(WillOTheWisp, {**piles, "stock": "2C 3C 4C"})
    game.play(Deal())
    assert [len(game.slot(pile).cards) for pile in PILES] == [2, 2, 2, 1, 1, 1, 1]
    assert reason(game, Deal()) == "The stock is empty."


def test_there_is_no_deal_action_and_no_automatic_move() -> None:
    game = laid(WillOTheWisp, {"tableau-1": SPADES, "tableau-2": "KH", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) is None
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")


# -- win, loss --------------------------------------------------------------------------------
def test_won_with_all_four_runs_up() -> None:
    runs = {f"foundation-{n}": SPADES.replace("S", suit) for n, suit in enumerate("CDH", start=1)}
    game = laid(WillOTheWisp, {**runs, "tableau-1": SPADES})
    game.send_all_up()
    assert (game.status, game.score) == (Status.WON, 48)


def test_lost_when_the_stock_can_never_be_dealt_again() -> None:
    runs = {f"foundation-{n}": SPADES.replace("S", suit) for n, suit in enumerate("CD", start=1)}
    game = laid(WillOTheWisp, {**runs, "tableau-1": "5H 4H", "tableau-2": "9H", "stock": "2H"})
    assert game.status is Status.LOST  # 3 cards cannot fill 7 piles


def test_lost_when_the_stock_is_empty_and_nothing_moves() -> None:
    piles = dict(zip(PILES, ["KC", "KD", "KH", "KS", "QC", "QD", "2H"], strict=True))
    game = laid(WillOTheWisp, piles)
    assert game.status is Status.PLAYING  # a Queen goes on a King
    piles["tableau-5"], piles["tableau-6"] = "5C", "5D"
    assert laid(WillOTheWisp, piles).status is Status.LOST


# -- hints ------------------------------------------------------------------------------------
