"""Union Square: the rules of docs/rules/union-square.md one by one, registration, the conformance
kit, double-click, Send All Up, automatic moves, the loss and whole games played by the hints."""

from __future__ import annotations

import pytest
from aisle_union_square import UnionSquare
from hand_laid import codes, laid, reason

from aisle.engine import Deal, Game, IllegalAction, Move, SendAllUp, Status
from aisle.hooks import available_variants
from aisle.testing import conformance

PILES = [f"tableau-{n}" for n in range(1, 17)]
UP = " ".join(f"{rank}S" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))

test_conformance = conformance(UnionSquare)


def test_the_entry_point_registers_union_square() -> None:
    info = available_variants()["union-square"]
    assert info.variant is UnionSquare and info.plugin == "union-square"
    assert (UnionSquare.game_family, UnionSquare.difficulty, UnionSquare.decks) == ("builders", 2, 2)


def test_deal_and_layout() -> None:
    game = Game.new(UnionSquare, 1)
    assert [len(game.slot(pile).cards) for pile in PILES] == [1] * 16
    assert all(game.slot(pile).cards[0].face_up for pile in PILES)
    assert (len(game.slot("stock").cards), str(game.status_text)) == (88, "Stock left: 88")
    assert [(game.slot(p).x, game.slot(p).y) for p in PILES[:5]] == [
        (2.5, 0), (3.8, 0), (5.1, 0), (6.4, 0), (2.5, 1)]
    assert [(game.slot(f"foundation-{n}").x, game.slot(f"foundation-{n}").y) for n in range(1, 5)] == [
        (8, 0), (8, 1), (8, 2), (8, 3)]
    assert (game.score, game.max_score) == (0, 104)


# -- piles ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("source", "target", "why"), [
    ("tableau-1", "tableau-2", None),  # 5♥ on a lone 6♥: down
    ("tableau-3", "tableau-2", None),  # 7♥ on a lone 6♥: up
    ("tableau-1", "tableau-4", "Piles are built in suit: {card} cannot go onto {target}."),
    ("tableau-5", "tableau-2", "{card} must be one rank above or below {target}."),
    ("tableau-1", "tableau-6", None),  # 5♥ onto 3♥ 4♥, going up
    ("tableau-3", "tableau-6", "This pile goes up: only the card one rank above {target} fits."),
    ("tableau-1", "tableau-7", "This pile goes down: only the card one rank below {target} fits."),
    ("tableau-3", "tableau-8", None),  # any card into an empty pile
    ("waste", "tableau-7", None),  # 4♥ onto 6♥ 5♥, going down
])
def test_piles_build_in_suit_one_way(source: str, target: str, why: str | None) -> None:
    game = laid(UnionSquare, {"tableau-1": "5H", "tableau-2": "6H", "tableau-3": "7H", "tableau-4": "6S",
                              "tableau-5": "8H", "tableau-6": "3H 4H", "tableau-7": "6H 5H",
                              "tableau-8": "", "waste": "4H", "stock": "2C"})
    assert reason(game, Move(source, 1, target)) == why


def test_only_the_top_card_moves_and_nothing_goes_onto_the_stock_or_waste() -> None:
    game = laid(UnionSquare, {"tableau-1": "3H 4H", "tableau-2": "5H", "waste": "2C", "stock": "2D"})
    assert reason(game, Move("tableau-1", 2, "tableau-2")) == "Only the top card of a pile can be moved."
    assert reason(game, Move("tableau-2", 1, "waste")) is not None
    assert reason(game, Move("tableau-2", 1, "stock")) is not None


def test_no_wrapping_round_the_king() -> None:
    game = laid(UnionSquare, {"tableau-1": "QC KC", "tableau-2": "AC", "stock": "2D"})
    assert reason(game, Move("tableau-2", 1, "tableau-1")) is not None


# -- foundations ------------------------------------------------------------------------------
def test_foundations_go_up_to_the_king_then_down_from_the_second_king() -> None:
    game = laid(UnionSquare, {"foundation-1": UP, "tableau-1": "KS", "tableau-2": "QS",
                              "tableau-3": "AS", "stock": "2D"})
    assert reason(game, Move("tableau-2", 1, "foundation-1")) == (
        "{card} does not come next: a foundation goes up from Ace to King, then down again from the "
        "second King to Ace.")
    game.play(Move("tableau-1", 1, "foundation-1"))
    game.play(Move("tableau-2", 1, "foundation-1"))
    assert game.score == 15 and codes(game, "foundation-1").endswith("KS KS QS")
    assert reason(game, Move("tableau-3", 1, "foundation-1")) is not None


