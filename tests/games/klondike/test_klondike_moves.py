"""Klondike moves: what can be picked up, where it may go, what follows, double-clicks,
score and win (RULES.md §2.4-2.5, §9 points 2-3)."""

from __future__ import annotations

import pytest
from test_klondike_setup import arranged, codes

from aisle.engine import Deal, Game, IllegalAction, Move, Status
from aisle.i18n import Text
from aisle.registry.games import new_game

ALL_UP = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


def refusal(game: Game, source: str, count: int, target: str) -> str | None:
    why = game.why_not(Move(source, count, target))
    return None if why is None else why.msgid


def assert_legal(game: Game, move: Move) -> None:
    assert game.why_not(move) is None
    assert move in game.legal_actions()


# -- picking up -------------------------------------------------------------------------------
def test_the_stock_can_never_be_picked_up() -> None:
    game = new_game("klondike", 1)
    assert game.pick_up_refusal("stock", 1) == Text(
        "Cards cannot be taken from the stock; click it to deal.")
    assert not [a for a in game.legal_actions() if isinstance(a, Move) and a.source == "stock"]


def test_only_the_top_card_of_the_waste_can_be_played() -> None:
    game = arranged({"waste": "4H 5D 6H", "tableau-1": "7S"})
    assert game.pick_up_refusal("waste", 1) is None
    assert game.pick_up_refusal("waste", 2) == Text("Only the top card of the waste can be played.")


def test_three_card_deals_refuse_the_fanned_under_cards() -> None:
    game = new_game("klondike", 1, {"deal": "three"})
    game.play(Deal())
    assert len(game.slot("waste").cards) == 3
    assert game.pick_up_refusal("waste", 2) is not None
    assert game.pick_up_refusal("waste", 3) is not None
    assert game.pick_up_refusal("waste", 1) is None


def test_only_the_top_card_of_a_foundation_can_be_taken() -> None:
    game = arranged({"foundation-1": "AH 2H 3H"})
    assert game.pick_up_refusal("foundation-1", 1) is None
    assert game.pick_up_refusal("foundation-1", 2) == Text(
        "Only the top card of a foundation can be taken.")


def test_any_face_up_alternating_descending_run_can_be_picked_up() -> None:
    game = arranged({"tableau-1": "~9D 8S 7H 6C 5D"})
    for count in range(1, 5):
        assert game.pick_up_refusal("tableau-1", count) is None
    assert game.pick_up_refusal("tableau-1", 5) == Text("Face-down cards cannot be picked up.")


@pytest.mark.parametrize("pile", ["8S 7S 6D", "8S 6H 5C", "8S 9H 8C"])
def test_a_broken_run_cannot_be_picked_up(pile: str) -> None:
    game = arranged({"tableau-1": pile})
    assert game.pick_up_refusal("tableau-1", 2) is None
    assert game.pick_up_refusal("tableau-1", 3) == Text(
        "Only a run going down by one rank in alternating colours can be moved together.")


# -- dropping on the tableau ------------------------------------------------------------------
def test_only_a_king_goes_onto_an_empty_pile() -> None:
    game = arranged({"tableau-1": "~2C QD", "tableau-2": "~3C KS", "tableau-3": ""})
    assert refusal(game, "tableau-1", 1, "tableau-3") == "Only a King can go onto an empty pile."
    assert_legal(game, Move("tableau-2", 1, "tableau-3"))


def test_a_run_from_a_king_goes_onto_an_empty_pile() -> None:
    game = arranged({"tableau-1": "~2C KS QH JC", "tableau-3": "", "waste": "QC"})
    assert_legal(game, Move("tableau-1", 3, "tableau-3"))
    assert refusal(game, "tableau-1", 2, "tableau-3") == "Only a King can go onto an empty pile."
    game.play(Move("tableau-1", 3, "tableau-3"))
    assert codes(game, "tableau-3") == "KS QH JC" and codes(game, "tableau-1") == "2C"


def test_tableau_builds_go_down_one_rank_in_the_other_colour() -> None:
    game = arranged({"tableau-1": "9H", "tableau-2": "8S", "tableau-3": "8D", "tableau-4": "7C",
                     "waste": "8C"})
    assert_legal(game, Move("tableau-2", 1, "tableau-1"))
    assert_legal(game, Move("waste", 1, "tableau-1"))
    both_red = "{card} and {target} are both red; the colours must alternate."
    assert refusal(game, "tableau-3", 1, "tableau-1") == both_red
    assert str(game.why_not(Move("tableau-3", 1, "tableau-1"))) == (
        "8♦ and 9♥ are both red; the colours must alternate.")
    rank = "{card} must be one rank lower than {target}."
    assert refusal(game, "tableau-4", 1, "tableau-1") == rank  # two ranks lower
    assert refusal(game, "tableau-1", 1, "tableau-2") == rank  # one rank higher
    assert str(game.why_not(Move("tableau-2", 1, "tableau-4"))) == (
        "8♠ and 7♣ are both black; the colours must alternate.")


def test_nothing_goes_onto_a_face_down_card() -> None:
    game = arranged({"tableau-1": "~9H", "tableau-2": "8S"})
    assert refusal(game, "tableau-2", 1, "tableau-1") == "Nothing can be put onto a face-down card."


# -- dropping on the foundations --------------------------------------------------------------
@pytest.mark.parametrize("foundation", ["foundation-1", "foundation-2", "foundation-3", "foundation-4"])
def test_any_empty_foundation_takes_any_ace(foundation: str) -> None:
    game = arranged({"waste": "AD", "tableau-1": "AS", "tableau-2": "2D"})
    assert_legal(game, Move("waste", 1, foundation))
    assert_legal(game, Move("tableau-1", 1, foundation))
    assert refusal(game, "tableau-2", 1, foundation) == "Only an Ace can start an empty foundation."


