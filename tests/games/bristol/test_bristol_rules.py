"""Bristol: the rules of docs/rules/bristol.md one by one, registration, the conformance kit,
double-click, Send All Up, automatic moves, the loss and whole games played by the hints."""

from __future__ import annotations

import pytest
from aisle_bristol import Bristol
from aisle_bristol.game import kings_under
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, Move, SendAllUp, Status, new_deck
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 9)]
RESERVES = ["reserve-1", "reserve-2", "reserve-3"]

test_conformance = conformance(Bristol)


def test_the_entry_point_registers_bristol() -> None:
    info = available_variants()["bristol"]
    assert info.variant is Bristol and info.plugin == "bristol"
    assert (Bristol.game_family, Bristol.difficulty) == ("builders", 2)


def test_deal_and_layout() -> None:
    game = Game.new(Bristol, 1)
    assert [len(game.slot(pile).cards) for pile in PILES] == [3] * 8
    assert all(card.face_up for pile in PILES for card in game.slot(pile).cards)
    assert [codes(game, slot) for slot in RESERVES] == ["", "", ""]
    assert (len(game.slot("stock").cards), str(game.status_text)) == (28, "Stock left: 28")
    assert [(game.slot(p).x, game.slot(p).y) for p in ("tableau-2", "tableau-5", "reserve-1")] == [
        (2.75, 1), (0, 2), (1.75, 0)]
    assert (game.score, game.max_score) == (0, 52)


@pytest.mark.parametrize(("pile", "fixed"), [
    ("2C 3C 4C", "2C 3C 4C"),
    ("2C 3C KH", "KH 2C 3C"),  # a King on top goes under
    ("2C KH 3C", "KH 2C 3C"),
    ("2C KH KS", "KH KS 2C"),  # both Kings go under, in the reference's order
    ("KD 2C KH", "KH KD 2C"),
    ("KD KH KS", "KH KS KD"),
])
def test_kings_go_under_the_other_cards(pile: str, fixed: str) -> None:
    by_code = {card.code: card for card in new_deck()}
    assert " ".join(card.code for card in kings_under([by_code[c] for c in pile.split()])) == fixed


@pytest.mark.parametrize(("source", "target", "why"), [
    ("tableau-1", "tableau-2", None),  # 7♣ onto 8♥: down, any suit
    ("reserve-1", "tableau-3", None),  # a reserve card onto a pile
    ("tableau-1", "tableau-3", "{card} must be one rank lower than {target}."),
    ("tableau-2", "tableau-4", "Nothing can be put onto an empty pile."),
    ("tableau-1", "reserve-2", "The reserve piles are filled only from the stock."),
    ("reserve-2", "foundation-1", None),  # an Ace starts a foundation
    ("tableau-1", "foundation-1", "Only an Ace can start an empty foundation."),
    ("reserve-3", "foundation-2", None),  # 2♦ onto A♠: any suit
    ("tableau-2", "foundation-2", "This card must be one rank higher than the top card of the foundation."),
    ("foundation-2", "tableau-2", "Cards on a foundation stay there."),
])
def test_moves(source: str, target: str, why: str | None) -> None:
    game = laid(Bristol, {"tableau-1": "QS 7C", "tableau-2": "KD 8H", "tableau-3": "JD",
                          "tableau-4": "", "reserve-1": "10D", "reserve-2": "AH", "reserve-3": "2D",
                          "foundation-2": "AS", "stock": "9C"})
    assert reason(game, Move(source, 1, target)) == why