@pytest.mark.parametrize(("source", "target", "why"), [
    ("tableau-1", "foundation-2", None),  # an Ace of a suit not yet started
    ("tableau-2", "foundation-2", "A foundation of this suit is already started: {card} goes there."),
    ("tableau-3", "foundation-2", "Only an Ace can start an empty foundation."),
    ("tableau-3", "foundation-1", None),
    ("tableau-4", "foundation-1", "A foundation takes only cards of its own suit."),
    ("foundation-1", "tableau-5", "Cards on a foundation stay there."),
])
def test_one_foundation_per_suit(source: str, target: str, why: str | None) -> None:
    game = laid(UnionSquare, {"foundation-1": "AC", "tableau-1": "AH", "tableau-2": "AC",
                              "tableau-3": "2C", "tableau-4": "2H", "tableau-5": "", "stock": "2D"})
    assert reason(game, Move(source, 1, target)) == why


def test_the_stock_turns_one_card_and_never_comes_back() -> None:
    game = laid(UnionSquare, {"tableau-1": "5H", "stock": "2D 3D"})
    game.play(Deal())
    assert (codes(game, "waste"), str(game.status_text)) == ("3D", "Stock left: 1")
    game.play(Deal())
    assert reason(game, Deal()) == "The stock is empty."
    assert Deal() not in game.legal_actions()


# -- double-click, Send All Up, automatic moves -----------------------------------------------
def test_double_click_sends_a_card_to_its_foundation() -> None:
    game = laid(UnionSquare, {"foundation-1": "AC", "tableau-1": "2C", "tableau-2": "AD", "stock": "2D"})
    game.double_click("tableau-1")
    game.double_click("tableau-2")
    assert (codes(game, "foundation-1"), codes(game, "foundation-2")) == ("AC 2C", "AD")
    with pytest.raises(IllegalAction):
        game.double_click("tableau-3")


def test_send_all_up_and_a_double_click_on_a_foundation() -> None:
    game = laid(UnionSquare, {"foundation-1": "AC", "tableau-1": "3C", "tableau-2": "2C",
                              "waste": "4C", "stock": "2D"})
    game.play(SendAllUp())
    assert codes(game, "foundation-1") == "AC 2C 3C 4C"
    game = laid(UnionSquare, {"foundation-1": "AC", "tableau-1": "2C", "stock": "2D"})
    game.double_click("foundation-1")
    assert codes(game, "foundation-1") == "AC 2C"


def test_only_cards_going_down_their_foundation_go_up_by_themselves() -> None:
    game = laid(UnionSquare, {"foundation-1": "AC", "tableau-1": "2C", "stock": "2D"})
    assert game.variant.safe_up_move(game.board) is None
    game = laid(UnionSquare, {"foundation-1": UP, "waste": "KS", "tableau-1": "QS", "stock": "2D"})
    assert game.variant.safe_up_move(game.board) == Move("waste", 1, "foundation-1")
    game.play(Move("waste", 1, "foundation-1"))
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")


# -- the end ----------------------------------------------------------------------------------
def test_won_with_26_cards_on_each_foundation() -> None:
    down = " ".join(reversed(UP.split()))
    full = {f"foundation-{n}": f"{UP} {down}".replace("S", suit) for n, suit in enumerate("SHDC", 1)}
    full["foundation-4"] = full["foundation-4"].rsplit(" ", 1)[0]
    game = laid(UnionSquare, {**full, "tableau-1": "AC"})
    game.double_click("tableau-1")
    assert (game.status, game.score) == (Status.WON, 104)


def test_lost_when_no_action_is_left() -> None:
    tops = ["2C", "4C", "6C", "8C", "10C", "QC", "2H", "4H", "6H", "8H", "10H", "QH", "2S", "4S", "6S", "8S"]
    game = laid(UnionSquare, {**dict(zip(PILES, tops, strict=True)), "waste": "5D"})
    assert (game.status, game.legal_actions(), game.hint()) == (Status.LOST, [], None)
    game = laid(UnionSquare, {**dict(zip(PILES, tops, strict=True)), "waste": "5D", "stock": "KD"})
    assert game.status is Status.PLAYING


# -- hints ------------------------------------------------------------------------------------
def test_the_hint_sends_up_first_then_digs_out_a_wanted_card() -> None:
    game = laid(UnionSquare, {"foundation-1": "AC", "tableau-1": "2C 9H", "tableau-2": "10H",
                              "tableau-3": "5S", "stock": "2D"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-2")
    game.play(hint.action)
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "foundation-1")