def test_foundations_go_up_in_suit_one_card_at_a_time() -> None:
    game = arranged({"foundation-2": "AH 2H", "tableau-1": "3H", "tableau-2": "3D",
                     "tableau-3": "4H", "tableau-4": "6C 5D"})
    assert_legal(game, Move("tableau-1", 1, "foundation-2"))
    assert refusal(game, "tableau-2", 1, "foundation-2") == (
        "A foundation takes only cards of its own suit.")
    assert refusal(game, "tableau-3", 1, "foundation-2") == (
        "This card must be one rank higher than the top card of the foundation.")
    assert refusal(game, "tableau-4", 2, "foundation-2") == "Cards go onto a foundation one at a time."


def test_nothing_goes_onto_the_stock_or_the_waste() -> None:
    game = arranged({"tableau-1": "5H", "waste": "6C"})
    assert refusal(game, "tableau-1", 1, "stock") == "Nothing can be put onto the stock."
    assert refusal(game, "tableau-1", 1, "waste") == (
        "Nothing can be put onto the waste; it is filled from the stock.")


# -- what follows a move ----------------------------------------------------------------------
def test_the_new_top_of_a_tableau_pile_turns_face_up_and_undo_turns_it_back() -> None:
    game = arranged({"tableau-1": "~4D ~JC 8S", "tableau-2": "9H"})
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "~4D JC"
    game.undo()
    assert codes(game, "tableau-1") == "~4D ~JC 8S"
    game.redo()
    assert codes(game, "tableau-1") == "~4D JC"


def test_foundation_cards_come_back_into_play_for_one_point() -> None:
    game = arranged({"foundation-1": "AH 2H 3H", "tableau-1": "4S"})
    assert game.score == 3
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert game.score == 2 and codes(game, "tableau-1") == "4S 3H"
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert game.score == 3


def test_an_ace_may_hop_to_another_empty_foundation_for_no_points() -> None:
    game = arranged({"foundation-1": "AC", "tableau-1": "KS"})
    assert_legal(game, Move("foundation-1", 1, "foundation-3"))
    game.play(Move("foundation-1", 1, "foundation-3"))
    assert game.score == 1 and codes(game, "foundation-3") == "AC"


def test_winning_takes_all_52_cards_on_the_foundations() -> None:
    game = arranged({"foundation-1": ALL_UP, "foundation-2": ALL_UP.replace("C", "D"),
                     "foundation-3": ALL_UP.replace("C", "H"),
                     "foundation-4": ALL_UP.replace("C", "S").removesuffix(" KS"),
                     "waste": "KS"})
    assert game.score == 51 and game.status is Status.PLAYING
    game.play(Move("waste", 1, "foundation-4"))
    assert (game.score, game.max_score, game.status) == (52, 52, Status.WON)
    assert game.legal_actions() == []


# -- double-click -----------------------------------------------------------------------------
def test_double_click_sends_an_ace_to_the_first_empty_foundation() -> None:
    game = arranged({"foundation-1": "AS", "foundation-3": "AH", "waste": "AD"})
    game.double_click("waste")
    assert codes(game, "foundation-2") == "AD"


def test_double_click_sends_a_card_to_its_suit_and_turns_up_the_pile() -> None:
    game = arranged({"foundation-4": "AC 2C 3C", "tableau-5": "~QD 4C"})
    game.double_click("tableau-5")
    assert codes(game, "foundation-4") == "AC 2C 3C 4C"
    assert codes(game, "tableau-5") == "QD" and game.score == 4


def test_double_click_tries_only_the_top_card() -> None:
    # 3C could go up, but the top card 2H cannot, so nothing happens.
    game = arranged({"foundation-1": "AC 2C", "tableau-1": "3C 2H"})
    with pytest.raises(IllegalAction):
        game.double_click("tableau-1")
    assert codes(game, "tableau-1") == "3C 2H" and not game.can_undo


def test_double_click_on_the_stock_does_nothing() -> None:
    game = new_game("klondike", 1)
    with pytest.raises(IllegalAction):
        game.double_click("stock")


def test_double_click_on_a_foundation_sends_everything_playable_as_one_undo_step() -> None:
    game = arranged({
        "foundation-1": "AH", "waste": "3H 2H", "tableau-1": "~KC 2S", "tableau-2": "~5D AS",
        "tableau-3": "~4H 3S", "tableau-4": "JD",
    })
    before = {slot.id: codes(game, slot.id) for slot in game.slots}
    game.double_click("foundation-2")
    # one card per step, each played before the next is looked for: the 4H turned up counts
    assert codes(game, "foundation-1") == "AH 2H 3H 4H"
    assert codes(game, "foundation-2") == "AS 2S 3S"
    assert codes(game, "tableau-1") == "KC" and codes(game, "tableau-2") == "5D"
    assert game.slot("tableau-3").cards == [] and codes(game, "tableau-4") == "JD"
    assert game.score == 7 and len(game.history) == 1
    game.undo()
    assert {slot.id: codes(game, slot.id) for slot in game.slots} == before


def test_double_click_on_a_foundation_with_nothing_to_send_is_refused() -> None:
    game = arranged({"foundation-1": "AH", "waste": "5D", "tableau-1": "9C"})
    with pytest.raises(IllegalAction):
        game.double_click("foundation-1")


def test_the_foundation_double_click_tries_the_waste_before_the_piles() -> None:
    game = arranged({"foundation-1": "AH", "waste": "AD", "tableau-1": "AC", "tableau-2": "KS"})
    game.double_click("foundation-1")
    assert codes(game, "foundation-2") == "AD" and codes(game, "foundation-3") == "AC"
