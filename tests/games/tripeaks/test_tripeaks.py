"""TriPeaks: every rule of docs/rules/tripeaks.md, each in its own small test, plus golden deals,
registration, the conformance kit and hints followed to the end.

Positions are real deals or tables laid out by hand with `arrange` (test setup only).
"""

from __future__ import annotations

import pytest
from aisle_tripeaks import TriPeaks, shape

from aisle.engine import Card, Deal, Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.hooks import available_variants, plugin_errors
from aisle.testing import conformance
from aisle.variant import Variant

TABLEAU = [f"tableau-{n}" for n in range(1, 29)]

test_conformance = conformance(TriPeaks)


# -- test setup ---------------------------------------------------------------------------
def arrange(tableau: dict[int, str], waste: str, stock: str = "", score: int = 0) -> Game:
    """TEST SETUP ONLY: a fresh game laid out by hand. `tableau` maps card numbers (1-28: the
    peaks, then row by row) to codes ("~7H" face down); `waste` lists codes bottom first, `stock`
    top first. Peaks not named get a face-down card; other cards not named are left off the
    table: these positions test rules."""
    game = Game.new(TriPeaks, 1)
    unused: dict[str, Card] = {card.code: card for card in game.cards}
    for slot in game.slots:
        slot.cards.clear()

    def put(slot_id: str, code: str, face_up: bool) -> None:
        card = unused.pop(code.lstrip("~"))
        card.face_up = face_up and not code.startswith("~")
        game.slot(slot_id).cards.append(card)

    for n, code in tableau.items():
        put(f"tableau-{n}", code, True)
    for code in waste.split():
        put("waste", code, True)
    for code in reversed(stock.split()):
        put("stock", code, False)
    for n in shape.PEAKS:  # a peak not named is still there, face down: the game is not won
        if n + 1 not in tableau:
            put(f"tableau-{n + 1}", "~" + next(iter(unused)), False)
    game.board.state["score"] = score
    game._changed()  # the table was changed behind the game's back: forget cached answers
    return game


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def reason(game: Game, action: Move | Deal) -> str | None:
    refusal = game.why_not(action)
    return None if refusal is None else refusal.msgid


def codes(game: Game, slot_id: str) -> str:
    return " ".join(("" if c.face_up else "~") + c.code for c in game.slot(slot_id).cards)


# -- the table and the deal ---------------------------------------------------------------
def test_layout_follows_the_reference() -> None:
    game = Game.new(TriPeaks, 1)
    assert [s.id for s in game.slots] == ["stock", "waste-played", "waste", *TABLEAU]
    assert (game.slot("waste").x, game.slot("waste").y, game.slot("waste").fan) == (1, 0, Fan.RIGHT)
    assert (game.slot("waste-played").x, game.slot("waste-played").y) == (1, 0)
    assert [(game.slot(t).x, game.slot(t).y) for t in TABLEAU[:3]] == [(2, 1), (5, 1), (8, 1)]
    assert [game.slot(t).x for t in TABLEAU[3:9]] == [1.5, 2.5, 4.5, 5.5, 7.5, 8.5]
    assert [game.slot(t).x for t in TABLEAU[18:]] == [n + 0.5 for n in range(10)]
    assert game.slot("tableau-19").y == 2
    assert all(game.slot(t).kind == SlotKind.TABLEAU for t in TABLEAU)
    # Each card above the bottom row lies under two cards of the next row.
    assert shape.COVERED_BY[0] == (3, 4) and shape.COVERED_BY[3] == (9, 10)
    assert shape.COVERED_BY[9] == (18, 19) and shape.COVERED_BY[17] == (26, 27)
    assert (TriPeaks.id, TriPeaks.options, TriPeaks.help_page, TriPeaks.has_deal_action) == (
        "tripeaks", (), "tripeaks", True)


@pytest.mark.parametrize("seed", [1, 7, 123456])
def test_the_deal_18_face_down_10_face_up_one_on_the_waste(seed: int) -> None:
    game = Game.new(TriPeaks, seed)
    assert [game.slot(t).cards[0].face_up for t in TABLEAU] == [False] * 18 + [True] * 10
    assert len(game.slot("waste").cards) == 1 and game.slot("waste").cards[0].face_up
    assert len(game.slot("stock").cards) == 23 and not game.slot("waste-played").cards
    assert (game.score, game.max_score) == (0, 466)
    assert game.status_text is not None and game.status_text.translate() == "Stock left: 23"


def test_the_entry_point_registers_the_game() -> None:
    info = available_variants()["tripeaks"]
    assert info.variant is TriPeaks and info.plugin == "tripeaks"
    assert not [error for plugin, error in plugin_errors() if plugin == "tripeaks"]


# -- playing cards ------------------------------------------------------------------------
def test_a_card_one_rank_up_or_down_goes_onto_the_waste_whatever_its_suit() -> None:
    game = arrange({19: "9S", 20: "JD", 21: "10H", 22: "QC"}, waste="10C", stock="2C")
    assert [reason(game, Move(t, 1, "waste")) for t in ("tableau-19", "tableau-20")] == [None, None]
    assert reason(game, Move("tableau-21", 1, "waste")) == "{card} is not one rank above or below {top}."
    game.play(Move("tableau-19", 1, "waste"))
    assert codes(game, "waste") == "10C 9S"


def test_ranks_go_round_the_corner_between_king_and_ace() -> None:
    game = arrange({19: "AS", 20: "QD", 21: "2H"}, waste="KC", stock="2C")
    assert reason(game, Move("tableau-19", 1, "waste")) is None
    game.play(Move("tableau-19", 1, "waste"))
    assert reason(game, Move("tableau-20", 1, "waste")) is not None
    game.play(Move("tableau-21", 1, "waste"))
    assert codes(game, "waste") == "KC AS 2H"


