"""Scorpion's rules (docs/rules/scorpion.md), one rule per test.

Positions come from real deals, or from `arranged()` (test_scorpion_setup.py).
"""

from __future__ import annotations

import pytest
from aisle_scorpion import Scorpion
from aisle_scorpion.rules import PILE_IDS
from test_scorpion_setup import arranged, codes, suit_down

from aisle.engine import Deal, Fan, Game, IllegalAction, Move, SlotKind, Status, new_deck
from aisle.engine.rng import Pcg32, stream_of
from aisle.i18n import Text
from aisle.registry.games import new_game


def refusal(game: Game, action: Move | Deal) -> str:
    reason = game.why_not(action)
    assert reason is not None, f"{action} was allowed"
    return str(reason)


# -- layout ------------------------------------------------------------------------------------
def test_the_stock_and_seven_piles_follow_the_reference_grid() -> None:
    specs = Scorpion().layout()
    assert [spec.id for spec in specs] == ["stock", *PILE_IDS]
    assert (specs[0].kind, specs[0].x, specs[0].y, specs[0].fan) == (SlotKind.STOCK, 0, 0, Fan.NONE)
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[1:]] == [
        (SlotKind.TABLEAU, 1.25 + x, 0, Fan.DOWN) for x in range(7)]


def test_the_game_describes_itself() -> None:
    assert Scorpion.id == "scorpion" and Scorpion.help_page == "scorpion"
    assert str(Scorpion.name) == "Scorpion" and str(Scorpion.description)
    assert Scorpion.options == () and Scorpion.has_deal_action
    assert Scorpion().max_score() == 100


# -- the deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 9, 123456789])
def test_deal_is_seven_piles_of_seven_and_three_cards_in_the_stock(seed: int) -> None:
    game = new_game("scorpion", seed)
    piles = [game.slot(pile).cards for pile in PILE_IDS]
    assert [len(pile) for pile in piles] == [7] * 7
    assert [[card.face_up for card in pile] for pile in piles[:4]] == [[False] * 3 + [True] * 4] * 4
    assert all(card.face_up for pile in piles[4:] for card in pile)
    stock = game.slot("stock").cards
    assert len(stock) == 3 and not any(card.face_up for card in stock)
    assert game.status is Status.PLAYING and str(game.status_text) == "Stock left: 3"


def test_the_deal_follows_the_references_order() -> None:
    deck = new_deck()
    Pcg32(4, stream_of("scorpion")).shuffle(deck)
    cards = iter(deck)
    expected: dict[str, list[str]] = {pile: [] for pile in PILE_IDS}
    for _ in range(3):
        for pile in PILE_IDS:  # face down to 1-4, face up to 5-7
            expected[pile].append(next(cards).code)
    for _ in range(4):
        for pile in PILE_IDS:
            expected[pile].append(next(cards).code)
    game = new_game("scorpion", 4)
    assert {pile: [card.code for card in game.slot(pile).cards] for pile in PILE_IDS} == expected
    assert [card.code for card in reversed(game.slot("stock").cards)] == [card.code for card in deck[49:]]


# -- the stock ---------------------------------------------------------------------------------
def test_the_stock_deals_its_three_cards_onto_piles_one_to_three_once() -> None:
    game = arranged({"tableau-1": "", "tableau-2": "9H", "tableau-3": "~2C 4D", "stock": "QS 5C JD",
                     "tableau-7": "KS"}, rest="tableau-7")
    game.play(Deal())
    assert [codes(game, pile) for pile in PILE_IDS[:3]] == ["JD", "9H 5C", "~2C 4D QS"]
    assert game.slot("stock").cards == [] and str(game.status_text) == "Stock left: 0"
    assert refusal(game, Deal()) == "The stock is empty."


def test_cards_cannot_be_taken_from_the_stock_nor_put_on_it() -> None:
    game = new_game("scorpion", 1)
    assert str(game.pick_up_refusal("stock", 1)) == "Cards cannot be taken from the stock; click it to deal."
    assert refusal(game, Move("tableau-5", 1, "stock")) == "Nothing can be put onto the stock."


# -- moves -------------------------------------------------------------------------------------
def test_any_face_up_group_moves_onto_the_next_higher_card_of_its_suit() -> None:
    game = arranged({"tableau-1": "KS 9H 4C 8D", "tableau-2": "10H"})
    game.play(Move("tableau-1", 3, "tableau-2"))
    assert codes(game, "tableau-2") == "10H 9H 4C 8D" and codes(game, "tableau-1") == "KS"


def test_piles_are_built_down_in_suit() -> None:
    game = arranged({"tableau-1": "9C", "tableau-2": "10H", "tableau-3": "8H"})
    assert refusal(game, Move("tableau-1", 1, "tableau-2")) == (
        "Piles are built down by suit: 9♣ cannot go onto 10♥.")
    assert refusal(game, Move("tableau-3", 1, "tableau-2")) == "8♥ must be one rank lower than 10♥."


