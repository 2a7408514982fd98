"""Golf: every rule of docs/rules/golf.md in its own small test, golden deals, registration,
the conformance kit and whole games played by the hints."""

from __future__ import annotations

import pytest
from aisle_golf import Golf
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Fan, Game, IllegalAction, Move, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

COLUMNS = [f"tableau-{n}" for n in range(1, 8)]

test_conformance = conformance(Golf)


def test_the_entry_point_registers_golf() -> None:
    info = available_variants()["golf"]
    assert info.variant is Golf and info.plugin == "golf"
    assert (Golf.game_family, Golf.difficulty) == ("other", 2)


def test_layout_and_deal_follow_the_reference() -> None:
    game = Game.new(Golf, 3)
    assert [slot.id for slot in game.slots] == ["stock", "waste", *COLUMNS]
    waste = next(spec for spec in game.variant.layout() if spec.id == "waste")
    assert (waste.x, waste.y, waste.fan, waste.fan_limit) == (1, 0, Fan.RIGHT, 12)
    assert [(game.slot(c).x, game.slot(c).y) for c in COLUMNS] == [(n, 1) for n in range(7)]
    assert all(len(game.slot(c).cards) == 5 and all(card.face_up for card in game.slot(c).cards)
               for c in COLUMNS)
    assert (len(game.slot("stock").cards), game.slot("waste").cards) == (17, [])
    assert (game.score, game.max_score) == (0, 35)
    assert str(game.status_text) == "Stock left: 17"


# -- moves ------------------------------------------------------------------------------------
def test_a_card_one_rank_up_or_down_goes_onto_the_waste_whatever_its_suit() -> None:
    game = laid(Golf, {"waste": "7H", "tableau-1": "8S", "tableau-2": "6D", "tableau-3": "9H",
                       "stock": "2C"})
    assert reason(game, Move("tableau-1", 1, "waste")) is None
    assert reason(game, Move("tableau-2", 1, "waste")) is None
    assert reason(game, Move("tableau-3", 1, "waste")) == "{card} is not one rank above or below {top}."
    game.play(Move("tableau-1", 1, "waste"))
    assert (codes(game, "waste"), game.score) == ("7H 8S", 35 - 2)


def test_no_corner_between_king_and_ace_and_nothing_on_a_king() -> None:
    game = laid(Golf, {"waste": "AH", "tableau-1": "KS", "tableau-2": "2C", "stock": "3C"})
    assert reason(game, Move("tableau-1", 1, "waste")) == "{card} is not one rank above or below {top}."
    assert reason(game, Move("tableau-2", 1, "waste")) is None
    on_king = laid(Golf, {"waste": "KH", "tableau-1": "QS", "tableau-2": "AC", "stock": "3C"})
    assert reason(on_king, Move("tableau-1", 1, "waste")) == "Nothing can be played on a King."
    assert reason(on_king, Move("tableau-2", 1, "waste")) == "Nothing can be played on a King."
    assert on_king.legal_actions() == [Deal()]


def test_nothing_goes_onto_an_empty_waste() -> None:
    game = Game.new(Golf, 1)
    assert reason(game, Move("tableau-1", 1, "waste")) == (
        "The waste is empty: turn a card from the stock first.")
    assert game.legal_actions() == [Deal()]


def test_only_a_columns_top_card_moves_and_only_onto_the_waste() -> None:
    game = laid(Golf, {"waste": "7H", "tableau-1": "6S 8S", "tableau-2": "9D", "stock": "2C"})
    assert reason(game, Move("tableau-1", 2, "waste")) == "Only the top card of a pile can be moved."
    assert reason(game, Move("tableau-1", 1, "tableau-2")) == (
        "Cards from the columns can only be played onto the waste.")
    assert reason(game, Move("waste", 1, "tableau-2")) == (
        "Cards on the waste stay there; play the top cards of the columns onto it.")
    assert reason(game, Move("stock", 1, "waste")) is not None
    with pytest.raises(IllegalAction):
        game.play(Move("tableau-1", 1, "tableau-2"))


def test_the_stock_turns_one_card_onto_the_waste_and_is_not_redealt() -> None:
    game = laid(Golf, {"waste": "KH", "tableau-1": "QS 3C", "stock": "2C"})
    game.play(Deal())
    assert (codes(game, "waste"), codes(game, "stock"), str(game.status_text)) == (
        "KH 2C", "", "Stock left: 0")
    assert reason(game, Deal()) == "The stock is empty."


def test_double_click_plays_a_fitting_top_card_and_nothing_else() -> None:
    game = laid(Golf, {"waste": "7H", "tableau-1": "8S", "tableau-2": "QD", "stock": "2C"})
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")
    assert codes(game, "tableau-2") == "QD" and not game.can_undo
    game.double_click("tableau-1")
    assert (codes(game, "waste"), codes(game, "tableau-1")) == ("7H 8S", "")


def test_there_is_nothing_to_send_up_and_no_automatic_move() -> None:
    game = laid(Golf, {"waste": "7H", "tableau-1": "8S", "stock": "2C"})
    assert not game.can_send_all_up
    assert game.variant.safe_up_move(game.board) is None


# -- the end ----------------------------------------------------------------------------------
def test_won_when_the_columns_are_clear_even_with_cards_in_the_stock() -> None:
    game = laid(Golf, {"waste": "7H", "tableau-1": "8S", "stock": "2C 3C"})
    game.play(Move("tableau-1", 1, "waste"))
    assert (game.status, game.score) == (Status.WON, 35)


def test_lost_when_the_stock_is_empty_and_no_top_card_fits() -> None:
    game = laid(Golf, {"waste": "7H", "tableau-1": "9S", "tableau-2": "8D", "stock": "KC"})
    game.play(Move("tableau-2", 1, "waste"))
    assert game.status is Status.PLAYING  # the 9 fits the 8
    game.play(Deal())
    assert (game.status, game.hint()) == (Status.LOST, None)
    game.undo()
    assert game.status is Status.PLAYING


# -- hints ------------------------------------------------------------------------------------
def test_the_hint_names_the_first_fitting_column_else_the_stock() -> None:
    game = laid(Golf, {"waste": "7H", "tableau-2": "8S", "tableau-5": "6C", "stock": "2C"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "waste")
    assert hint.text.msgid == "Move {card} onto {target}."
    stuck = laid(Golf, {"waste": "7H", "tableau-2": "10S", "stock": "2C"})
    hint = stuck.hint()
    assert hint is not None and hint.action == Deal()


@pytest.mark.parametrize(("seed", "status", "score", "moves"),
                         [(1, Status.LOST, 21, 38), (28, Status.WON, 35, 52)])
def test_whole_games_by_the_hints_are_pinned(seed: int, status: Status, score: int, moves: int) -> None:
    game = Game.new(Golf, seed)
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
    assert (game.status, game.score, len(game.history)) == (status, score, moves)
