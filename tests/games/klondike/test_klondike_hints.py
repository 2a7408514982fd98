"""Klondike's hint: the reference's order and texts (RULES.md §2.6); every action it
suggests is legal."""

from __future__ import annotations

from test_klondike_setup import arranged

from aisle.engine import Deal, Game, Move
from aisle.variant import Hint

#: Seven black tops: nothing builds on anything (as a base for the positions below).
STUCK = {"tableau-1": "5C", "tableau-2": "5S", "tableau-3": "9C", "tableau-4": "9S",
         "tableau-5": "JC", "tableau-6": "JS", "tableau-7": "KC"}


def stuck(piles: dict[str, str], redeals: int = 0) -> Game:
    """STUCK with some piles changed; the other cards lie face down under the KC."""
    return arranged({**STUCK, **piles}, rest="tableau-7", redeals=redeals)


def hint_of(game: Game) -> Hint:
    hint = game.hint()
    assert hint is not None
    if hint.action is not None:
        assert game.why_not(hint.action) is None, f"the hint suggests an illegal {hint.action}"
    return hint


def test_first_an_ace_goes_to_an_empty_foundation() -> None:
    game = arranged({"foundation-1": "AS", "tableau-1": "9H", "tableau-2": "8C",
                     "tableau-3": "~9C AD"})
    hint = hint_of(game)
    assert hint.action == Move("tableau-3", 1, "foundation-2")
    assert str(hint.text) == "Move A♦ onto an empty foundation slot."


def test_the_waste_ace_comes_before_a_tableau_ace() -> None:
    game = arranged({"waste": "AD", "tableau-1": "AC"})
    assert hint_of(game).action == Move("waste", 1, "foundation-1")


def test_then_a_whole_tableau_run_goes_onto_another_pile() -> None:
    game = arranged({"tableau-1": "~2C 9H 8S 7D", "tableau-2": "~3C 10S", "waste": "8D",
                     "tableau-4": "9C"})
    hint = hint_of(game)
    assert hint.action == Move("tableau-1", 3, "tableau-2")
    assert str(hint.text) == "Move 9♥ onto 10♠."


def test_part_of_a_run_is_never_suggested() -> None:
    # 8S 7D could go onto 9D, but only whole runs count, so the hint deals instead.
    game = arranged({"tableau-1": "9H 8S 7D", "tableau-2": "9D"})
    assert Move("tableau-1", 2, "tableau-2") in game.legal_actions()
    hint = hint_of(game)
    assert hint.action == Deal() and str(hint.text) == "Deal a new card from the stock."


def test_a_king_already_at_the_bottom_is_not_moved_to_an_empty_pile() -> None:
    game = arranged({"tableau-1": "KS QH", "tableau-2": ""})
    assert hint_of(game).action == Deal()


def test_a_king_run_above_other_cards_goes_to_an_empty_pile() -> None:
    game = arranged({"tableau-1": "~4C KS QH", "tableau-2": ""})
    hint = hint_of(game)
    assert hint.action == Move("tableau-1", 2, "tableau-2")
    assert str(hint.text) == "Move K♠ onto an empty tableau slot."


def test_runs_come_before_the_waste() -> None:
    game = arranged({"waste": "8D", "tableau-1": "9C", "tableau-2": "8H"})
    assert hint_of(game).action == Move("tableau-2", 1, "tableau-1")


def test_then_the_waste_goes_onto_the_tableau() -> None:
    game = arranged({"waste": "8D", "tableau-1": "9C"})
    hint = hint_of(game)
    assert hint.action == Move("waste", 1, "tableau-1")
    assert str(hint.text) == "Move 8♦ onto 9♣."


def test_a_waste_king_goes_onto_an_empty_pile() -> None:
    game = arranged({"waste": "KD", "tableau-1": "5C"})
    hint = hint_of(game)
    assert hint.action == Move("waste", 1, "tableau-2")
    assert str(hint.text) == "Move K♦ onto an empty tableau slot."


def test_the_waste_onto_the_tableau_comes_before_the_foundations() -> None:
    game = arranged({"waste": "3H", "tableau-1": "4S", "foundation-1": "AH 2H"})
    assert hint_of(game).action == Move("waste", 1, "tableau-1")


def test_then_a_foundation_takes_its_next_card() -> None:
    game = stuck({"foundation-2": "AH 2H", "tableau-4": "~9S 3H"})
    hint = hint_of(game)
    assert hint.action == Move("tableau-4", 1, "foundation-2")
    assert str(hint.text) == "Move 3♥ onto 2♥."


def test_then_the_stock_or_a_redeal() -> None:
    game = stuck({"stock": "4D"})
    assert hint_of(game).action == Deal()
    redeal = stuck({"waste": "8H 2D"}, redeals=1)
    hint = hint_of(redeal)
    assert hint.action == Deal() and str(hint.text) == "Deal a new card from the stock."


def test_then_a_card_down_from_the_foundation_that_the_next_hint_builds_on() -> None:
    # 4D down onto 5C lets 3C (on a face-down card) follow, turning that card up.
    game = stuck({"foundation-1": "AD 2D 3D 4D", "tableau-3": "~9H 3C"})
    hint = hint_of(game)
    assert str(hint.text) == "Try moving cards down from the foundation."
    assert hint.action == Move("foundation-1", 1, "tableau-1")
    game.play(hint.action)
    assert hint_of(game).action == Move("tableau-3", 1, "tableau-1")


def test_a_card_down_that_nothing_would_follow_is_only_an_idea() -> None:
    # 4D could go onto 5C, but nothing could then go onto it: the next hint would send it
    # straight back up, so the hint names no move.
    game = stuck({"foundation-1": "AD 2D 3D 4D"})
    hint = hint_of(game)
    assert str(hint.text) == "Try moving cards down from the foundation."
    assert hint.action is None


def test_dealing_is_suggested_only_while_the_stock_can_show_a_playable_card() -> None:
    # The stock's only card, 4C, fits nowhere: dealing it changes nothing that matters.
    game = stuck({"stock": "4C", "foundation-1": "AD 2D 3D 4D"})
    assert game.why_not(Deal()) is None
    hint = hint_of(game)
    assert hint.action is None and str(hint.text) == "Try moving cards down from the foundation."


def test_otherwise_no_hint() -> None:
    # A part of a run could still move (6D 5C: 5C onto 6H), but the hint never offers it.
    game = stuck({"tableau-1": "6D 5C", "tableau-2": "~5S 6H"})
    hint = hint_of(game)
    assert str(hint.text) == "No hint available right now." and hint.action is None
