"""Aunt Mary: the rules of docs/rules/aunt-mary.md one by one, golden deals, registration, the
conformance kit, the loss and whole games played by the hints."""

from __future__ import annotations

from aisle_aunt_mary import AuntMary
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, Move, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 7)]

test_conformance = conformance(AuntMary)


def test_the_entry_point_registers_aunt_mary() -> None:
    info = available_variants()["aunt-mary"]
    assert info.variant is AuntMary and info.plugin == "aunt-mary"
    assert (AuntMary.game_family, AuntMary.difficulty) == ("klondike", 3)


def test_layout_follows_the_reference() -> None:
    game = Game.new(AuntMary, 1)
    assert [(s.id, s.x, s.y) for s in game.slots][:3] == [
        ("stock", 0, 0), ("waste", 1, 0), ("foundation-1", 2, 0)]
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES] == [(n, 1) for n in range(6)]
    assert (game.score, game.max_score) == (0, 52)


# -- moves ------------------------------------------------------------------------------------
def test_runs_build_down_in_alternating_colours_and_only_kings_fill_an_empty_pile() -> None:
    game = laid(AuntMary, {"tableau-1": "~3C 9S 8H 7C", "tableau-2": "10D", "tableau-3": "",
                           "tableau-4": "~4C KS QD", "tableau-5": "10S", "stock": "2C"})
    assert reason(game, Move("tableau-1", 3, "tableau-2")) is None
    assert reason(game, Move("tableau-1", 3, "tableau-5")) == (
        "{card} and {target} are both black; the colours must alternate.")
    assert reason(game, Move("tableau-1", 1, "tableau-3")) == "Only a King can go onto an empty pile."
    game.play(Move("tableau-4", 2, "tableau-3"))
    assert codes(game, "tableau-4") == "4C"


def test_foundations_build_up_by_suit_and_give_their_top_card_back() -> None:
    game = laid(AuntMary, {"foundation-1": "AH 2H", "tableau-1": "3H", "tableau-2": "3S",
                           "waste": "AS", "stock": "2C"})
    assert reason(game, Move("tableau-1", 1, "foundation-1")) is None
    assert reason(game, Move("tableau-2", 1, "foundation-1")) == (
        "A foundation takes only cards of its own suit.")
    assert reason(game, Move("waste", 1, "foundation-2")) is None
    assert reason(game, Move("foundation-1", 1, "tableau-2")) is None  # 2H on 3S
    game.play(Move("foundation-1", 1, "tableau-2"))
    assert (codes(game, "tableau-2"), game.score) == ("3S 2H", 1)


def test_the_stock_turns_one_card_and_is_gone_through_three_times() -> None:
    game = laid(AuntMary, {"tableau-1": "KC", "stock": "2C 3C"})
    for redeals in (2, 1, 0):
        game.play(Deal())
        game.play(Deal())
        assert (codes(game, "waste"), codes(game, "stock")) == ("3C 2C", "")
        if redeals:
            game.play(Deal())
            assert (codes(game, "stock"), str(game.status_text)) == (
                "~2C ~3C", f"Stock left: 2   Redeals left: {redeals - 1}")
    assert reason(game, Deal()) is not None


def test_double_click_sends_a_card_up_and_a_foundation_sends_all_up() -> None:
    game = laid(AuntMary, {"tableau-1": "AD", "tableau-2": "3D 2D", "waste": "AC", "stock": "2S"})
    game.double_click("waste")
    assert codes(game, "foundation-1") == "AC"
    game.double_click("foundation-1")
    assert codes(game, "foundation-2") == "AD 2D 3D"


def test_automatic_moves_send_only_safe_cards_up() -> None:
    game = laid(AuntMary, {"foundation-1": "AH", "foundation-2": "AC", "foundation-3": "AS",
                           "tableau-1": "2H", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")
    game = laid(AuntMary, {"foundation-1": "AH", "foundation-2": "AC", "tableau-1": "2H", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) is None  # the Ace of spades could still go on it


# -- the end ----------------------------------------------------------------------------------
def test_won_when_every_card_is_up() -> None:
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    up = {f"foundation-{n}": " ".join(r + s for r in ranks) for n, s in enumerate("CDH", start=1)}
    up["foundation-4"] = " ".join(r + "S" for r in ranks[:-1])
    game = laid(AuntMary, {**up, "waste": "KS"})
    game.double_click("waste")
    assert (game.status, game.score) == (Status.WON, 52)


def test_lost_when_no_action_is_left() -> None:
    piles = dict(zip(PILES, ["5C", "9H", "KD", "2S", "4S", "7C"], strict=True))
    game = laid(AuntMary, piles)
    assert (game.status, game.legal_actions(), game.hint()) == (Status.LOST, [], None)
    assert laid(AuntMary, {**piles, "stock": "6H"}).status is Status.PLAYING


# -- hints ------------------------------------------------------------------------------------