def test_covered_cards_are_out_of_play_and_turn_up_once_uncovered() -> None:
    game = arrange({10: "~9D", 19: "9S", 20: "8H"}, waste="10C", stock="2C")
    assert reason(game, Move("tableau-10", 1, "waste")) == (
        "This card is still covered: the cards lying on it must go first.")
    game.play(Move("tableau-19", 1, "waste"))
    assert not game.slot("tableau-10").cards[0].face_up  # the 8H still lies on it
    game.play(Move("tableau-20", 1, "waste"))
    assert game.slot("tableau-10").cards[0].face_up
    game.undo()
    assert not game.slot("tableau-10").cards[0].face_up


def test_cards_go_only_onto_the_waste_and_never_leave_it() -> None:
    game = arrange({19: "9S", 20: "8H"}, waste="10C", stock="2C")
    assert reason(game, Move("tableau-19", 1, "tableau-20")) == (
        "Cards from the peaks can only be played onto the waste.")
    assert reason(game, Move("tableau-19", 1, "waste-played")) is not None
    assert reason(game, Move("waste", 1, "tableau-20")) == (
        "Cards on the waste stay there; play cards from the peaks onto it.")
    assert reason(game, Move("stock", 1, "waste")) == (
        "Cards cannot be taken from the stock; click it to deal.")


def test_double_click_plays_a_card_that_fits() -> None:
    game = arrange({19: "9S", 20: "5H"}, waste="10C", stock="2C")
    game.double_click("tableau-19")
    assert codes(game, "waste") == "10C 9S"
    for slot_id in ("tableau-20", "waste", "stock"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)
    assert game.variant.safe_up_move(game.board) is None and not game.can_send_all_up


# -- the stock and the score --------------------------------------------------------------
def test_a_stock_click_turns_the_run_down_and_starts_a_new_one() -> None:
    game = arrange({19: "9S", 20: "8H"}, waste="10C", stock="4D 5D", score=12)
    game.play(Move("tableau-19", 1, "waste"))
    game.play(Deal())
    assert codes(game, "waste") == "4D" and codes(game, "waste-played") == "~9S ~10C"
    assert game.score == 13 + 0 - 5 + 0
    game.play(Deal())
    assert codes(game, "waste") == "5D" and codes(game, "waste-played") == "~9S ~10C ~4D"
    game = arrange({19: "9S"}, waste="10C")
    assert reason(game, Deal()) == "The stock is empty."  # and there is no redeal


def test_each_card_scores_the_length_of_its_run() -> None:
    game = arrange({19: "9S", 20: "8H", 21: "7C", 22: "KD"}, waste="10C", stock="4D")
    for slot_id, total in (("tableau-19", 1), ("tableau-20", 3), ("tableau-21", 6)):
        game.play(Move(slot_id, 1, "waste"))
        assert game.score == total
    game.undo()
    assert game.score == 3


def test_a_deal_costs_five_points_but_never_below_zero() -> None:
    game = arrange({19: "9S"}, waste="10C", stock="4D 5D 6D", score=7)
    game.play(Deal())
    assert game.score == 2
    game.play(Deal())
    assert game.score == 0
    game.undo()
    assert game.score == 2


def test_peak_cards_earn_15_and_the_last_peak_30() -> None:
    game = arrange({1: "9S", 2: "8H", 3: "7C"}, waste="10C", stock="4D")
    game.play(Move("tableau-1", 1, "waste"))
    assert game.score == 1 + 15
    game.play(Move("tableau-2", 1, "waste"))
    assert game.score == 16 + 2 + 15
    game.play(Move("tableau-3", 1, "waste"))
    assert (game.score, game.status) == (33 + 3 + 30, Status.WON)


def test_the_highest_score_is_466() -> None:
    assert TriPeaks().max_score() == 28 * 29 // 2 + 60 == 466


# -- winning and losing -------------------------------------------------------------------
def test_won_when_the_three_peaks_are_cleared() -> None:
    game = Game.new(TriPeaks, 16)
    while (hint := game.hint()) is not None and hint.action is not None:
        game.play(hint.action)
    assert status(game) is Status.WON
    assert not any(game.slot(t).cards for t in TABLEAU) and game.score == 78


def test_lost_when_the_stock_is_empty_and_nothing_fits() -> None:
    game = arrange({19: "5S", 20: "8H"}, waste="10C")
    assert status(game) is Status.LOST and game.legal_actions() == [] and game.hint() is None
    assert arrange({19: "5S"}, waste="10C", stock="2C").status is Status.PLAYING


# -- hints --------------------------------------------------------------------------------
def test_the_hint_names_the_last_card_that_fits_then_the_stock() -> None:
    game = arrange({19: "9S", 23: "JD", 28: "9H"}, waste="10C", stock="2C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-28", 1, "waste")
    assert hint.text.translate() == "Move 9\u2665 onto 10\u2663."
    game = arrange({19: "5S"}, waste="10C", stock="2C")
    hint = game.hint()
    assert hint is not None and hint.action == Deal() and hint.text.msgid == "Deal a new card from the stock."


def test_legal_actions_list_every_move_and_nothing_else() -> None:
    game = arrange({19: "9S", 20: "JD", 21: "4H", 10: "~9H"}, waste="10C", stock="2C")
    listed = game.legal_actions()
    assert set(listed) == set(Variant.legal_actions(game.variant, game.board))
    assert set(listed) == {Move("tableau-19", 1, "waste"), Move("tableau-20", 1, "waste"), Deal()}
