"""Aces Up's rules, on real deals and on hand-made positions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from aisle.engine import Board, Card, Deal, Game, IllegalAction, Move, Status, new_deck
from aisle.testing import conformance

from aisle_aces_up import AcesUp
from aisle_aces_up.game import DISCARD, STOCK

PILES = tuple(f"tableau-{n}" for n in range(1, 5))

test_aces_up_conforms = conformance(AcesUp)


def made_game(piles: Sequence[str], stock: str = "", discarded: str = "") -> Game:
    """A game with the given cards (codes such as "QH 10C", bottom first), face up but the stock's
    (whose last card is dealt first); the rest of the deck is left out, which the rules never look
    at except through the discard pile's count."""
    variant = AcesUp()
    cards = new_deck()
    by_code = {card.code: card for card in cards}

    def take(codes: str, face_up: bool = True) -> list[Card]:
        picked = [by_code.pop(code) for code in codes.split()]
        for card in picked:
            card.face_up = face_up
        return picked

    board = Board(variant.layout(), cards, variant.initial_state())
    for slot_id, codes in zip(PILES, [*piles, *[""] * (4 - len(piles))], strict=True):
        board.place(slot_id, take(codes))
    board.place(DISCARD, take(discarded))
    board.place(STOCK, take(stock, face_up=False))
    return Game(variant, 0, board)


def codes(game: Game, slot_id: str) -> list[str]:
    return [card.code for card in game.slot(slot_id).cards]


def status(game: Game) -> Status:
    # A call, not the property itself, so the type checker does not pin one status per test.
    return game.status


#: Every card but the Aces and the ones named, for a discard pile that is nearly full.
def all_but(*kept: str) -> str:
    return " ".join(card.code for card in new_deck() if card.rank != 1 and card.code not in kept)


# -- the deal -------------------------------------------------------------------------------------
def test_the_deal_is_four_face_up_cards_and_forty_eight_in_the_stock() -> None:
    game = Game.new(AcesUp, 5)
    assert [len(game.slot(pile).cards) for pile in PILES] == [1, 1, 1, 1]
    assert all(game.slot(pile).cards[0].face_up for pile in PILES)
    stock = game.slot(STOCK).cards
    assert len(stock) == 48 and not any(card.face_up for card in stock)
    assert game.slot(DISCARD).cards == []
    assert (game.score, game.max_score, game.status) == (0, 48, Status.PLAYING)


def test_deal_one_is_pinned() -> None:
    # Our own shuffle never changes, so deal numbers keep their meaning in every release.
    game = Game.new(AcesUp, 1)
    assert [codes(game, pile) for pile in PILES] == [["5S"], ["4D"], ["4S"], ["3H"]]
    assert codes(game, STOCK)[-1] == "3D"


# -- discarding -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("piles", "allowed"), [
    (["7H", "10H"], True),     # a higher card of the same suit
    (["7H", "10S"], False),    # not of another suit
    (["7H", "6H"], False),     # not a lower one
    (["KH", "AH"], True),      # Aces rank high
    (["AH", "KH"], False),     # so nothing beats an Ace
    (["7H 10H", "2C"], False),  # the ten must lie on top of another pile, not under the seven
])
def test_a_top_card_goes_when_a_higher_card_of_its_suit_tops_another_pile(
        piles: list[str], allowed: bool) -> None:
    game = made_game(piles, "2D 3D 4D 5D")
    assert (game.why_not(Move("tableau-1", 1, DISCARD)) is None) is allowed


def test_a_discard_refusal_names_the_card() -> None:
    game = made_game(["7H", "10S"])
    refusal = game.why_not(Move("tableau-1", 1, DISCARD))
    assert refusal is not None and str(refusal) == (
        "7♥ can only be discarded while a higher card of its suit lies on top of another pile.")


def test_a_discard_counts_and_stays() -> None:
    game = made_game(["2C 7H", "10H"], "2D 3D 4D 5D")
    game.play(Move("tableau-1", 1, DISCARD))
    assert codes(game, DISCARD) == ["7H"] and game.score == 1
    refusal = game.why_not(Move(DISCARD, 1, "tableau-1"))
    assert refusal is not None and refusal.msgid == "Cards on a foundation stay there."


# -- moving between piles -------------------------------------------------------------------------
def test_any_top_card_may_move_into_an_empty_pile_and_nowhere_else() -> None:
    game = made_game(["2C 7H", "KS", "9D"], "2D 3D 4D 5D")
    assert game.why_not(Move("tableau-1", 1, "tableau-4")) is None
    onto_a_card = game.why_not(Move("tableau-1", 1, "tableau-2"))
    assert onto_a_card is not None and onto_a_card.msgid == "A card can only be moved into an empty pile."
    two = game.why_not(Move("tableau-1", 2, "tableau-4"))
    assert two is not None and two.msgid == "Only the top card of a pile can be moved."
    game.play(Move("tableau-1", 1, "tableau-4"))
    assert codes(game, "tableau-1") == ["2C"] and codes(game, "tableau-4") == ["7H"]


# -- the stock ------------------------------------------------------------------------------------
def test_the_stock_deals_one_card_onto_each_pile_empty_ones_included() -> None:
    game = made_game(["2C", "KS", "9D"], "6C 5C 4C 3C")
    game.play(Deal())
    assert [codes(game, pile) for pile in PILES] == [["2C", "3C"], ["KS", "4C"], ["9D", "5C"], ["6C"]]
    assert all(game.slot(pile).cards[-1].face_up for pile in PILES)
    game.undo()
    assert codes(game, STOCK) == ["6C", "5C", "4C", "3C"]
    assert not any(card.face_up for card in game.slot(STOCK).cards)


