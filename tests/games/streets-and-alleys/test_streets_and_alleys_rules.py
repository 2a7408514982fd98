"""Streets and Alleys's rules (docs/rules/streets-and-alleys.md), one rule per test, on real deals
or on positions laid out with `arranged` (tests/arranged_table.py)."""

from __future__ import annotations

import pytest
from aisle_streets_and_alleys import StreetsAndAlleys
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 9))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
ACES = {"foundation-1": "AC", "foundation-2": "AD", "foundation-3": "AH", "foundation-4": "AS"}


def table(slots: dict[str, str]) -> Game:
    """The Aces on the foundations (a position of play, not a deal), the given slots, the other
    cards on pile 8."""
    return arranged("streets-and-alleys", {**ACES, **slots}, rest="tableau-8")


# -- layout and deal ---------------------------------------------------------------------------
def test_foundations_in_the_middle_between_two_wings_of_piles() -> None:
    specs = StreetsAndAlleys().layout()
    assert [spec.id for spec in specs] == [*FOUNDATIONS, *PILES]
    assert [(s.kind, s.x, s.y) for s in specs[:4]] == [(SlotKind.FOUNDATION, 4, y) for y in range(4)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[4:]] == [
        (SlotKind.TABLEAU, x, y, Fan.RIGHT) for y in range(4) for x in (0, 5.5)]


def test_the_game_describes_itself() -> None:
    assert StreetsAndAlleys.id == "streets-and-alleys"
    assert str(StreetsAndAlleys.name) == "Streets and Alleys"
    assert StreetsAndAlleys.options == () and StreetsAndAlleys.has_deal_action is False
    assert (StreetsAndAlleys.game_family, StreetsAndAlleys.difficulty) == ("builders", 3)
    assert StreetsAndAlleys().max_score() == 52


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_every_card_is_dealt_seven_to_the_left_wing_six_to_the_right(seed: int) -> None:
    game = new_game("streets-and-alleys", seed)
    assert not any(game.slot(f).cards for f in FOUNDATIONS)
    assert [len(game.slot(pile).cards) for pile in PILES] == [7, 6] * 4
    assert all(card.face_up for card in game.cards) and game.score == 0


# -- picking up --------------------------------------------------------------------------------
def test_one_card_at_a_time_even_an_ace_off_a_foundation() -> None:
    game = table({"tableau-1": "9H 8C", "foundation-1": "AC 2C", "tableau-2": "3D", "tableau-3": ""})
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Only the top card of a pile can be moved."
    game.play(Move("foundation-1", 1, "tableau-2"))
    game.play(Move("foundation-1", 1, "tableau-3"))
    assert codes(game, "tableau-3") == "AC" and codes(game, "foundation-1") == ""