def test_one_card_at_a_time() -> None:
    game = laid(Bristol, {"tableau-1": "9S 8H", "tableau-2": "10D", "reserve-1": "4C 3C", "stock": "9C"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == "Only the top card of a pile can be moved."
    assert reason(game, Move("reserve-1", 2, "tableau-2")) == "Only the top card of a pile can be moved."


def test_the_stock_deals_three_then_the_last_card_alone() -> None:
    game = laid(Bristol, {"tableau-1": "9S", "reserve-2": "5D", "stock": "2C 3C 4C 5C"})
    game.play(Deal())
    assert [codes(game, slot) for slot in RESERVES] == ["5C", "5D 4C", "3C"]
    game.play(Deal())
    assert [codes(game, slot) for slot in RESERVES] == ["5C 2C", "5D 4C", "3C"]
    assert str(game.variant.stock_refusal(game.board)) == "The stock is empty."


def test_double_click_send_all_up_and_automatic_moves() -> None:
    game = laid(Bristol, {"tableau-1": "9S AH", "reserve-1": "2C", "tableau-2": "AD", "stock": "9C"})
    game.double_click("tableau-1")
    game.double_click("reserve-1")
    assert codes(game, "foundation-1") == "AH 2C"
    game.double_click("tableau-2")
    assert codes(game, "foundation-2") == "AD"
    game = laid(Bristol, {"tableau-1": "3S", "tableau-2": "2D", "foundation-1": "AH", "stock": "9C"})
    game.play(SendAllUp())
    assert codes(game, "foundation-1") == "AH 2D 3S"
    # Safe: a 2 once every Ace is up; not while an Ace is still in play.
    up = {"foundation-1": "AH", "foundation-2": "AD", "foundation-3": "AC", "foundation-4": "AS"}
    game = laid(Bristol, {**up, "reserve-3": "2D", "stock": "9C"})
    assert game.variant.safe_up_move(game.board) == Move("reserve-3", 1, "foundation-1")
    game = laid(Bristol, {"foundation-1": "AH", "tableau-1": "AD", "tableau-2": "2C", "stock": "9C"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-2")
    game.play(Move("tableau-1", 1, "foundation-2"))
    assert game.variant.safe_up_move(game.board) is None  # two Aces are still out


def test_won_when_every_card_is_up() -> None:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    up = {f"foundation-{n}": " ".join(r + s for r in ranks) for n, s in enumerate("CDH", 1)}
    up["foundation-4"] = " ".join(r + "S" for r in ranks[:-1])
    game = laid(Bristol, {**up, "tableau-3": "KS"})
    game.double_click("tableau-3")
    assert (game.status, game.score) == (Status.WON, 52)


def test_lost_when_the_reference_finds_nothing_to_do() -> None:
    # 4♣ could go back and forth between the 5s, but that uncovers nothing: the game is over.
    game = laid(Bristol, {"tableau-1": "KD 5H", "tableau-2": "QC 5S 4C", "reserve-1": "9D",
                          "foundation-1": "AH 2H"})
    assert Move("tableau-2", 1, "tableau-1") in game.variant.legal_actions(game.board)
    assert (game.status, game.hint()) == (Status.LOST, None)
    game = laid(Bristol, {"tableau-1": "KD 5H", "tableau-2": "QC 5S 4C", "reserve-1": "9D",
                          "foundation-1": "AH 2H", "stock": "3D"})
    assert game.status is Status.PLAYING


@pytest.mark.parametrize(("piles", "move"), [
    ({"reserve-1": "9D", "tableau-1": "5C 3H", "foundation-1": "AH 2H"},
     Move("tableau-1", 1, "foundation-1")),
    ({"reserve-1": "9D", "tableau-1": "5C 10H"}, Move("reserve-1", 1, "tableau-1")),
    # 7♦ 6♣ leave tableau pile 1 card by card: 6♣ onto 7♠, then 7♦ onto 8♥.
    ({"tableau-1": "2H 7D 6C", "tableau-2": "KD 7S", "tableau-3": "QS 8H"},
     Move("tableau-1", 1, "tableau-2")),
])
def test_the_hint_follows_the_reference(piles: dict[str, str], move: Move) -> None:
    game = laid(Bristol, {**piles, "stock": "9C"})
    hint = game.hint()
    assert hint is not None and hint.action == move


def test_the_hint_skips_a_run_that_cannot_leave_whole() -> None:
    game = laid(Bristol, {"tableau-1": "2H 7D 6C", "tableau-2": "KD 7S", "stock": "9C"})
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
