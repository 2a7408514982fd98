"""Pyramid: every rule of docs/rules/pyramid.md, each in its own small test, plus golden deals,
registration, the conformance kit and hints followed to the end.

Positions are real deals or tables laid out by hand with `arrange` (test setup only).
"""

from __future__ import annotations

import pytest
from aisle_pyramid import Pyramid, shape

from aisle.engine import Card, Deal, Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.hooks import available_variants, plugin_errors
from aisle.testing import conformance
from aisle.variant import Variant

PYRAMID = [f"tableau-{n}" for n in range(1, 29)]
FOUNDATION = "foundation-1"

test_conformance = conformance(Pyramid)


# -- test setup ---------------------------------------------------------------------------
def arrange(pyramid: dict[int, str], waste: str = "", stock: str = "", removed: str = "") -> Game:
    """TEST SETUP ONLY: a fresh game laid out by hand. `pyramid` maps card numbers (1-28, row by
    row) to codes ("~7H" face down); `waste` and `removed` list codes bottom first, `stock` top
    first. Cards not named are left off the table: these positions test rules."""
    game = Game.new(Pyramid, 1)
    unused: dict[str, Card] = {card.code: card for card in game.cards}
    for slot in game.slots:
        slot.cards.clear()

    def put(slot_id: str, code: str, face_up: bool) -> None:
        card = unused.pop(code.lstrip("~"))
        card.face_up = face_up and not code.startswith("~")
        game.slot(slot_id).cards.append(card)

    for n, code in pyramid.items():
        put(f"tableau-{n}", code, True)
    for code in waste.split():
        put("waste", code, True)
    for code in removed.split():
        put(FOUNDATION, code, True)
    for code in reversed(stock.split()):
        put("stock", code, False)
    game._changed()  # the table was changed behind the game's back: forget cached answers
    return game


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def reason(game: Game, action: Move | Deal) -> str | None:
    refusal = game.why_not(action)
    return None if refusal is None else refusal.msgid


# -- the table and the deal ---------------------------------------------------------------
def test_layout_follows_the_reference_with_a_foundation_for_removed_cards() -> None:
    game = Game.new(Pyramid, 1)
    assert [s.id for s in game.slots] == ["stock", "waste", FOUNDATION, *PYRAMID]
    assert (game.slot("waste").fan, game.slot("waste").kind) == (Fan.RIGHT, SlotKind.WASTE)
    assert (game.slot(FOUNDATION).x, game.slot(FOUNDATION).y) == (6, 0)
    assert (game.slot("tableau-1").x, game.slot("tableau-1").y) == (3, 1)
    assert [game.slot(f"tableau-{n}").x for n in range(22, 29)] == [0, 1, 2, 3, 4, 5, 6]
    assert game.slot("tableau-22").y == 3
    rows = [round(game.slot(f"tableau-{n}").y, 2) for n in (2, 4, 7, 11, 16)]
    assert rows == [1.33, 1.67, 2.0, 2.33, 2.67]
    assert shape.COVERED_BY[0] == (1, 2) and shape.COVERED_BY[4] == (7, 8) and shape.COVERED_BY[27] == ()
    assert (Pyramid.id, Pyramid.options, Pyramid.help_page, Pyramid.has_deal_action) == (
        "pyramid", (), "pyramid", True)


@pytest.mark.parametrize("seed", [1, 7, 123456])
def test_the_deal_only_the_bottom_row_face_up_and_24_cards_in_the_stock(seed: int) -> None:
    game = Game.new(Pyramid, seed)
    faces = [game.slot(t).cards[0].face_up for t in PYRAMID]
    assert all(len(game.slot(t).cards) == 1 for t in PYRAMID)
    assert faces == [False] * 21 + [True] * 7
    assert len(game.slot("stock").cards) == 24 and not game.slot("waste").cards
    assert (game.score, game.max_score) == (0, 52)
    assert game.status_text is not None and game.status_text.translate() == "Stock left: 24"


def test_the_entry_point_registers_the_game() -> None:
    info = available_variants()["pyramid"]
    assert info.variant is Pyramid and info.plugin == "pyramid"
    assert not [error for plugin, error in plugin_errors() if plugin == "pyramid"]