def test_the_stock_is_gone_through_once() -> None:
    game = made_game(["2C", "KS", "9D", "8H"], "6C 5C 4C 3C")
    game.play(Deal())
    refusal = game.why_not(Deal())
    assert refusal is not None and refusal.msgid == "The stock is empty."


# -- double-click, Send All Up and automatic moves --------------------------------------------------
def test_double_click_discards_a_beaten_top_card_and_nothing_else() -> None:
    game = made_game(["7H", "10H"], "2D 3D 4D 5D")
    game.double_click("tableau-1")
    assert codes(game, DISCARD) == ["7H"]
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")


def test_only_a_card_whose_lower_suit_mates_are_gone_is_safe() -> None:
    # The four of hearts could still beat the three below it: not safe. The two of spades is.
    game = made_game(["3H 4H", "2S", "KH", "QS"], "2D 3D 4D 5D")
    assert game.variant.safe_up_move(game.board) == Move("tableau-2", 1, DISCARD)
    game.play(Move("tableau-2", 1, DISCARD))
    assert game.variant.safe_up_move(game.board) is None
    assert game.legal_actions()[0] == Move("tableau-1", 1, DISCARD)  # still the player's choice


def test_send_all_up_discards_the_safe_cards_one_after_another() -> None:
    # 2♥ goes, which makes 3♥ safe, then 4♥; the five stays (the six might still be needed below).
    game = made_game(["5H 6H 4H", "3H", "2H", "AH"], "2D 3D 4D 5D")
    assert game.can_send_all_up
    game.send_all_up()
    assert codes(game, DISCARD) == ["2H", "3H", "4H"]
    game.undo()
    assert codes(game, DISCARD) == []


def test_automatic_moves_discard_safe_cards_after_each_action() -> None:
    game = made_game(["KS", "QC", "JD", "10H"], "2S 2C 2D 3D")
    game.auto_up = True
    # The deal puts 3♦, 2♦, 2♣, 2♠ on the piles. A two goes as soon as a higher card of its suit
    # shows, and the three once its two is gone: each uncovers the card the next one needs.
    game.play(Deal())
    assert sorted(codes(game, DISCARD)) == ["2C", "2D", "2S", "3D"]


# -- outcome and score ----------------------------------------------------------------------------
def test_won_when_only_the_aces_are_left() -> None:
    game = made_game(["AH", "AS", "AC", "AD KH"], discarded=all_but("KH"))
    assert game.score == 47
    game.play(Move("tableau-4", 1, DISCARD))
    assert status(game) is Status.WON and game.score == game.max_score == 48


def test_lost_when_the_stock_is_empty_and_nothing_can_move() -> None:
    game = made_game(["KH", "QS", "JC", "10D"])
    assert game.legal_actions() == [] and status(game) is Status.LOST


def test_an_empty_pile_keeps_the_game_going() -> None:
    game = made_game(["5C KH", "QS", "JD"])
    assert status(game) is Status.PLAYING
    game.play(Move("tableau-1", 1, "tableau-4"))
    assert status(game) is Status.LOST  # no pile is empty now, and no top card beats another


def test_while_the_stock_holds_cards_the_game_goes_on() -> None:
    game = made_game(["KH", "QS", "JC", "10D"], "2D 3D 4D 5D")
    assert status(game) is Status.PLAYING and game.legal_actions() == [Deal()]


# -- hints and the status line ---------------------------------------------------------------------
def test_the_hint_discards_first() -> None:
    game = made_game(["7H", "10H"], "2D 3D 4D 5D")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, DISCARD)
    assert str(hint.text) == "Move 7♥ onto the foundation."


def test_the_hint_fills_an_empty_pile_before_a_deal() -> None:
    # Moving the Queen uncovers the five of spades, which the Queen then beats; the taller pile
    # would only uncover the King of diamonds, which nothing beats.
    game = made_game(["5S QS", "9C KD 10C", "JH"], "2D 3D 4D 5D")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-4")
    assert str(hint.text) == "Move Q♠ onto tableau pile 4."


def test_the_hint_never_moves_a_pile_s_only_card() -> None:
    game = made_game(["KH", "QS", "JC"], "2D 3D 4D 5D")
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
    assert made_game(["KH", "QS", "JC"]).hint() is None


def test_the_status_line_counts_the_stock() -> None:
    assert str(made_game(["9D"], "4D").status_text) == "The stock holds 1 card."
    assert str(Game.new(AcesUp, 1).status_text) == "The stock holds 48 cards."
    assert str(made_game(["9D"]).status_text) == "The stock is empty."


# -- the solver's key, from the kit ------------------------------------------------------------------
def test_pile_order_counts_for_the_solver_only_while_the_stock_deals() -> None:
    # Each pile gets its own next card from the stock, so swapped piles play differently then;
    # once the stock is empty the piles are alike.
    def key(piles: list[str], stock: str = "") -> object:
        return AcesUp().solver_key(made_game(piles, stock).board)

    assert key(["5S", "KS"], "2D 3D 4D 5D") != key(["KS", "5S"], "2D 3D 4D 5D")
    assert key(["5S", "KS"]) == key(["KS", "5S"])