# -- the piles ---------------------------------------------------------------------------------
def test_piles_build_down_whatever_the_suit() -> None:
    game = table({"tableau-1": "9H", "tableau-2": "5C 8C", "tableau-3": "7D"})
    assert refusal(game, Move("tableau-3", 1, "tableau-1")) == (
        "7♦ can only go onto a card one rank higher, of any suit, or onto an empty pile.")
    game.play(Move("tableau-2", 1, "tableau-1"))
    game.play(Move("tableau-3", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "9H 8C 7D"


def test_an_empty_pile_takes_any_card() -> None:
    game = table({"tableau-1": "", "tableau-2": "5C 8H"})
    game.play(Move("tableau-2", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "8H"


# -- the foundations ---------------------------------------------------------------------------
def test_foundations_build_up_in_suit() -> None:
    game = table({"tableau-1": "2S 2H", "tableau-2": "3H", "tableau-3": "2D"})
    assert refusal(game, Move("tableau-2", 1, "foundation-3")) == (
        "This card must be one rank higher than the top card of the foundation.")
    assert refusal(game, Move("tableau-3", 1, "foundation-3")) == (
        "A foundation takes only cards of its own suit.")
    game.play(Move("tableau-1", 1, "foundation-3"))
    assert codes(game, "foundation-3") == "AH 2H" and game.score == 5


def test_a_foundation_card_comes_back_onto_a_pile_and_its_point_goes() -> None:
    game = table({"foundation-4": "AS 2S 3S", "tableau-1": "4H"})
    assert game.score == 6
    game.play(Move("foundation-4", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "4H 3S" and game.score == 5


# -- double-click, Send All Up, automatic moves ------------------------------------------------
def test_double_click_sends_a_top_card_up_or_does_nothing() -> None:
    game = table({"tableau-1": "9H 2C", "tableau-2": "4S"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "AC 2C"
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")


def test_double_click_on_a_foundation_sends_all_up_in_one_step() -> None:
    game = table({"tableau-1": "5C 3H", "tableau-2": "KS 2H", "tableau-3": "4H"})
    game.double_click("foundation-3")
    assert codes(game, "foundation-3") == "AH 2H 3H 4H" and len(game.history) == 1
    assert game.score == 7
    game.undo()
    assert codes(game, "foundation-3") == "AH" and game.score == 4


def test_automatic_moves_wait_until_every_lower_card_is_up() -> None:
    game = table({"foundation-1": "AC 2C", "foundation-2": "AD 2D", "foundation-4": "AS 2S",
                  "tableau-1": "9H 3C", "tableau-2": "5S 2H", "tableau-3": "QD", "tableau-4": "5H JC"})
    # 3C fits, but a 2 could still be put on it: the first safe card is 2H.
    assert game.variant.safe_up_move(game.board) == Move("tableau-2", 1, "foundation-3")
    game.auto_up = True
    game.play(Move("tableau-4", 1, "tableau-3"))
    assert codes(game, "foundation-3") == "AH 2H" and codes(game, "foundation-1") == "AC 2C 3C"


# -- score, win, loss --------------------------------------------------------------------------
def test_won_when_all_four_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 12)
    game = arranged("streets-and-alleys", foundations, rest="tableau-1")
    assert (game.score, game.status) == (51, Status.PLAYING)
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.score, game.status) == (52, Status.WON)


def test_lost_when_no_card_can_move() -> None:
    # Kings and Jacks on top: none fits on another, none goes up, and an Ace has nowhere to go.
    kings_and_jacks = {pile: top for pile, top in zip(PILES, ["KC", "KD", "KH", "KS", "JC", "JD", "JH", "JS"],
                                                      strict=True)}
    game = table(kings_and_jacks)
    assert game.variant.legal_actions(game.board) == [] and game.status is Status.LOST


def test_not_lost_while_a_foundation_card_can_come_back() -> None:
    game = table({"foundation-1": "AC 2C", "tableau-1": "KC", "tableau-2": "KD", "tableau-3": "KH",
                  "tableau-4": "KS", "tableau-5": "3D", "tableau-6": "JD", "tableau-7": "JH",
                  "tableau-8": "JS"})
    assert game.legal_actions() == [Move("foundation-1", 1, "tableau-5")]
    assert game.status is Status.PLAYING


# -- hint --------------------------------------------------------------------------------------
def test_hint_sends_the_first_card_that_fits_up() -> None:
    game = table({"tableau-1": "9H 8C", "tableau-2": "5D 2S", "tableau-3": "2H"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "foundation-4")
    assert str(hint.text) == "Move 2♠ onto A♠."


def test_hint_has_only_advice_when_nothing_goes_up() -> None:
    game = table({"tableau-1": "9H 8C", "tableau-2": "9C"})
    hint = game.hint()
    assert hint is not None and hint.action is None and str(hint.text) == "Try rearranging the cards."
    assert game.legal_actions()


def test_hint_moves_a_card_out_of_place_onto_a_card_one_rank_higher() -> None:
    # 8C lies on 9H already, so it stays; 8D lies on 3S, so it goes onto 9C.
    game = table({"tableau-1": "9H 8C", "tableau-2": "3S 8D", "tableau-3": "9C"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "tableau-3")
    assert str(hint.text) == "Move 8♦ onto 9♣."
