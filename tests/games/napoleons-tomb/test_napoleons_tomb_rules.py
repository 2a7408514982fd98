"""Napoleon's Tomb's rules on hand-made positions: the corner and centre foundations, the
reserves, the stock and its passes, double-click, Send All Up, automatic moves, hints and the end."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from aisle_napoleons_tomb import NapoleonsTomb
from aisle_napoleons_tomb.game import CENTRE

from aisle.engine import Board, Card, Deal, Game, IllegalAction, Move, SendAllUp, Status, new_deck


def made_game(slots: Mapping[str, str], deal: str = "single", passes: int = 0) -> Game:
    """A game holding the cards named per slot ("6C 5H", bottom first; the stock's last card is
    dealt first and lies face down); the other cards are left out, which the rules never look at."""
    variant = NapoleonsTomb({"deal": deal})
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    state = variant.initial_state()
    if passes:
        state["passes"] = passes
    board = Board(variant.layout(), cards, state)
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


CORNER_UP = "The corner foundations are built up: the card must be one rank higher than the top card."
CENTRE_DOWN = "The centre foundation is built down: the card must be one rank lower than its top card."
CENTRE_SIX = "The centre foundation takes a 6 when it is empty or shows an Ace."


@pytest.mark.parametrize(("target", "on", "card", "why"), [
    ("foundation-1", "", "7H", None),
    ("foundation-5", "", "8H", "An empty corner foundation takes only a 7."),
    ("foundation-2", "7C", "8H", None),  # whatever the suit
    ("foundation-2", "7C 8H", "10S", CORNER_UP),
    ("foundation-4", "7C 8H 9D 10S JC QD", "KS", None),
    (CENTRE, "", "6D", None),
    (CENTRE, "", "5D", CENTRE_SIX),
    (CENTRE, "6D", "5S", None),
    (CENTRE, "6D 5S", "3S", CENTRE_DOWN),
    (CENTRE, "6D 5S 4H 3C 2D AC", "6H", None),  # after the Ace, a 6 again
    (CENTRE, "6D 5S 4H 3C 2D AC", "KH", CENTRE_SIX),
])
def test_the_foundations(target: str, on: str, card: str, why: str | None) -> None:
    game = made_game({target: on, "waste": f"9C {card}", "stock": "2H"})
    assert refusal(game, "waste", target) == why
    assert refusal(game, "waste", target) == refusal(made_game({target: on, "reserve-2": card}), "reserve-2",
                                                     target)


def test_the_reserves_hold_one_card_and_nothing_else_moves() -> None:
    game = made_game({"waste": "2C 9C", "reserve-1": "KH", "foundation-1": "7S", "stock": "2H"})
    assert refusal(game, "waste", "reserve-2") is None
    assert refusal(game, "reserve-1", "reserve-3") is None
    assert refusal(game, "waste", "reserve-1") == "This free cell is already taken."
    assert refusal(game, "waste", "reserve-2", 2) == "Only the top card of the waste can be played."
    assert refusal(game, "foundation-1", "reserve-2") == "Cards on a foundation stay there."
    assert refusal(game, "reserve-1", "waste") == (
        "Nothing can be put onto the waste; it is filled from the stock.")
    assert refusal(game, "stock", "reserve-2") == "Cards cannot be taken from the stock; click it to deal."


def test_single_card_deals_go_through_the_stock_once() -> None:
    game = made_game({"stock": "7H 9C"})
    assert str(game.status_text) == "Stock left: 2"
    game.play(Deal())
    game.play(Deal())
    assert codes(game, "waste") == ["9C", "7H"]
    assert str(game.why_not(Deal())) == "The stock is empty."


def test_three_card_deals_turn_three_and_allow_two_redeals() -> None:
    game = made_game({"stock": "7H 9C 10C 2S"}, deal="three")
    assert str(game.status_text) == "Stock left: 4   Redeals left: 2"
    game.play(Deal())
    assert codes(game, "waste") == ["2S", "10C", "9C"]
    game.play(Deal())
    game.play(Deal())  # the waste goes back
    assert codes(game, "stock") == ["7H", "9C", "10C", "2S"] and game.state["passes"] == 1
    assert str(game.status_text) == "Stock left: 4   Redeals left: 1"


def test_double_click_sends_up_else_parks_a_waste_card() -> None:
    game = made_game({"waste": "3C 8D", "reserve-1": "6S", "foundation-1": "7C", "stock": "5H"})
    game.double_click("reserve-1")
    assert codes(game, CENTRE) == ["6S"]
    game.double_click("waste")
    assert codes(game, "foundation-1") == ["7C", "8D"]
    game.double_click("waste")  # 3C fits nowhere: into the first empty reserve
    assert codes(game, "reserve-1") == ["3C"]
    with pytest.raises(IllegalAction):
        game.double_click("reserve-1")


@pytest.mark.parametrize(("deal", "from_waste"), [("single", True), ("three", False)])
def test_send_all_up_and_automatic_moves(deal: str, from_waste: bool) -> None:
    game = made_game({"waste": "3C 7D", "reserve-2": "6S", "reserve-3": "5H", "stock": "2H 9H"}, deal=deal)
    game.play(SendAllUp())
    assert codes(game, CENTRE) == ["6S", "5H"]
    assert codes(game, "foundation-1") == (["7D"] if from_waste else [])


def test_hints_send_up_then_dig_then_deal() -> None:
    game = made_game({"waste": "6C 2S", "reserve-1": "KH", "stock": "JD"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 1, "reserve-2")
    assert str(hint.text) == "Move the top card of the waste into a free cell."
    game = made_game({"waste": "3C 2S", "stock": "7D"})
    hint = game.hint()
    assert hint is not None and hint.action == Deal() and str(hint.text) == "Deal a new card from the stock."
    game = made_game({"waste": "6C 2S", "stock": "JD"})
    game.play(Move("waste", 1, "reserve-1"))
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 1, CENTRE)


def test_lost_when_no_card_within_reach_fits() -> None:
    # 6C lies two below the top, with one empty reserve: out of reach for good.
    game = made_game({"waste": "6C 2S 3S", "reserve-1": "KH", "reserve-2": "QH", "reserve-3": "JH"})
    assert game.status is Status.LOST and game.hint() is None
    game = made_game({"waste": "6C 2S 3S", "reserve-1": "KH", "reserve-2": "QH"})
    assert game.status is Status.PLAYING
    # With a redeal left, every card of the waste comes round again.
    game = made_game({"waste": "6C 2S 3S", "reserve-1": "KH", "reserve-2": "QH", "reserve-3": "JH"},
                     deal="three", passes=1)
    assert game.status is Status.PLAYING
