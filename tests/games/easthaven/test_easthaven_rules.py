"""Easthaven: the rules of docs/rules/easthaven.md one by one, golden deals, registration, the
conformance kit, the loss and whole games played by the hints."""

from __future__ import annotations

from aisle_easthaven import Easthaven
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, Move, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 8)]

test_conformance = conformance(Easthaven)


def test_the_entry_point_registers_easthaven() -> None:
    info = available_variants()["easthaven"]
    assert info.variant is Easthaven and info.plugin == "easthaven"
    assert (Easthaven.game_family, Easthaven.difficulty) == ("klondike", 2)


def test_layout_follows_the_reference() -> None:
    game = Game.new(Easthaven, 1)
    assert [(s.id, s.x, s.y) for s in game.slots][:2] == [("stock", 0, 0), ("foundation-1", 3, 0)]
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES] == [(n, 1) for n in range(7)]


# -- moves ------------------------------------------------------------------------------------
def test_runs_build_down_in_alternating_colours_and_only_kings_fill_an_empty_pile() -> None:
    game = laid(Easthaven, {"tableau-1": "~3C 9S 8H 7C", "tableau-2": "10D", "tableau-3": "",
                            "tableau-4": "~4C KS QD", "tableau-5": "10S", "stock": "2C"})
    assert reason(game, Move("tableau-1", 3, "tableau-2")) is None
    assert reason(game, Move("tableau-1", 3, "tableau-5")) == (
        "{card} and {target} are both black; the colours must alternate.")
    assert reason(game, Move("tableau-1", 1, "tableau-3")) == "Only a King can go onto an empty pile."
    assert reason(game, Move("tableau-4", 2, "tableau-3")) is None
    game.play(Move("tableau-4", 2, "tableau-3"))
    assert codes(game, "tableau-4") == "4C"


def test_foundations_take_one_card_up_by_suit_and_keep_it() -> None:
    game = laid(Easthaven, {"foundation-1": "AH", "tableau-1": "2H", "tableau-2": "2S",
                            "tableau-3": "AS", "stock": "2C"})
    assert reason(game, Move("tableau-1", 1, "foundation-1")) is None
    assert reason(game, Move("tableau-2", 1, "foundation-1")) == (
        "A foundation takes only cards of its own suit.")
    assert reason(game, Move("tableau-3", 1, "foundation-2")) is None
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert game.score == 2
    assert reason(game, Move("foundation-1", 1, "tableau-2")) is not None


def test_the_stock_deals_a_row_the_last_onto_the_first_piles() -> None:
    piles = dict(zip(PILES, ["5C", "KH", "KD", "KC", "KS", "QH", "QD"], strict=True))
    game = laid(Easthaven, {**piles, "stock": "2C 3C 4C"})
    game.play(Deal())
    assert [len(game.slot(pile).cards) for pile in PILES] == [2, 2, 2, 1, 1, 1, 1]
    assert all(game.slot(pile).cards[-1].face_up for pile in PILES)
    assert reason(game, Deal()) == "The stock is empty."


def test_the_stock_waits_while_a_king_could_fill_an_empty_pile() -> None:
    piles = dict(zip(PILES, ["5C", "~2H KH", "", "9C", "7S", "4S", "2S"], strict=True))
    game = laid(Easthaven, {**piles, "stock": "2C 3C 4C"})
    assert reason(game, Deal()) == "Fill the empty pile with a King first."
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "tableau-3")
    # Kings already at the bottom of their piles do not hold the stock back.
    piles["tableau-2"] = "KH"
    assert reason(laid(Easthaven, {**piles, "stock": "2C 3C 4C"}), Deal()) is None
    # Late in the game (stock and score above 45) the stock deals anyway.
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J")
    up = {f"foundation-{n}": " ".join(r + s for r in ranks) for n, s in enumerate("CD", start=1)}
    game = laid(Easthaven, {**up, "tableau-2": "~2H KH", "tableau-1": "5H",
                            "stock": "2S 3S 4S 5S 6S 7S 8S 9S"})
    assert (game.score, reason(game, Deal())) == (22, "Fill the empty pile with a King first.")
    game = laid(Easthaven, {**up, "tableau-2": "~2H KH", "tableau-1": "5H",
                            "stock": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS 4H 6H 7H 8H 9H 10H JH QH 3H QC "
                                     "AH KS"})
    assert reason(game, Deal()) is None


def test_double_click_sends_a_card_up_and_a_foundation_sends_all_up() -> None:
    game = laid(Easthaven, {"tableau-1": "AD", "tableau-2": "3D 2D", "stock": "2C"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "AD"
    game.double_click("foundation-1")
    assert codes(game, "foundation-1") == "AD 2D 3D"


def test_automatic_moves_send_only_safe_cards_up() -> None:
    game = laid(Easthaven, {"foundation-1": "AC", "tableau-1": "2H", "tableau-2": "AH", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-2", 1, "foundation-2")
    game = laid(Easthaven, {"foundation-1": "AH", "tableau-1": "2H", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) is None  # the black Aces are not up


# -- the end ----------------------------------------------------------------------------------
def test_won_when_every_card_is_up() -> None:
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    up = {f"foundation-{n}": " ".join(r + s for r in ranks) for n, s in enumerate("CDH", start=1)}
    up["foundation-4"] = " ".join(r + "S" for r in ranks[:-1])
    game = laid(Easthaven, {**up, "tableau-1": "KS"})
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.status, game.score) == (Status.WON, 52)


def test_lost_when_the_stock_is_empty_and_nothing_moves() -> None:
    piles = dict(zip(PILES, ["5C", "9H", "KD", "2S", "4S", "7C", "JD"], strict=True))
    game = laid(Easthaven, piles)
    assert (game.status, game.legal_actions(), game.hint()) == (Status.LOST, [], None)
    piles["tableau-7"] = "6H"  # the black 5 goes on it
    assert laid(Easthaven, piles).status is Status.PLAYING


# -- hints ------------------------------------------------------------------------------------
