"""Golf's rules, on real deals and on hand-made positions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from aisle.engine import Board, Card, Deal, Game, IllegalAction, Move, Status, new_deck
from aisle.testing import conformance

from aisle_golf import Golf, rules
from aisle_golf.game import FOUNDATION, STOCK, TABLEAU

test_golf_conforms = conformance(Golf)


def made_game(columns: Sequence[str], foundation: str, stock: str = "", **options: str) -> Game:
    """A game with the given cards (codes such as "QH 10C", bottom first), all face up but the stock;
    the other cards of the deck are left out, which the rules never look at."""
    variant = Golf(options)
    cards = new_deck()
    by_code = {card.code: card for card in cards}

    def take(codes: str, face_up: bool = True) -> list[Card]:
        picked = [by_code.pop(code) for code in codes.split()]
        for card in picked:
            card.face_up = face_up
        return picked

    board = Board(variant.layout(), cards, variant.initial_state())
    for slot_id, codes in zip(TABLEAU, [*columns, *[""] * (7 - len(columns))], strict=True):
        board.place(slot_id, take(codes))
    board.place(FOUNDATION, take(foundation))
    board.place(STOCK, take(stock, face_up=False))
    return Game(variant, 0, board)


def status(game: Game) -> Status:
    # A call, not the property itself, so the type checker does not pin one status per test.
    return game.status


# -- the deal -------------------------------------------------------------------------------------
def test_the_deal_is_seven_face_up_columns_of_five_a_foundation_card_and_sixteen_in_the_stock() -> None:
    game = Game.new(Golf, 5)
    for slot_id in TABLEAU:
        column = game.slot(slot_id).cards
        assert len(column) == 5 and all(card.face_up for card in column)
    assert [card.face_up for card in game.slot(FOUNDATION).cards] == [True]
    stock = game.slot(STOCK).cards
    assert len(stock) == rules.STOCK_CARDS == 16 and not any(card.face_up for card in stock)
    assert (game.score, game.max_score, game.status) == (0, 51, Status.PLAYING)


def test_deal_one_is_pinned() -> None:
    # Our own shuffle never changes, so deal numbers keep their meaning in every release.
    game = Game.new(Golf, 1)
    assert [card.code for card in game.slot("tableau-1").cards] == ["8D", "10C", "JS", "KS", "3H"]
    assert game.slot(FOUNDATION).cards[0].code == "AH"
    assert game.slot(STOCK).cards[-1].code == "9C"


# -- what fits ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rank", "top", "queen_on_king", "fits"), [
    (6, 7, False, True), (8, 7, False, True), (7, 7, False, False), (9, 7, False, False),
    (2, 1, False, True), (13, 1, False, False),          # no wrapping from Ace to King
    (1, 2, False, True), (1, 13, True, False),           # ... nor from King to Ace
    (12, 13, False, False), (12, 13, True, True),        # a King stops, unless the option
    (13, 12, False, True), (11, 12, False, True),
])
def test_one_rank_up_or_down_without_wrapping(rank: int, top: int, queen_on_king: bool, fits: bool) -> None:
    assert rules.fits(rank, top, queen_on_king) is fits


def test_a_fitting_top_card_goes_onto_the_foundation_whatever_its_suit() -> None:
    game = made_game(["2C 6S", "9D"], "7H")
    game.play(Move("tableau-1", 1, FOUNDATION))
    assert [card.code for card in game.slot(FOUNDATION).cards] == ["7H", "6S"]
    assert game.score == 35 - 2 and game.moves == 1  # two cards are left in the made tableau


def test_refusals_say_why() -> None:
    game = made_game(["2C 6S", "9D", "QC"], "7H", "4D")
    reasons = {
        Move("tableau-2", 1, FOUNDATION): "{card} is not one rank above or below {top}.",
        Move("tableau-1", 2, FOUNDATION): "Only the top card of a column can be played.",
        Move("tableau-1", 1, "tableau-2"): "Cards can only be played onto the foundation.",
        Move(FOUNDATION, 1, "tableau-1"): "Cards on the foundation stay there.",
        Move(STOCK, 1, FOUNDATION): "Cards cannot be taken from the stock; click it to turn its next card.",
    }
    for action, reason in reasons.items():
        refusal = game.why_not(action)
        assert refusal is not None and refusal.msgid == reason, action
        with pytest.raises(IllegalAction):
            game.play(action)
    assert str(game.why_not(Move("tableau-2", 1, FOUNDATION))) == "9♦ is not one rank above or below 7♥."


def test_nothing_goes_on_a_king_unless_the_option_lets_a_queen() -> None:
    classic = made_game(["QS", "AS"], "KH", "4D")
    refusal = classic.why_not(Move("tableau-1", 1, FOUNDATION))
    assert refusal is not None and refusal.msgid == "Nothing can be played on a King."
    assert classic.legal_actions() == [Deal()]

    relaxed = made_game(["QS", "AS"], "KH", "4D", kings="queen")
    assert relaxed.legal_actions() == [Move("tableau-1", 1, FOUNDATION), Deal()]
    refusal = relaxed.why_not(Move("tableau-2", 1, FOUNDATION))
    assert refusal is not None and refusal.msgid == "Only a Queen can be played on a King."


def test_the_stock_turns_its_next_card_onto_the_foundation_and_undo_puts_it_back() -> None:
    game = made_game(["9D"], "7H", "4D 5C")
    game.play(Deal())
    assert [(c.code, c.face_up) for c in game.slot(FOUNDATION).cards] == [("7H", True), ("5C", True)]
    assert [c.code for c in game.slot(STOCK).cards] == ["4D"]
    game.undo()
    assert [(c.code, c.face_up) for c in game.slot(STOCK).cards] == [("4D", False), ("5C", False)]
    game.play(Deal())
    game.play(Deal())
    assert status(game) is Status.LOST  # nothing fits the four, and the stock is used up
    refusal = game.variant.stock_refusal(game.board)
    assert refusal is not None and refusal.msgid == "The stock is empty."


def test_double_click_plays_a_fitting_top_card_and_nothing_else() -> None:
    game = made_game(["6S", "9D"], "7H")
    game.double_click("tableau-1")
    assert [card.code for card in game.slot(FOUNDATION).cards] == ["7H", "6S"]
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")
    with pytest.raises(IllegalAction):
        game.double_click(FOUNDATION)


def test_send_all_up_is_off_because_every_play_is_a_choice() -> None:
    game = made_game(["6S", "8D"], "7H")
    assert len(game.legal_actions()) == 2  # both fit: which goes first is the player's call
    assert not game.can_send_all_up
    with pytest.raises(IllegalAction):
        game.send_all_up()


# -- outcome and score ------------------------------------------------------------------------------
def test_a_game_played_to_the_end_with_help_from_the_stock() -> None:
    game = made_game(["5C", "KC"], "7H", "QD 6D")
    assert game.legal_actions() == [Deal()]
    game.play(Deal())  # the six of diamonds: now the five fits
    game.play(Move("tableau-1", 1, FOUNDATION))
    assert game.legal_actions() == [Deal()]  # a King never fits a five
    game.play(Deal())  # the Queen of diamonds: the King may follow it
    game.play(Move("tableau-2", 1, FOUNDATION))
    assert status(game) is Status.WON and game.score == 35  # the stock is used up: no bonus
    while game.can_undo:
        game.undo()
    assert status(game) is Status.PLAYING and len(game.slot(STOCK).cards) == 2


def test_score_counts_cleared_cards_and_stock_bonus_only_after_a_clearance() -> None:
    assert rules.score(tableau_left=35, stock_left=16) == 0
    assert rules.score(tableau_left=10, stock_left=3) == 25
    assert rules.score(tableau_left=0, stock_left=3) == 38
    assert rules.score(tableau_left=0, stock_left=16) == rules.MAX_SCORE == 51


def test_won_when_the_tableau_is_empty() -> None:
    game = made_game(["6S", "5C"], "7H", "4D")
    game.play(Move("tableau-1", 1, FOUNDATION))
    game.play(Move("tableau-2", 1, FOUNDATION))
    assert status(game) is Status.WON
    assert game.score == 35 + 1  # every tableau card, plus the one card left in the stock
    assert game.legal_actions() == [] and game.hint() is None


def test_lost_only_when_the_stock_is_empty_and_nothing_fits() -> None:
    game = made_game(["9D", "JC"], "7H", "2S")
    assert status(game) is Status.PLAYING  # the stock can still help
    game.play(Deal())
    assert status(game) is Status.LOST
    game.undo()
    assert status(game) is Status.PLAYING


# -- hints and the status line -------------------------------------------------------------------
def test_the_hint_prefers_a_card_that_another_can_follow() -> None:
    # Both the six and the eight fit the seven; only after the eight can another card (the nine) go.
    game = made_game(["6S", "9D", "8C"], "7H", "4D")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, FOUNDATION)
    assert str(hint.text) == "Play 8♣ from column 3 onto the foundation."


def test_the_hint_counts_the_card_a_play_uncovers() -> None:
    # The six uncovers a five that can follow it; the eight, in a taller column, uncovers nothing.
    game = made_game(["5C 6S", "KC QC JC 8D"], "7H", "4D")
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, FOUNDATION)


def test_the_hint_turns_the_stock_when_nothing_fits() -> None:
    game = made_game(["9D"], "7H", "4D")
    hint = game.hint()
    assert hint is not None and hint.action == Deal()


def test_the_status_line_counts_the_stock() -> None:
    assert str(made_game(["9D"], "7H", "4D").status_text) == "The stock holds 1 card."
    assert str(made_game(["9D"], "7H", "4D 5D 6D").status_text) == "The stock holds 3 cards."
    assert str(made_game(["9D"], "7H").status_text) == "The stock is empty."


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError, match="kings"):
        Golf({"kings": "ace"})
