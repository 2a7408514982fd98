"""Agnes: the rules of docs/rules/agnes.md one by one, golden deals, registration, the
conformance kit, the loss and whole games played by the hints."""

from __future__ import annotations

from aisle_agnes import Agnes
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, Move, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 8)]

test_conformance = conformance(Agnes)


def test_the_entry_point_registers_agnes() -> None:
    info = available_variants()["agnes"]
    assert info.variant is Agnes and info.plugin == "agnes"
    assert (Agnes.game_family, Agnes.difficulty) == ("klondike", 3)


def test_layout_and_status_line() -> None:
    game = Game.new(Agnes, 1)
    assert [(s.id, s.x, s.y) for s in game.slots][:2] == [("stock", 0, 0), ("foundation-1", 3, 0)]
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES] == [(n, 1) for n in range(7)]
    assert str(game.status_text) == "Stock left: 23   Base card: J"


# -- moves ------------------------------------------------------------------------------------
def test_cards_build_down_in_one_colour_round_the_corner() -> None:
    game = laid(Agnes, {"foundation-1": "5D", "tableau-1": "KS", "tableau-2": "AC",
                        "tableau-3": "2H", "tableau-4": "9C 8S", "tableau-5": "9D", "stock": "3C"})
    assert reason(game, Move("tableau-1", 1, "tableau-2")) is None  # a King on an Ace
    assert reason(game, Move("tableau-4", 1, "tableau-5")) is not None  # black on red
    assert reason(game, Move("tableau-2", 1, "tableau-3")) is not None
    assert reason(game, Move("tableau-5", 1, "tableau-4")) is not None  # 9 on 8: not down
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-2") == "AC KS"


def test_a_run_never_reaches_past_a_card_of_the_base_rank() -> None:
    game = laid(Agnes, {"foundation-1": "5D", "tableau-1": "~2C 6S 5C 4S", "tableau-2": "6C",
                        "tableau-3": "7S", "tableau-4": "5S", "stock": "3C"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == (
        "A run cannot reach past a card of the base rank.")
    assert reason(game, Move("tableau-1", 3, "tableau-3")) is not None
    assert Move("tableau-1", 2, "tableau-2") not in game.legal_actions()
    # The drop itself does not look at the base rank: the 4 goes on the other black 5.
    assert reason(game, Move("tableau-1", 1, "tableau-4")) is None
    assert Move("tableau-1", 1, "tableau-4") in game.legal_actions()


def test_an_empty_pile_takes_nothing_until_the_next_deal() -> None:
    game = laid(Agnes, {"foundation-1": "5D", "tableau-1": "KS", "tableau-2": "",
                        "stock": "2C 3C 4C 5C 6C 7C 8C"})
    assert reason(game, Move("tableau-1", 1, "tableau-2")) is not None
    game.play(Deal())
    assert [codes(game, pile) for pile in PILES] == ["KS 8C", "7C", "6C", "5C", "4C", "3C", "2C"]


def test_foundations_start_at_the_base_rank_and_go_round_the_corner() -> None:
    game = laid(Agnes, {"foundation-1": "QD KD", "tableau-1": "AD", "tableau-2": "QS",
                        "tableau-3": "AS", "stock": "3C"})
    assert reason(game, Move("tableau-1", 1, "foundation-1")) is None  # an Ace on a King
    assert reason(game, Move("tableau-2", 1, "foundation-2")) is None  # the base rank, Queen
    assert reason(game, Move("tableau-3", 1, "foundation-2")) is not None
    game.double_click("tableau-2")
    assert codes(game, "foundation-2") == "QS"


def test_foundation_cards_stay_in_play_but_not_the_base_card() -> None:
    game = laid(Agnes, {"foundation-1": "5D 6D", "tableau-1": "7H", "tableau-2": "6H", "stock": "3C"})
    assert reason(game, Move("foundation-1", 1, "tableau-1")) is None
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert game.score == 1
    assert reason(game, Move("foundation-1", 1, "tableau-2")) is not None  # the base card stays


def test_the_stock_deals_onto_every_pile_the_last_deal_onto_two() -> None:
    piles = dict(zip(PILES, ["KS", "KC", "KD", "KH", "QS", "QC", "QD"], strict=True))
    game = laid(Agnes, {**piles, "foundation-1": "5D", "stock": "2C 3C"})
    game.play(Deal())
    assert [len(game.slot(pile).cards) for pile in PILES] == [2, 2, 1, 1, 1, 1, 1]
    assert reason(game, Deal()) == "The stock is empty."


def test_double_click_on_a_foundation_sends_all_up() -> None:
    game = laid(Agnes, {"foundation-1": "5D", "tableau-1": "7D", "tableau-2": "6D", "stock": "3C"})
    game.double_click("foundation-1")
    assert codes(game, "foundation-1") == "5D 6D 7D"


def test_automatic_moves_send_only_safe_cards_up() -> None:
    game = laid(Agnes, {"foundation-1": "5D", "foundation-2": "5H", "tableau-1": "6D", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")
    game = laid(Agnes, {"foundation-1": "5D", "tableau-1": "6D", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) is None  # the red 5 of hearts could go on it


# -- the end ----------------------------------------------------------------------------------
def test_won_when_every_card_is_up() -> None:
    ranks = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
    up = {f"foundation-{n}": " ".join(r + s for r in ranks) for n, s in enumerate("CDH", start=1)}
    up["foundation-4"] = " ".join(r + "S" for r in ranks[:-1])
    game = laid(Agnes, {**up, "tableau-4": "2S"})
    game.double_click("tableau-4")
    assert (game.status, game.score) == (Status.WON, 52)


def test_lost_when_no_action_is_left() -> None:
    piles = dict(zip(PILES, ["5C", "9H", "KD", "2S", "4D", "7C", "JH"], strict=True))
    game = laid(Agnes, {**piles, "foundation-1": "8S"})
    assert (game.status, game.legal_actions(), game.hint()) == (Status.LOST, [], None)
    assert laid(Agnes, {**piles, "foundation-1": "8S", "stock": "6S"}).status is Status.PLAYING


# -- hints ------------------------------------------------------------------------------------
