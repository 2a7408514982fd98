"""Clock's rules on hand-made positions: the one move, its refusals, the card that comes out, the
Kings that stay in the middle, double-click, and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from aisle_clock import Clock
from aisle_clock.game import MIDDLE

from aisle.engine import Board, Card, Game, IllegalAction, Move, SendAllUp, Status, new_deck


def made_game(piles: Mapping[int, str]) -> Game:
    """A game whose pile of rank n holds the cards named ("~" marks a face-down card, bottom
    first; 13 is the middle pile); the other cards are left out, which the rules never look at."""
    variant = Clock()
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    board = Board(variant.layout(), cards, {})
    for rank, codes in piles.items():
        picked: list[Card] = []
        for code in codes.split():
            card = by_code.pop(code.lstrip("~"))
            card.face_up = not code.startswith("~")
            picked.append(card)
        board.place(f"tableau-{rank}", picked)
    return Game(variant, 0, board)


def codes(game: Game, rank: int) -> str:
    return " ".join(("" if card.face_up else "~") + card.code for card in game.slot(f"tableau-{rank}").cards)


def refusal(game: Game, source: str, target: str, count: int = 1) -> str | None:
    variant, board = game.variant, game.board
    why = variant.pick_up_refusal(board, board.slot(source), count) or variant.drop_refusal(
        board, board.slot(source), count, board.slot(target))
    return None if why is None else str(why)


@pytest.fixture
def game() -> Game:
    return made_game({7: "~3C ~4C ~5C ~6C", 5: "~JC ~QC ~KC ~AC", 9: "~9C ~10C ~9D ~9S",
                      3: "~2S ~3S ~4S ~5S", 13: "~2C ~7H ~8H 7D"})


def test_the_middle_card_goes_onto_the_pile_of_its_rank(game: Game) -> None:
    assert game.legal_actions() == [Move(MIDDLE, 1, "tableau-7")]
    assert refusal(game, MIDDLE, "tableau-7") is None
    game.play(Move(MIDDLE, 1, "tableau-7"))
    # The seven lies on top, face up; the pile's bottom card comes out on top of the middle pile.
    assert codes(game, 7) == "~4C ~5C ~6C 7D"
    assert codes(game, 13) == "~2C ~7H ~8H 3C"
    assert game.score == 1


@pytest.mark.parametrize(("source", "target", "count", "why"), [
    (MIDDLE, "tableau-5", 1, "7♦ can only go onto the pile of its own rank."),
    (MIDDLE, "tableau-9", 1, "7♦ can only go onto the pile of its own rank."),
    (MIDDLE, "tableau-7", 2, "Only the top card of the middle pile can be moved."),
    ("tableau-9", "tableau-7", 1, "Only the top card of the middle pile can be moved."),
])
def test_refused_moves(game: Game, source: str, target: str, count: int, why: str) -> None:
    assert refusal(game, source, target, count) == why


def test_a_king_stays_in_the_middle_and_the_bottom_card_comes_up() -> None:
    game = made_game({7: "~KC ~4C ~5C ~6C", 13: "~2C ~7H ~8H 7D"})
    game.play(Move(MIDDLE, 1, "tableau-7"))
    # KC came out, so it went under at once and the middle pile's bottom card came up.
    assert codes(game, 13) == "~7H ~8H KC 2C"
    assert game.status is Status.PLAYING and game.legal_actions() == [Move(MIDDLE, 1, "tableau-2")]


def test_the_fourth_king_ends_the_game_lost_while_cards_lie_face_down() -> None:
    game = made_game({7: "~KC ~4C ~5C ~6C", 4: "~4D ~4S 4H ~AD", 13: "KD KH KS 7D"})
    game.play(Move(MIDDLE, 1, "tableau-7"))
    assert codes(game, 13) == "KD KH KS KC"
    assert game.status is Status.LOST and game.hint() is None
    assert refusal(game, MIDDLE, "tableau-13") == "Kings stay in the middle pile."


def test_won_when_every_card_is_face_up() -> None:
    game = made_game({7: "~KC 7H 7S 7C", 13: "KD KH KS 7D"})
    game.play(Move(MIDDLE, 1, "tableau-7"))
    assert game.status is Status.WON


def test_double_click_on_the_middle_or_on_the_right_pile(game: Game) -> None:
    with pytest.raises(IllegalAction):
        game.double_click("tableau-5")
    game.double_click("tableau-7")
    assert codes(game, 7).endswith("7D")
    game.double_click(MIDDLE)  # the 3C goes onto its pile
    assert codes(game, 3).endswith("3C")


def test_nothing_to_send_up_and_a_hint_that_names_the_move(game: Game) -> None:
    assert not game.can_send_all_up
    with pytest.raises(IllegalAction):
        game.play(SendAllUp())
    hint = game.hint()
    assert hint is not None and hint.action == Move(MIDDLE, 1, "tableau-7")
    assert str(hint.text) == "Move 7♦ onto the pile of its rank."
    assert str(game.status_text) == "Face-down cards left: 19"
