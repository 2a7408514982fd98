"""Sir Tommy's rules on hand-made positions: the one-card waste, the reserve piles, foundations of
any suit, double-click, Send All Up, automatic moves, hints and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from aisle_sir_tommy import SirTommy

from aisle.engine import Board, Card, Deal, Game, IllegalAction, Move, SendAllUp, Status, new_deck


def made_game(slots: Mapping[str, str]) -> Game:
    """A game holding the cards named per slot (bottom first; the stock's last card is dealt first
    and lies face down); the other cards are left out, which the rules never look at."""
    variant = SirTommy()
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    board = Board(variant.layout(), cards, variant.initial_state())
    for slot_id, codes in slots.items():
        picked: list[Card] = []
        for code in codes.split():
            card = by_code.pop(code)
            card.face_up = slot_id != "stock"
            picked.append(card)
        board.place(slot_id, picked)
    return Game(variant, 0, board)


def codes(game: Game, slot_id: str) -> list[str]:
    return [card.code for card in game.slot(slot_id).cards]


def refusal(game: Game, source: str, target: str, count: int = 1) -> str | None:
    variant, board = game.variant, game.board
    why = variant.pick_up_refusal(board, board.slot(source), count) or variant.drop_refusal(
        board, board.slot(source), count, board.slot(target))
    return None if why is None else str(why)


@pytest.mark.parametrize(("source", "target", "why"), [
    ("waste", "tableau-1", None),  # onto any card
    ("waste", "tableau-3", None),  # or into an empty pile
    ("waste", "foundation-2", None),  # the next rank, whatever the suit
    ("tableau-2", "foundation-1", None),
    ("tableau-1", "foundation-2", "This card must be one rank higher than the top card of the foundation."),
    ("tableau-1", "foundation-3", "Only an Ace can start an empty foundation."),
    ("tableau-1", "tableau-3", "Only the card of the waste can be put onto a reserve pile."),
    ("tableau-1", "tableau-2", "Only the card of the waste can be put onto a reserve pile."),
    ("foundation-1", "tableau-3", "Cards on a foundation stay there."),
    ("tableau-1", "waste", "Nothing can be put onto the waste; it is filled from the stock."),
])
def test_moves(source: str, target: str, why: str | None) -> None:
    game = made_game({"waste": "4S", "tableau-1": "KD 9C", "tableau-2": "QH 2C",
                      "foundation-1": "AH", "foundation-2": "AS 2D 3D", "stock": "7C"})
    assert refusal(game, source, target) == why


def test_only_the_top_card_of_a_pile_moves() -> None:
    game = made_game({"tableau-1": "KD 9C", "stock": "7C"})
    assert refusal(game, "tableau-1", "foundation-1", 2) == "Only the top card of a pile can be moved."


def test_the_waste_holds_one_card() -> None:
    game = made_game({"stock": "7C 5H"})
    assert str(game.status_text) == "Stock left: 2"
    game.play(Deal())
    assert codes(game, "waste") == ["5H"]
    assert str(game.why_not(Deal())) == "The waste holds only one card: play it before you deal the next."
    game.play(Move("waste", 1, "tableau-2"))
    game.play(Deal())
    assert codes(game, "waste") == ["7C"] and codes(game, "stock") == []


def test_double_click_send_all_up_and_automatic_moves() -> None:
    game = made_game({"waste": "2S", "tableau-1": "3C AH", "tableau-2": "4D", "stock": "7C"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == ["AH"]
    assert game.variant.safe_up_move(game.board) == Move("waste", 1, "foundation-1")
    game.play(SendAllUp())
    assert codes(game, "foundation-1") == ["AH", "2S", "3C", "4D"]
    with pytest.raises(IllegalAction):
        game.double_click("foundation-1")


@pytest.mark.parametrize(("piles", "target"), [
    ({"tableau-1": "9C", "tableau-2": "QH", "tableau-3": "6D"}, "tableau-3"),  # the lowest above 5H
    ({"tableau-1": "4C", "tableau-2": "3H"}, "tableau-3"),  # else an empty pile
    ({"tableau-1": "4C", "tableau-2": "3H", "tableau-3": "4S", "tableau-4": "5C"}, "tableau-4"),
])
def test_the_hint_puts_the_waste_card_where_it_blocks_least(piles: dict[str, str], target: str) -> None:
    game = made_game({"waste": "5H", **piles, "foundation-1": "AD", "stock": "7C"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 1, target)
    assert str(hint.text) == f"Move 5♥ onto tableau pile {target[-1]}."


def test_the_hint_sends_up_first_then_deals() -> None:
    game = made_game({"tableau-2": "4C AD", "stock": "7C"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "foundation-1")
    game.play(hint.action)
    hint = game.hint()
    assert hint is not None and hint.action == Deal()


def test_lost_when_the_stock_is_out_and_nothing_goes_up() -> None:
    game = made_game({"waste": "5H", "tableau-1": "4C", "foundation-1": "AD"})
    assert game.status is Status.LOST and game.hint() is None
    assert made_game({"waste": "2H", "foundation-1": "AD"}).status is Status.PLAYING
