"""Kansas' rules on hand-made positions: foundations from the base card round the corner, piles
built down whatever the suit, groups moved, the reserve refilling piles, the waste into an empty
pile once the reserve is empty, the single pass, double-click, Send All Up, safe moves, the loss."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from aisle_kansas import Kansas

from aisle.engine import Board, Deal, Game, IllegalAction, Move, SendAllUp, Status, new_deck


def made_game(slots: Mapping[str, str]) -> Game:
    """A game whose slots hold the cards named, bottom first ("~" a face-down card); the other
    cards are left out, which the rules never look at."""
    variant = Kansas()
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    board = Board(variant.layout(), cards, variant.initial_state())
    for slot_id, codes in slots.items():
        for code in codes.split():
            card = by_code.pop(code.lstrip("~"))
            card.face_up = not code.startswith("~")
            board.place(slot_id, [card])
    return Game(variant, 0, board)


def codes(game: Game, slot_id: str) -> str:
    return " ".join(("" if card.face_up else "~") + card.code for card in game.slot(slot_id).cards)


def refusal(game: Game, source: str, target: str, count: int = 1) -> str | None:
    variant, board = game.variant, game.board
    why = variant.pick_up_refusal(board, board.slot(source), count) or variant.drop_refusal(
        board, board.slot(source), count, board.slot(target))
    return None if why is None else str(why)


@pytest.fixture
def game() -> Game:
    return made_game({"stock": "~2H ~9D", "waste": "4D", "foundation-1": "QS", "foundation-2": "QD",
                      "reserve": "~5C ~KD AS", "tableau-1": "KS 2C 7H", "tableau-2": "8C",
                      "tableau-3": "AH"})


def test_the_status_line_names_the_base_card(game: Game) -> None:
    assert str(game.status_text) == "Stock: 2   Reserve: 3   Base: Q"
    assert game.score == 2 and game.max_score == 52


@pytest.mark.parametrize(("source", "target", "count"), [
    ("tableau-1", "tableau-2", 1),      # 7H onto 8C: down whatever the suit
    ("tableau-1", "tableau-3", 3),      # KS 2C 7H onto AH: a King onto an Ace, the group unsorted
])
def test_legal_moves_onto_piles(game: Game, source: str, target: str, count: int) -> None:
    assert refusal(game, source, target, count) is None
    game.play(Move(source, count, target))
    assert len(game.slot(target).cards) == 1 + count


@pytest.mark.parametrize(("source", "target", "count", "why"), [
    ("tableau-1", "tableau-2", 2, "2♣ cannot go onto 8♣."),
    ("reserve", "tableau-3", 1, "A♠ cannot go onto A♥."),
    ("foundation-1", "tableau-2", 1, "Cards on a foundation stay there."),
    ("stock", "tableau-2", 1, "Cards cannot be taken from the stock; click it to deal."),
    ("reserve", "tableau-2", 2, "Only the top card of the reserve can be played."),
    ("tableau-1", "foundation-3", 2, "Cards go onto a foundation one at a time."),
    ("tableau-2", "foundation-3", 1, "Only a card of the base rank, Q, can start an empty foundation."),
    ("waste", "foundation-2", 1,
     "4♦ must be the next card of the foundation: one rank higher, or an Ace on a King."),
])
def test_refused_moves(game: Game, source: str, target: str, count: int, why: str) -> None:
    assert refusal(game, source, target, count) == why
    with pytest.raises(IllegalAction):
        game.play(Move(source, count, target))


def test_the_reserve_goes_onto_a_pile_and_turns_its_next_card() -> None:
    game = made_game({"foundation-1": "QS", "tableau-1": "2D", "reserve": "~5C AS", "stock": "~5D"})
    game.play(Move("reserve", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "2D AS" and codes(game, "reserve") == "5C"


def test_foundations_go_round_the_corner_from_the_base_card() -> None:
    game = made_game({"foundation-1": "QS KS", "tableau-1": "AS", "tableau-2": "QH", "reserve": "~3C 2C",
                      "stock": "~5D"})
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert codes(game, "foundation-1") == "QS KS AS"
    game.play(Move("tableau-2", 1, "foundation-2"))
    assert game.score == 4


def test_the_reserve_refills_and_turns_its_next_card() -> None:
    game = made_game({"foundation-1": "QS", "tableau-1": "KS", "tableau-2": "AH", "tableau-3": "8C",
                      "reserve": "~5C 2D", "stock": "~5D"})
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert codes(game, "tableau-1") == "2D" and codes(game, "reserve") == "5C"


def test_once_the_reserve_is_empty_only_the_waste_fills_a_pile() -> None:
    game = made_game({"foundation-1": "QS", "tableau-1": "KS", "tableau-2": "AH 9C", "tableau-3": "8C",
                      "waste": "4D", "stock": "~5D"})
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert codes(game, "tableau-1") == ""
    assert refusal(game, "waste", "tableau-1") is None
    assert refusal(game, "tableau-2", "tableau-1") == (
        "An empty pile takes only the waste's top card, once the reserve is empty.")
    assert Move("waste", 1, "tableau-1") in game.legal_actions()
    assert Move("tableau-2", 1, "tableau-1") not in game.legal_actions()
    game.play(Move("waste", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "4D"


def test_the_stock_deals_one_card_and_is_gone_through_once() -> None:
    game = made_game({"foundation-1": "QS", "tableau-1": "KS", "stock": "~5D", "waste": "4D"})
    game.play(Deal())
    assert codes(game, "waste") == "4D 5D" and codes(game, "stock") == ""
    assert game.why_not(Deal()) is not None


def test_double_click_and_send_all_up() -> None:
    game = made_game({"foundation-1": "QS", "foundation-2": "QH", "tableau-1": "KS", "tableau-2": "KH",
                      "tableau-3": "3C", "stock": "~5D"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "QS KS"
    game.undo()
    game.play(SendAllUp())
    assert codes(game, "foundation-1") == "QS KS" and codes(game, "foundation-2") == "QH KH"


def test_safe_cards_go_up_by_themselves_with_automatic_moves() -> None:
    game = made_game({"foundation-1": "QS", "foundation-2": "QH", "foundation-3": "QC",
                      "foundation-4": "QD", "tableau-1": "KS", "tableau-2": "8C", "tableau-3": "3C",
                      "stock": "~5D"})
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")


def test_no_move_left_is_a_loss() -> None:
    game = made_game({"foundation-1": "QS", "tableau-1": "5S", "tableau-2": "9C", "tableau-3": "2H"})
    assert game.legal_actions() == [] and game.status is Status.LOST


def test_the_game_is_won_with_every_card_up() -> None:
    ranks = ("Q", "K", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J")
    game = made_game({f"foundation-{n}": " ".join(rank + suit for rank in ranks)
                      for n, suit in enumerate("SHCD", start=1)})
    assert game.score == 52 and game.status is Status.WON