# -- pairs and Kings ----------------------------------------------------------------------
def test_two_cards_in_play_making_13_go_together() -> None:
    game = arrange({22: "6H", 23: "7S", 24: "8D", 16: "~2C"}, stock="3C")
    assert reason(game, Move("tableau-22", 1, "tableau-23")) is None
    assert reason(game, Move("tableau-22", 1, "tableau-24")) == (
        "{card} and {target} do not make 13 together.")
    game.play(Move("tableau-22", 1, "tableau-23"))
    assert [c.code for c in game.slot(FOUNDATION).cards] == ["7S", "6H"]
    assert not game.slot("tableau-22").cards and not game.slot("tableau-23").cards
    assert game.slot("tableau-16").cards[0].face_up  # both cards covering it are gone
    assert game.score == 2
    game.undo()
    assert not game.slot("tableau-16").cards[0].face_up and game.score == 0


def test_a_card_turns_up_only_when_both_covering_cards_are_gone() -> None:
    game = arrange({22: "KH", 23: "KS", 24: "KD", 16: "~2C", 17: "~3C"}, stock="3D")
    game.double_click("tableau-23")
    assert not game.slot("tableau-16").cards[0].face_up and not game.slot("tableau-17").cards[0].face_up
    game.double_click("tableau-22")
    assert game.slot("tableau-16").cards[0].face_up and not game.slot("tableau-17").cards[0].face_up


def test_covered_cards_are_out_of_play() -> None:
    game = arrange({22: "6H", 16: "~7S", 23: "2D"}, stock="3C")
    assert reason(game, Move("tableau-16", 1, "tableau-22")) == (
        "This card is still covered: both cards lying on it must go first.")
    assert reason(game, Move("tableau-22", 1, "tableau-16")) == "That card is still covered."
    assert reason(game, Move("tableau-22", 1, "tableau-5")) == "There is no card there to pair it with."


def test_the_waste_top_pairs_with_the_pyramid_both_ways() -> None:
    game = arrange({22: "6H", 23: "JD"}, waste="9C 7S", stock="3C")
    assert reason(game, Move("waste", 1, "tableau-22")) is None
    assert reason(game, Move("tableau-22", 1, "waste")) is None
    game.play(Move("tableau-22", 1, "waste"))
    assert [c.code for c in game.slot("waste").cards] == ["9C"]
    assert [c.code for c in game.slot(FOUNDATION).cards] == ["7S", "6H"]


def test_the_top_two_cards_of_the_waste_pair_up_onto_the_foundation() -> None:
    game = arrange({22: "JD"}, waste="9C 5S 8H", stock="3C")
    assert reason(game, Move("waste", 2, FOUNDATION)) is None
    assert reason(game, Move("waste", 2, "tableau-22")) == (
        "These two cards make 13: put them onto the foundation.")
    assert reason(game, Move("waste", 3, FOUNDATION)) is not None
    game.double_click("waste")
    assert [c.code for c in game.slot("waste").cards] == ["9C"] and game.score == 2
    game = arrange({22: "JD"}, waste="9C 5S 7H", stock="3C")
    assert reason(game, Move("waste", 2, FOUNDATION)) == (
        "Only the top card of the waste can be played, or its top two cards together when they make 13.")


def test_kings_go_alone_and_other_cards_never_do() -> None:
    game = arrange({22: "KH", 23: "QS", 24: "AD"}, waste="KC", stock="3C")
    assert reason(game, Move("tableau-22", 1, FOUNDATION)) is None
    assert reason(game, Move("tableau-23", 1, FOUNDATION)) == (
        "Only a King goes onto the foundation alone; put {card} onto a card that makes 13 with it.")
    assert reason(game, Move("tableau-22", 1, "tableau-24")) == (
        "A King needs no partner: put it onto the foundation.")
    game.double_click("tableau-22")
    game.double_click("waste")
    assert game.score == 2 and not game.slot("waste").cards
    with pytest.raises(IllegalAction):
        game.double_click("tableau-23")  # a Queen has a partner to find


