"""Yukon's rules (docs/rules/yukon.md), one rule per test.

Positions come from real deals, or from `arranged()` (test_yukon_setup.py), which lays out a
position of our own choosing; the cards not named lie face down under the top of pile 7.
"""

from __future__ import annotations

import pytest
from aisle_yukon import Yukon
from aisle_yukon.layout import FOUNDATION_IDS, PILE_IDS
from test_yukon_setup import arranged, codes

from aisle.engine import Deal, Fan, Game, IllegalAction, Move, SlotKind, Status, new_deck
from aisle.engine.rng import Pcg32, stream_of
from aisle.i18n import Text
from aisle.registry.games import new_game

#: Black top cards only: nothing goes anywhere.
STUCK = {"tableau-1": "KC", "tableau-2": "KS", "tableau-3": "QC", "tableau-4": "QS",
         "tableau-5": "JC", "tableau-6": "JS", "tableau-7": "10C"}
#: Only Q♣ can move: off K♥, where it lies in sequence, onto K♦ and back.
TWINS = {"tableau-1": "KH QC", "tableau-2": "KD", "tableau-3": "JS", "tableau-4": "JC",
         "tableau-5": "10S", "tableau-6": "10C", "tableau-7": "8S"}


def refusal(game: Game, move: Move) -> str:
    reason = game.why_not(move)
    assert reason is not None, f"{move} was allowed"
    return str(reason)


def suit_up(suit: str, to: int) -> str:
    """The codes of a suit from Ace up to rank `to`, for a foundation."""
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(f"{names.get(rank, rank)}{suit}" for rank in range(1, to + 1))


# -- layout ------------------------------------------------------------------------------------
def test_foundations_stand_in_a_column_left_of_the_seven_piles() -> None:
    specs = Yukon().layout()
    assert [spec.id for spec in specs] == [*FOUNDATION_IDS, *PILE_IDS]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[:4]] == [
        (SlotKind.FOUNDATION, 0, y, Fan.NONE) for y in range(4)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[4:]] == [
        (SlotKind.TABLEAU, 1.25 + x, 0, Fan.DOWN) for x in range(7)]


def test_the_game_describes_itself() -> None:
    assert Yukon.id == "yukon" and Yukon.help_page == "yukon"
    assert str(Yukon.name) == "Yukon" and str(Yukon.description)
    assert Yukon.options == () and Yukon.has_deal_action is False
    assert Yukon().max_score() == 52


# -- the deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 7, 123456789])
def test_pile_n_has_n_minus_one_face_down_cards_under_five_face_up(seed: int) -> None:
    game = new_game("yukon", seed)
    piles = [game.slot(pile).cards for pile in PILE_IDS]
    assert [len(pile) for pile in piles] == [1, 6, 7, 8, 9, 10, 11]
    assert [sum(not card.face_up for card in pile) for pile in piles] == [0, 1, 2, 3, 4, 5, 6]
    assert all(pile[-1].face_up for pile in piles)
    assert not any(game.slot(f).cards for f in FOUNDATION_IDS)
    assert (game.score, game.status) == (0, Status.PLAYING)
    assert str(game.status_text) == "Face-down cards left: 21"


def test_the_deal_follows_the_references_order() -> None:
    deck = new_deck()
    Pcg32(5, stream_of("yukon")).shuffle(deck)
    cards = iter(deck)
    expected: dict[int, list[str]] = {n: [] for n in range(1, 8)}
    for row in range(1, 8):  # the face-down triangle, row by row
        for pile in range(row, 8):
            expected[pile].append(next(cards).code)
    for _ in range(4):  # four rows more onto piles 2-7
        for pile in range(2, 8):
            expected[pile].append(next(cards).code)
    game = new_game("yukon", 5)
    assert {n: [card.code for card in game.slot(f"tableau-{n}").cards] for n in range(1, 8)} == expected


def test_there_is_no_stock() -> None:
    game = new_game("yukon", 1)
    assert str(game.why_not(Deal())) == "There is nothing to deal."


# -- picking up --------------------------------------------------------------------------------
def test_any_face_up_group_moves_whatever_its_order() -> None:
    game = arranged({"tableau-1": "9H QC 3D", "tableau-2": "KD", "tableau-7": "9S"})
    game.play(Move("tableau-1", 2, "tableau-2"))
    assert codes(game, "tableau-2") == "KD QC 3D" and codes(game, "tableau-1") == "9H"


def test_face_down_cards_cannot_be_picked_up() -> None:
    game = arranged({"tableau-1": "~5S QC", "tableau-2": "KD", "tableau-7": "9S"})
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Face-down cards cannot be picked up."