def test_only_a_king_goes_onto_an_empty_pile() -> None:
    game = arranged({"tableau-1": "", "tableau-2": "5D QC", "tableau-3": "4H KS 2C"})
    assert refusal(game, Move("tableau-2", 1, "tableau-1")) == "Only a King can go onto an empty pile."
    game.play(Move("tableau-3", 2, "tableau-1"))
    assert codes(game, "tableau-1") == "KS 2C"


def test_face_down_cards_cannot_be_picked_up_and_turn_up_when_uncovered() -> None:
    game = arranged({"tableau-1": "~5S QC", "tableau-2": "KC"})
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Face-down cards cannot be picked up."
    game.play(Move("tableau-1", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "5S"


def test_double_click_does_nothing() -> None:
    game = new_game("scorpion", 1)
    for slot_id in ("tableau-1", "stock"):
        with pytest.raises(IllegalAction):
            game.double_click(slot_id)


# -- score, win and end ------------------------------------------------------------------------
def test_score_counts_pairs_in_sequence_and_face_down_cards() -> None:
    # 36 - 3 x 2 face-down cards, + 2 pairs (9H on 10H, 8H on 9H); 4C on 8H and 7S on a
    # face-down card make no pair.
    game = arranged({"tableau-1": "~2C 10H 9H 8H 4C", "tableau-2": "~3D 7S"}, rest="stock")
    assert game.score == 36 - 6 + 2


def test_score_gives_four_more_for_a_whole_suit_in_a_pile_until_a_card_is_dealt_onto_it() -> None:
    game = arranged({"tableau-1": suit_down("H"), "tableau-2": "KS", "tableau-3": "KC",
                     "stock": "2C 7D 5S"})
    assert game.score == 36 + 12 + 4
    game.play(Deal())  # 5S lands on the Ace of hearts
    assert codes(game, "tableau-1").endswith("AH 5S") and game.score == 36 + 12


def test_won_with_four_whole_suits_from_king_to_ace() -> None:
    game = arranged({"tableau-1": suit_down("C"), "tableau-2": suit_down("D"), "tableau-3": suit_down("H"),
                     "tableau-4": " ".join(suit_down("S").split()[:12]), "tableau-5": "AS"},
                    rest="tableau-6")
    assert game.status is Status.PLAYING
    game.play(Move("tableau-5", 1, "tableau-4"))
    assert (game.status, game.score) == (Status.WON, 100)
    assert game.legal_actions() == [] and game.hint() is None
    assert game.why_not(Move("tableau-4", 1, "tableau-5")) == Text("The game is over.")


def test_over_when_the_hint_finds_nothing() -> None:
    game = arranged({"tableau-1": "KS", "tableau-2": "QH", "tableau-3": "JC", "tableau-4": "9D",
                     "tableau-5": "7S", "tableau-6": "5H", "tableau-7": "3C"}, rest="tableau-7")
    assert game.variant.legal_actions(game.board) == []
    assert game.status is Status.LOST and game.hint() is None


def test_over_when_only_a_king_at_the_bottom_could_move() -> None:
    game = arranged({"tableau-1": "", "tableau-2": "KS 5H", "tableau-3": "JC", "tableau-4": "9D",
                     "tableau-5": "7S", "tableau-6": "QH", "tableau-7": "3C"}, rest="tableau-7")
    assert game.variant.legal_actions(game.board) == [Move("tableau-2", 2, "tableau-1")]
    assert game.status is Status.LOST


def test_undo_after_the_end_plays_on() -> None:
    game = arranged({"tableau-1": "KS", "tableau-2": "QH", "tableau-3": "JC", "tableau-4": "9D",
                     "tableau-5": "7S", "tableau-6": "5H 6D", "tableau-7": "3C 5D"}, rest="tableau-7")
    game.play(Move("tableau-7", 1, "tableau-6"))
    statuses = [game.status]
    game.undo()
    statuses.append(game.status)
    assert statuses == [Status.LOST, Status.PLAYING]


# -- hint --------------------------------------------------------------------------------------
def test_hint_steps_come_in_the_references_order() -> None:
    game = arranged({"tableau-1": "", "tableau-2": "3C KS 7D", "tableau-3": "8D", "tableau-4": "9H",
                     "stock": "2C 2D 2H"}, rest="tableau-7")
    hints = []
    for _ in range(3):
        hint = game.hint()
        assert hint is not None and hint.action is not None
        hints.append((str(hint.text), hint.action))
        game.play(hint.action)
    assert hints == [
        ("Move 7♦ onto 8♦.", Move("tableau-2", 1, "tableau-3")),
        ("Move K♠ onto an empty tableau slot.", Move("tableau-2", 1, "tableau-1")),
        ("Deal the cards.", Deal()),
    ]


def test_hint_moves_the_fitting_card_with_everything_on_it() -> None:
    game = arranged({"tableau-1": "8D", "tableau-2": "~4S 7D 2C QH"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 3, "tableau-1")
