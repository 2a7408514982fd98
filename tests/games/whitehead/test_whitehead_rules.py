"""Whitehead: the rules of docs/rules/whitehead.md one by one, golden deals, registration, the
conformance kit, the loss and whole games played by the hints."""

from __future__ import annotations

from aisle_whitehead import Whitehead
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, Move, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 8)]

test_conformance = conformance(Whitehead)


def test_the_entry_point_registers_whitehead() -> None:
    info = available_variants()["whitehead"]
    assert info.variant is Whitehead and info.plugin == "whitehead"
    assert (Whitehead.game_family, Whitehead.difficulty) == ("klondike", 2)


def test_layout_follows_the_reference() -> None:
    game = Game.new(Whitehead, 1)
    assert [(s.id, s.x, s.y) for s in game.slots][:3] == [
        ("stock", 0, 0), ("waste", 1, 0), ("foundation-1", 3, 0)]
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES] == [(n, 1) for n in range(7)]
    assert (game.score, game.max_score) == (0, 52)


# -- moves ------------------------------------------------------------------------------------
def test_cards_build_down_in_one_colour_and_runs_move_by_suit() -> None:
    game = laid(Whitehead, {"tableau-1": "9S 8C 7C", "tableau-2": "9C", "tableau-3": "8H",
                            "tableau-4": "", "stock": "2D"})
    assert reason(game, Move("tableau-1", 1, "tableau-3")) is not None  # black on red
    assert reason(game, Move("tableau-1", 2, "tableau-2")) is None  # 8C 7C on 9C
    assert reason(game, Move("tableau-1", 3, "tableau-4")) == "Only cards of one suit can be moved together."
    assert reason(game, Move("tableau-1", 2, "tableau-4")) is None  # an empty pile takes any run
    game.play(Move("tableau-1", 2, "tableau-2"))
    assert codes(game, "tableau-2") == "9C 8C 7C"


def test_a_run_goes_up_whole_when_its_top_card_fits() -> None:
    game = laid(Whitehead, {"foundation-1": "AH", "tableau-1": "5C 3H 2H", "stock": "2D"})
    assert reason(game, Move("tableau-1", 2, "foundation-1")) is None
    game.play(Move("tableau-1", 2, "foundation-1"))
    assert (codes(game, "foundation-1"), game.score) == ("AH 2H 3H", 3)


def test_foundation_cards_stay_in_play() -> None:
    game = laid(Whitehead, {"foundation-1": "AD 2D 3D", "tableau-1": "4H", "waste": "AS", "stock": "2C"})
    assert reason(game, Move("foundation-1", 1, "tableau-1")) is None  # red 3 on red 4
    assert reason(game, Move("foundation-1", 2, "tableau-1")) is not None
    assert reason(game, Move("waste", 1, "foundation-2")) is None
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert game.score == 2


def test_the_stock_turns_one_card_and_is_not_redealt() -> None:
    game = laid(Whitehead, {"tableau-1": "KC", "stock": "2C 3C"})
    game.play(Deal())
    game.play(Deal())
    assert (codes(game, "waste"), codes(game, "stock")) == ("3C 2C", "")
    assert reason(game, Deal()) == "The stock is empty."


def test_double_click_sends_a_card_up_and_a_foundation_sends_all_up() -> None:
    game = laid(Whitehead, {"tableau-1": "AD", "tableau-2": "3D 2D", "waste": "AC", "stock": "2S"})
    game.double_click("waste")
    assert codes(game, "foundation-1") == "AC"
    game.double_click("foundation-1")
    assert codes(game, "foundation-2") == "AD 2D 3D"


def test_automatic_moves_send_only_safe_cards_up() -> None:
    game = laid(Whitehead, {"foundation-1": "AH", "foundation-2": "AD", "tableau-1": "2H", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")
    game = laid(Whitehead, {"foundation-1": "AH", "tableau-1": "2H", "tableau-2": "KD", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) is None  # the red Ace of diamonds could go on it


# -- the end ----------------------------------------------------------------------------------
def test_won_when_every_card_is_up() -> None:
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    up = {f"foundation-{n}": " ".join(r + s for r in ranks) for n, s in enumerate("CDH", start=1)}
    up["foundation-4"] = " ".join(r + "S" for r in ranks[:-1])
    game = laid(Whitehead, {**up, "tableau-3": "KS"})
    game.double_click("tableau-3")
    assert (game.status, game.score) == (Status.WON, 52)


def test_lost_when_no_action_is_left() -> None:
    piles = dict(zip(PILES, ["5C", "9H", "KD", "2S", "4D", "7C", "JH"], strict=True))
    game = laid(Whitehead, piles)
    assert (game.status, game.legal_actions(), game.hint()) == (Status.LOST, [], None)
    assert laid(Whitehead, {**piles, "stock": "6S"}).status is Status.PLAYING


# -- hints ------------------------------------------------------------------------------------
