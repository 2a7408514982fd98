"""Labyrinth: the rules of docs/rules/labyrinth.md one by one, registration, the conformance kit,
double-click, Send All Up, automatic moves, the loss and whole games played by the hints."""

from __future__ import annotations

import pytest
from aisle_labyrinth import Labyrinth
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, Move, SendAllUp, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

ROW = [f"tableau-{n}" for n in range(1, 9)]
UNDER = [f"tableau-{n}" for n in range(9, 17)]
ACES = {"foundation-1": "AC", "foundation-2": "AD", "foundation-3": "AH", "foundation-4": "AS"}

test_conformance = conformance(Labyrinth)


def test_the_entry_point_registers_labyrinth() -> None:
    info = available_variants()["labyrinth"]
    assert info.variant is Labyrinth and info.plugin == "labyrinth"
    assert (Labyrinth.game_family, Labyrinth.difficulty) == ("other", 3)


def test_deal_and_layout() -> None:
    game = Game.new(Labyrinth, 1)
    assert [codes(game, slot) for slot in ACES] == list(ACES.values())
    assert [len(game.slot(slot).cards) for slot in ROW + UNDER] == [1] * 8 + [0] * 8
    assert (len(game.slot("stock").cards), str(game.status_text)) == (40, "Stock left: 40")
    assert [(game.slot(s).x, game.slot(s).y) for s in ("tableau-1", "tableau-8", "tableau-9")] == [
        (0, 1), (7, 1), (0, 2)]
    assert (game.score, game.max_score) == (0, 48)


@pytest.mark.parametrize(("source", "target", "why"), [
    ("tableau-1", "foundation-1", None),  # 2♣ onto A♣
    ("tableau-9", "foundation-2", None),  # the last card of a pile: 2♦
    ("tableau-2", "foundation-1", "A foundation takes only cards of its own suit."),
    ("tableau-3", "foundation-1", "This card must be one rank higher than the top card of the foundation."),
    ("tableau-1", "tableau-2", "Cards go only onto the foundations."),
    ("tableau-1", "tableau-10", "Cards go only onto the foundations."),
    ("foundation-1", "tableau-10", "Cards on a foundation stay there."),
])
def test_cards_go_only_onto_their_foundations(source: str, target: str, why: str | None) -> None:
    game = laid(Labyrinth, {**ACES, "tableau-1": "2C", "tableau-2": "3H", "tableau-3": "4C",
                            "tableau-9": "5S 2D", "stock": "KD"})
    assert reason(game, Move(source, 1, target)) == why


def test_only_the_last_card_of_a_pile_moves() -> None:
    game = laid(Labyrinth, {**ACES, "tableau-1": "3C", "tableau-9": "2D 5S", "stock": "KD"})
    assert reason(game, Move("tableau-9", 2, "foundation-2")) == "Only the top card of a pile can be moved."


def test_before_the_first_deal_the_stock_refills_the_first_row() -> None:
    game = laid(Labyrinth, {**ACES, "tableau-1": "2C", "stock": "KD 9H"}, state={"first_row": True})
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert (codes(game, "tableau-1"), codes(game, "stock")) == ("9H", "~KD")
    assert game.score == 1


def test_after_the_first_deal_the_pile_under_refills_the_first_row() -> None:
    game = laid(Labyrinth, {**ACES, "tableau-1": "2C", "tableau-9": "3C 7D 8D", "tableau-2": "9S",
                            "stock": "KD"}, state={"first_row": False})
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert (codes(game, "tableau-1"), codes(game, "tableau-9")) == ("3C", "7D 8D")
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert (codes(game, "tableau-1"), codes(game, "tableau-9")) == ("7D", "8D")
    # A first-row card with nothing under it leaves its place empty.
    game = laid(Labyrinth, {**ACES, "tableau-1": "2C", "stock": "KD"}, state={"first_row": False})
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert (codes(game, "tableau-1"), codes(game, "stock")) == ("", "~KD")


def test_a_deal_fills_empty_first_row_places_else_the_piles_under() -> None:
    row = dict(zip(ROW, ["3C", "", "4C", "5C", "6C", "7C", "8C", ""], strict=True))
    game = laid(Labyrinth, {**ACES, **row, "tableau-9": "9C", "stock": "2H 2S 3S 4S 5S 6S 7S 8S 9S"},
                state={"first_row": True})
    game.play(Deal())
    assert game.state["first_row"] is False
    assert [codes(game, slot) for slot in ROW] == ["3C", "8S", "4C", "5C", "6C", "7C", "8C", "2S"]
    assert [codes(game, slot) for slot in UNDER] == ["9C 9S", "", "7S", "6S", "5S", "4S", "3S", ""]
    game.play(Deal())
    assert (codes(game, "tableau-9"), codes(game, "stock"), reason(game, Deal())) == (
        "9C 9S 2H", "", "The stock is empty.")


def test_double_click_send_all_up_and_automatic_moves() -> None:
    game = laid(Labyrinth, {**ACES, "tableau-1": "3C", "tableau-9": "4C 2C", "tableau-2": "2D",
                            "stock": "KD"}, state={"first_row": False})
    game.double_click("tableau-9")
    assert codes(game, "foundation-1") == "AC 2C"
    game.play(SendAllUp())
    assert (codes(game, "foundation-1"), codes(game, "foundation-2")) == ("AC 2C 3C 4C", "AD 2D")
    game = laid(Labyrinth, {**ACES, "tableau-1": "2C", "stock": "KD"}, state={"first_row": False})
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")
    game = laid(Labyrinth, {**ACES, "tableau-1": "2C", "stock": "KD"}, state={"first_row": True})
    assert game.variant.safe_up_move(game.board) is None  # it would draw the stock's next card


def test_won_when_every_card_is_up() -> None:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    up = {f"foundation-{n}": " ".join(r + s for r in ranks) for n, s in enumerate("CDH", 1)}
    up["foundation-4"] = " ".join(r + "S" for r in ranks[:-1])
    game = laid(Labyrinth, {**up, "tableau-12": "KS"}, state={"first_row": False})
    game.double_click("tableau-12")
    assert (game.status, game.score) == (Status.WON, 48)


def test_lost_when_the_stock_is_out_and_nothing_fits() -> None:
    game = laid(Labyrinth, {**ACES, "tableau-1": "3C", "tableau-9": "5D 4H"}, state={"first_row": False})
    assert (game.status, game.legal_actions(), game.hint()) == (Status.LOST, [], None)
    game = laid(Labyrinth, {**ACES, "tableau-1": "3C", "tableau-9": "5D 4H", "stock": "2C"},
                state={"first_row": False})
    assert game.status is Status.PLAYING


def test_the_hint_sends_up_first_then_deals() -> None:
    game = laid(Labyrinth, {**ACES, "tableau-1": "3C", "tableau-9": "5D 2H", "stock": "2C"},
                state={"first_row": False})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-9", 1, "foundation-3")
    game.play(hint.action)
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