def test_foundation_cards_stay_there() -> None:
    game = arranged({"foundation-1": "AH", "tableau-1": "QS KH", "tableau-7": "9S"})
    assert str(game.pick_up_refusal("foundation-1", 1)) == "Cards on a foundation stay there."


# -- dropping ----------------------------------------------------------------------------------
def test_a_pile_takes_a_group_whose_lowest_card_is_one_lower_and_of_the_other_colour() -> None:
    game = arranged({"tableau-1": "5D 8C 2H", "tableau-2": "9C", "tableau-3": "9D", "tableau-7": "4C"})
    assert refusal(game, Move("tableau-1", 2, "tableau-2")) == (
        "8♣ and 9♣ are both black; the colours must alternate.")
    assert refusal(game, Move("tableau-1", 1, "tableau-7")) == "2♥ must be one rank lower than 4♣."
    game.play(Move("tableau-1", 2, "tableau-3"))
    assert codes(game, "tableau-3") == "9D 8C 2H"


def test_only_a_king_goes_onto_an_empty_pile() -> None:
    game = arranged({"tableau-1": "", "tableau-2": "5D QC", "tableau-3": "8H KS 4C", "tableau-7": "9S"})
    assert refusal(game, Move("tableau-2", 1, "tableau-1")) == "Only a King can go onto an empty pile."
    game.play(Move("tableau-3", 2, "tableau-1"))
    assert codes(game, "tableau-1") == "KS 4C"


def test_foundations_build_up_in_suit_one_card_at_a_time() -> None:
    game = arranged({"foundation-1": "AH", "tableau-1": "3H", "tableau-2": "2S", "tableau-3": "9C 2H",
                     "tableau-7": "9S"})
    assert refusal(game, Move("tableau-1", 1, "foundation-1")) == (
        "This card must be one rank higher than the top card of the foundation.")
    assert refusal(game, Move("tableau-2", 1, "foundation-1")) == (
        "A foundation takes only cards of its own suit.")
    assert refusal(game, Move("tableau-2", 1, "foundation-2")) == "Only an Ace can start an empty foundation."
    assert refusal(game, Move("tableau-3", 2, "foundation-1")) == "Cards go onto a foundation one at a time."
    game.play(Move("tableau-3", 1, "foundation-1"))
    assert codes(game, "foundation-1") == "AH 2H" and game.score == 2


def test_any_ace_starts_any_empty_foundation() -> None:
    game = arranged({"tableau-1": "9C AD", "tableau-7": "9S"})
    game.play(Move("tableau-1", 1, "foundation-3"))
    assert codes(game, "foundation-3") == "AD" and game.score == 1


def test_the_card_left_on_top_turns_face_up() -> None:
    game = arranged({"tableau-1": "~5S QC", "tableau-2": "KD", "tableau-7": "9S"})
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "5S" and str(game.status_text) == "Face-down cards left: 48"
    game.undo()
    assert codes(game, "tableau-1") == "~5S QC"