def test_removed_cards_stay_on_the_foundation() -> None:
    game = arrange({22: "QS"}, removed="KH", stock="3C")
    assert reason(game, Move(FOUNDATION, 1, "tableau-22")) == "Cards on the foundation stay there."
    assert reason(game, Move("tableau-22", 1, "stock")) == "Nothing can be put onto the stock."


def test_send_all_up_removes_every_king_in_play_also_those_it_uncovers() -> None:
    game = arrange({22: "KH", 23: "KS", 16: "~KD", 24: "6C"}, waste="KC", stock="3C")
    assert game.variant.safe_up_move(game.board) == Move("tableau-22", 1, FOUNDATION)
    game.send_all_up()
    assert sorted(c.code for c in game.slot(FOUNDATION).cards) == ["KC", "KD", "KH", "KS"]
    game.undo()
    assert game.score == 0
    game.double_click(FOUNDATION)
    assert game.score == 4


# -- the stock ----------------------------------------------------------------------------
def test_the_stock_turns_one_card_and_never_comes_back() -> None:
    game = arrange({22: "2C"}, stock="9D 4S")
    game.play(Deal())
    game.play(Deal())
    assert [c.code for c in game.slot("waste").cards] == ["9D", "4S"]
    assert all(c.face_up for c in game.slot("waste").cards)
    assert reason(game, Deal()) == "The stock is empty."


# -- winning and losing -------------------------------------------------------------------
def test_won_when_every_card_is_removed() -> None:
    game = Game.new(Pyramid, 285)
    while (hint := game.hint()) is not None and hint.action is not None:
        game.play(hint.action)
    assert status(game) is Status.WON and game.score == 52 and len(game.slot(FOUNDATION).cards) == 52


def test_lost_when_the_stock_is_empty_and_nothing_pairs() -> None:
    game = arrange({22: "6H", 23: "5S"}, waste="9C")
    assert status(game) is Status.LOST and game.legal_actions() == [] and game.hint() is None


def test_a_king_alone_in_the_last_slot_keeps_the_game_on() -> None:
    # The reference never looks at its last slot as a King of its own; Aisle does.
    game = arrange({22: "6H", 28: "KS"})
    assert status(game) is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-28", 1, FOUNDATION)
    game.play(hint.action)
    assert status(game) is Status.LOST


def test_cards_in_the_stock_keep_the_game_on() -> None:
    assert arrange({22: "6H"}, stock="2C").status is Status.PLAYING


# -- hints --------------------------------------------------------------------------------
def test_hints_follow_the_reference_order() -> None:
    game = arrange({22: "6H", 23: "7S", 24: "KD"}, waste="4C 9D", stock="3C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 2, FOUNDATION)
    assert hint.text.msgid == "Match the top two cards of the waste."
    game = arrange({22: "6H", 23: "7S", 24: "KD"}, waste="4C", stock="3C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-22", 1, "tableau-23")
    game = arrange({22: "6H", 23: "KS", 24: "7D"}, waste="4C", stock="3C")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-22", 1, "tableau-24")  # before the King
    game = arrange({22: "5H", 23: "KS"}, waste="4C", stock="3C")
    hint = game.hint()
    assert hint is not None and hint.text.translate() == "Remove K\u2660."
    game = arrange({22: "5H"}, waste="4C", stock="3C")
    hint = game.hint()
    assert hint is not None and hint.action == Deal()


def test_legal_actions_list_every_move_and_nothing_else() -> None:
    game = arrange({22: "6H", 23: "7S", 24: "KD", 25: "7C", 17: "~9S"}, waste="8H 5C", stock="3C")
    listed = game.legal_actions()
    assert set(listed) == set(Variant.legal_actions(game.variant, game.board))
    assert len(listed) == len(set(listed))
    assert {Move("tableau-22", 1, "tableau-23"), Move("tableau-25", 1, "tableau-22"),
            Move("tableau-24", 1, FOUNDATION), Move("waste", 2, FOUNDATION), Deal()} <= set(listed)
