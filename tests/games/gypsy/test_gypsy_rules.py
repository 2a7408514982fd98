"""Gypsy: the rules of docs/rules/gypsy.md one by one, golden deals, registration, the
conformance kit, the score, the loss and whole games played by the hints."""

from __future__ import annotations

from aisle_gypsy import Gypsy
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, Move, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 9)]
UP = [f"foundation-{n}" for n in range(1, 9)]

test_conformance = conformance(Gypsy)


def test_the_entry_point_registers_gypsy() -> None:
    info = available_variants()["gypsy"]
    assert info.variant is Gypsy and info.plugin == "gypsy"
    assert (Gypsy.game_family, Gypsy.difficulty, Gypsy.decks) == ("klondike", 2, 2)


def test_layout_follows_the_reference() -> None:
    game = Game.new(Gypsy, 1)
    assert [(s.id, s.x, s.y) for s in game.slots][:2] == [("stock", 0, 0), ("foundation-1", 2, 0)]
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES] == [(n, 1) for n in range(1, 9)]
    assert game.slot("foundation-8").x == 9 and (game.score, game.max_score) == (0, 1000)


# -- moves ------------------------------------------------------------------------------------
def test_runs_build_down_in_alternating_colours() -> None:
    game = laid(Gypsy, {"tableau-1": "~3C 9S 8H 7C", "tableau-2": "8D", "tableau-3": "10D",
                        "tableau-4": "9C 8S", "stock": "2C"})
    assert reason(game, Move("tableau-1", 3, "tableau-3")) is None
    assert reason(game, Move("tableau-1", 2, "tableau-4")) == (
        "{card} must be one rank lower than {target}.")  # a red 8 on a black 8
    assert reason(game, Move("tableau-1", 1, "tableau-2")) is None  # a black 7 on a red 8
    assert reason(game, Move("tableau-4", 2, "tableau-1")) is not None  # 9C 8S is not a run
    game.play(Move("tableau-1", 3, "tableau-3"))
    assert codes(game, "tableau-1") == "3C"  # the card under it turned up


def test_an_empty_pile_takes_any_card_or_run() -> None:
    game = laid(Gypsy, {"tableau-1": "~3C 9S 8H", "tableau-2": "", "stock": "2C"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) is None
    assert reason(game, Move("tableau-1", 1, "tableau-2")) is None


def test_foundations_build_up_by_suit_one_card_at_a_time_and_give_cards_back() -> None:
    game = laid(Gypsy, {"foundation-1": "AH 2H", "tableau-1": "3H", "tableau-2": "4S 3D",
                        "tableau-3": "AS", "tableau-4": "3C", "stock": "2C"})
    assert reason(game, Move("tableau-1", 1, "foundation-1")) is None
    assert reason(game, Move("tableau-2", 1, "foundation-1")) == (
        "A foundation takes only cards of its own suit.")
    assert reason(game, Move("tableau-3", 1, "foundation-2")) is None
    assert reason(game, Move("tableau-4", 1, "foundation-2")) is not None
    # A foundation's top card comes back onto a pile it fits.
    assert reason(game, Move("foundation-1", 1, "tableau-4")) is None
    assert reason(game, Move("foundation-1", 2, "tableau-4")) is not None
    game.play(Move("foundation-1", 1, "tableau-4"))
    assert codes(game, "tableau-4") == "3C 2H"


def test_the_stock_deals_one_card_onto_every_pile_empty_ones_too() -> None:
    game = laid(Gypsy, {"tableau-1": "5C", "stock": "2C 3C 4C 5D 6D 7D 8D 9D"})
    game.play(Deal())
    assert [len(game.slot(pile).cards) for pile in PILES] == [2, 1, 1, 1, 1, 1, 1, 1]
    assert all(game.slot(pile).cards[-1].face_up for pile in PILES)
    assert reason(game, Deal()) == "The stock is empty."


def test_double_click_sends_a_top_card_up_and_a_foundation_sends_all_up() -> None:
    game = laid(Gypsy, {"tableau-1": "AD", "tableau-2": "2D", "tableau-3": "AD 3D", "stock": "2C"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "AD"
    game.double_click("foundation-1")
    assert (codes(game, "foundation-1"), codes(game, "foundation-2")) == ("AD 2D 3D", "AD")
    game.undo()
    assert codes(game, "foundation-1") == "AD"


def test_automatic_moves_send_only_safe_cards_up() -> None:
    game = laid(Gypsy, {"foundation-1": "AH", "foundation-2": "AC", "foundation-3": "AS",
                        "tableau-1": "2H", "tableau-2": "2C", "stock": "2C"})
    safe = game.variant.safe_up_move(game.board)
    assert safe is None  # the other Ace of clubs and both black Aces of deck two are not up
    game = laid(Gypsy, {"foundation-1": "AH", "tableau-1": "AH", "stock": "2C"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-2")


# -- score and end ----------------------------------------------------------------------------
def test_score_counts_cards_up_complete_foundations_and_cards_in_sequence() -> None:
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    game = laid(Gypsy, {"foundation-1": hearts, "foundation-2": "AS 2S",
                        "tableau-1": "~9C 8D 7C 6H", "tableau-2": "5C 5D", "stock": "2C"})
    assert game.score == 5 * 15 + 60 + 2 * 2


def test_won_when_every_card_is_up() -> None:
    suits = ("C", "D", "H", "S")
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    piles = {f"foundation-{n}": " ".join(r + suits[n % 4] for r in ranks) for n in range(1, 9)}
    piles["foundation-8"] = " ".join(r + "C" for r in ranks[:-1])
    piles["tableau-1"] = "KC"
    game = laid(Gypsy, piles)
    game.play(Move("tableau-1", 1, "foundation-8"))
    assert (game.status, game.score) == (Status.WON, 1000)


def test_lost_only_when_nothing_moves_any_more() -> None:
    kings = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]
    piles = dict(zip(PILES, kings, strict=True))
    game = laid(Gypsy, piles)
    assert (game.status, game.legal_actions(), game.hint()) == (Status.LOST, [], None)
    piles["tableau-8"] = "QD"  # a red Queen goes on a black King: the game is on
    assert laid(Gypsy, piles).status is Status.PLAYING


# -- hints ------------------------------------------------------------------------------------
def test_the_hint_prefers_a_card_up_then_a_move_that_uncovers_then_a_deal() -> None:
    game = laid(Gypsy, {"tableau-1": "~5C 9S 8H", "tableau-2": "10H", "tableau-3": "AC", "stock": "2C"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "foundation-1")
    game.play(Move("tableau-3", 1, "foundation-1"))
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 2, "tableau-2")
    game = laid(Gypsy, {"tableau-1": "5C", "tableau-2": "9S 8H", "stock": "2C"})
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