# -- double-click ------------------------------------------------------------------------------
def test_double_click_sends_the_top_card_up() -> None:
    game = arranged({"foundation-1": "AC", "tableau-1": "9C AH", "tableau-2": "2C", "tableau-7": "9S"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-2") == "AH"  # an Ace: the first empty foundation
    game.double_click("tableau-2")
    assert codes(game, "foundation-1") == "AC 2C" and len(game.history) == 2


def test_double_click_does_nothing_when_the_top_card_does_not_fit() -> None:
    game = arranged({"tableau-1": "9C 5H", "tableau-7": "9S"})
    for slot_id in ("tableau-1", "foundation-1"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)
    assert not game.can_undo


def test_double_click_on_a_foundation_sends_every_fitting_card_up() -> None:
    game = arranged({"foundation-1": "AH", "tableau-1": "9C 3H", "tableau-2": "QS 2H", "tableau-7": "9S"})
    game.double_click("foundation-1")
    assert codes(game, "foundation-1") == "AH 2H 3H" and len(game.history) == 1
    assert codes(game, "tableau-1") == "9C" and codes(game, "tableau-2") == "QS"


# -- score, win and loss -----------------------------------------------------------------------
def test_won_when_every_card_is_up() -> None:
    game = arranged({"foundation-1": suit_up("C", 13), "foundation-2": suit_up("D", 13),
                     "foundation-3": suit_up("H", 13), "foundation-4": suit_up("S", 12),
                     "tableau-7": "KS"})
    assert (game.score, game.status) == (51, Status.PLAYING)
    game.double_click("tableau-7")
    assert (game.score, game.status) == (52, Status.WON)
    assert game.legal_actions() == [] and game.hint() is None
    assert game.why_not(Move("tableau-7", 1, "foundation-4")) == Text("The game is over.")


def test_lost_when_nothing_can_move() -> None:
    game = arranged(STUCK)
    assert game.variant.legal_actions(game.board) == []
    assert game.status is Status.LOST and game.hint() is None


def test_lost_when_only_a_group_can_go_onto_its_twin_and_back() -> None:
    game = arranged(TWINS)
    assert game.variant.legal_actions(game.board) == [Move("tableau-1", 1, "tableau-2")]
    assert game.status is Status.LOST


def test_not_lost_while_a_card_could_still_be_uncovered() -> None:
    game = arranged({**TWINS, "tableau-1": "~KH QC"})
    assert game.status is Status.PLAYING
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "KH"


def test_undo_after_a_loss_plays_on() -> None:
    game = arranged({**TWINS, "tableau-3": "~5C 10H"})
    game.play(Move("tableau-3", 1, "tableau-4"))  # 10H onto JC turns 5C up, and then all is stuck
    statuses = [game.status]
    game.undo()
    statuses.append(game.status)
    assert statuses == [Status.LOST, Status.PLAYING]


# -- hint --------------------------------------------------------------------------------------
def test_hint_sends_a_card_up_first() -> None:
    game = arranged({"tableau-1": "QC", "tableau-2": "KD", "tableau-3": "9C AH", "tableau-7": "9S"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "foundation-1")
    assert str(hint.text) == "Move A♥ onto an empty foundation slot."


@pytest.mark.parametrize(("pile", "why"), [
    ("QC", "it empties the pile"),
    ("~5S QC", "it turns a card face up"),
    ("9H QC", "the queen was out of sequence"),
])
def test_hint_moves_a_card_onto_a_pile_when_that_helps(pile: str, why: str) -> None:
    game = arranged({**TWINS, "tableau-1": pile})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-2"), why
    assert str(hint.text) == "Move Q♣ onto K♦."


def test_hint_moves_a_card_off_one_that_can_go_up_next() -> None:
    game = arranged({**TWINS, "foundation-1": suit_up("H", 12)})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-2")
    game.play(hint.action)
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "foundation-1")
    assert str(hint.text) == "Move K♥ onto Q♥."


def test_hint_takes_the_whole_group_above_the_card() -> None:
    game = arranged({**TWINS, "tableau-1": "9H QC 3D 7S"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 3, "tableau-2")


def test_hint_moves_a_covered_king_into_an_empty_pile() -> None:
    game = arranged({**STUCK, "tableau-1": "", "tableau-2": "KS", "tableau-3": "5D KH 4S"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 2, "tableau-1")
    assert str(hint.text) == "Move K♥ onto an empty tableau slot."


def test_a_king_at_the_bottom_of_its_pile_is_left_there() -> None:
    game = arranged({**STUCK, "tableau-1": ""})
    assert Move("tableau-2", 1, "tableau-1") in game.variant.legal_actions(game.board)
    assert game.status is Status.LOST


def test_hint_leads_to_a_card_that_can_only_be_reached_by_moving_a_group_onto_its_twin() -> None:
    # No step applies: 6D 9C lies on 7S in sequence at its base. Moved onto 7C, it takes 9C along,
    # and 8D, under 7S, can follow it and turn 2C up.
    game = arranged({"tableau-1": "~2C 8D 7S 6D 9C", "tableau-2": "7C", "tableau-3": "KS",
                     "tableau-4": "QS", "tableau-5": "JS", "tableau-6": "KC", "tableau-7": "JC"})
    assert game.status is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 2, "tableau-2")
    assert str(hint.text) == "Move 6♦ onto 7♣."
    game.play(hint.action)
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 2, "tableau-2")
    game.play(hint.action)
    assert codes(game, "tableau-1") == "2C"


# -- cards going up by themselves --------------------------------------------------------------
def test_an_ace_is_always_safe_to_send_up() -> None:
    game = arranged({**STUCK, "tableau-4": "QS AD"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-4", 1, "foundation-1")


@pytest.mark.parametrize(("spades", "safe"), [(3, False), (4, True)])
def test_a_card_is_safe_once_both_cards_of_the_other_colour_below_it_are_up(spades: int, safe: bool) -> None:
    game = arranged({"foundation-1": suit_up("H", 4), "foundation-2": suit_up("C", 4),
                     "foundation-3": suit_up("S", spades), "tableau-1": "9C 5H", "tableau-7": "KS"})
    expected = Move("tableau-1", 1, "foundation-1") if safe else None
    assert game.variant.safe_up_move(game.board) == expected
