"""Accordion's rules on hand-made lines: covering one or three places to the left, the refusals,
the line closing up, double-click, hints and the end of the game."""

from __future__ import annotations

import pytest
from aisle_accordion import Accordion
from aisle_accordion.game import LINE, OUT

from aisle.engine import Board, Game, IllegalAction, Move, SendAllUp, Status, new_deck


def made_game(line: str, out: str = "") -> Game:
    """A game whose line holds the cards named in order ("7S 10H ..."), and whose foundation holds
    `out`; the other cards are left out, which the rules never look at."""
    variant = Accordion()
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    board = Board(variant.layout(), cards, {})
    for slot, code in zip(LINE, line.split(), strict=False):
        by_code[code].face_up = True
        board.place(slot, [by_code[code]])
    board.place(OUT, [by_code[code] for code in out.split()])
    return Game(variant, 0, board)


def line(game: Game) -> str:
    return " ".join(game.slot(slot).cards[0].code for slot in LINE if game.slot(slot).cards)


def refusal(game: Game, source: int, target: int | str, count: int = 1) -> str | None:
    variant, board = game.variant, game.board
    target_id = target if isinstance(target, str) else LINE[target - 1]
    why = variant.pick_up_refusal(board, board.slot(LINE[source - 1]), count) or variant.drop_refusal(
        board, board.slot(LINE[source - 1]), count, board.slot(target_id))
    return None if why is None else str(why)


def test_a_card_covers_its_neighbour_of_the_same_suit_and_the_line_closes_up() -> None:
    game = made_game("2C 9D 9H 4S 5S")
    game.play(Move(LINE[4], 1, LINE[3]))  # 5S onto 4S: same suit
    assert line(game) == "2C 9D 9H 5S" and [card.code for card in game.slot(OUT).cards] == ["4S"]
    game.play(Move(LINE[2], 1, LINE[1]))  # 9H onto 9D: same rank, and 5S moves left
    assert line(game) == "2C 9H 5S" and game.score == 2


def test_a_card_covers_the_card_three_places_to_its_left() -> None:
    game = made_game("QC 3D 4H 5C 8S")
    assert game.legal_actions() == [Move(LINE[3], 1, LINE[0])]
    game.play(Move(LINE[3], 1, LINE[0]))
    assert line(game) == "5C 3D 4H 8S"


@pytest.mark.parametrize(("source", "target", "count", "why"), [
    (4, 2, 1, "A card can only cover the card one place or three places to its left."),
    (4, 5, 1, "A card can only cover the card one place or three places to its left."),
    (4, 3, 1, "9♥ can only cover a card of its own suit or rank."),
    (4, OUT, 1, "A card can only cover the card one place or three places to its left."),
    (4, 6, 1, "A card can only cover the card one place or three places to its left."),  # empty
])
def test_refused_moves(source: int, target: int | str, count: int, why: str) -> None:
    game = made_game("2C KD 5S 9H 9D")
    assert refusal(game, source, target, count) == why


def test_the_first_card_and_the_foundation_stay() -> None:
    game = made_game("2C 2D", out="7C")
    assert refusal(game, 1, 2) == "The first card of the line has nothing to its left to cover."
    variant, board = game.variant, game.board
    assert str(variant.pick_up_refusal(board, board.slot(OUT), 1)) == "Cards on a foundation stay there."


def test_double_click_prefers_three_places_then_one() -> None:
    game = made_game("7C 2C 3H 7S 7H")
    game.double_click(LINE[3])  # 7S onto 7C, three places to its left
    assert line(game) == "7S 2C 3H 7H"
    game.double_click(LINE[3])  # 7H could cover 3H or 7S: three places to its left comes first
    assert line(game) == "7H 2C 3H"
    with pytest.raises(IllegalAction):
        game.double_click(LINE[1])  # 2C has nothing to cover


def test_send_all_up_does_nothing_and_nothing_goes_by_itself() -> None:
    game = made_game("7C 7S")
    assert not game.can_send_all_up
    with pytest.raises(IllegalAction):
        game.play(SendAllUp())
    assert game.variant.safe_up_move(game.board) is None


def test_the_hint_names_the_first_card_that_can_move() -> None:
    game = made_game("2C KH 5S 9H 9D")
    hint = game.hint()
    assert hint is not None and hint.action == Move(LINE[4], 1, LINE[3])
    assert str(hint.text) == "Move 9♦ onto 9♥."


def test_won_with_one_card_left_and_lost_when_stuck() -> None:
    game = made_game("7C 7S", out="")
    game.play(Move(LINE[1], 1, LINE[0]))
    assert game.status is Status.WON and line(game) == "7S"
    assert made_game("7C 2D 3H").status is Status.LOST
