"""Osmosis's rules on hand-made positions: each move kind allowed and refused with its reason,
the stock and its passes, double-click, Send All Up, automatic moves and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from aisle_osmosis import Osmosis

from aisle.engine import Board, Card, Deal, Game, IllegalAction, Move, SendAllUp, Status, new_deck

PILES = tuple(f"tableau-{n}" for n in range(1, 5))


def made_game(slots: Mapping[str, str], deal: str = "single", passes: int = 0) -> Game:
    """A game holding the cards named per slot ("QC 3C", bottom first; "~" marks a face-down
    card; the stock's last card is dealt first and lies face down); the other cards are left
    out, which the rules never look at."""
    variant = Osmosis({"deal": deal})
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    state = variant.initial_state()
    if passes:
        state["passes"] = passes
    board = Board(variant.layout(), cards, state)
    for slot_id, codes in slots.items():
        picked: list[Card] = []
        for code in codes.split():
            card = by_code.pop(code.lstrip("~"))
            card.face_up = not code.startswith("~") and slot_id != "stock"
            picked.append(card)
        board.place(slot_id, picked)
    return Game(variant, 0, board)


def codes(game: Game, slot_id: str) -> list[str]:
    return [("" if card.face_up else "~") + card.code for card in game.slot(slot_id).cards]


def refusal(game: Game, source: str, target: str, count: int = 1) -> str | None:
    """The rules' answer to a move, asked of the variant (a hand-made position may be over)."""
    variant, board = game.variant, game.board
    why = variant.pick_up_refusal(board, board.slot(source), count) or variant.drop_refusal(
        board, board.slot(source), count, board.slot(target))
    return None if why is None else str(why)


# -- onto the foundations ------------------------------------------------------------------------
@pytest.mark.parametrize(("foundations", "card", "target", "why"), [
    # Foundation 1 takes any card of its suit, in any order of rank.
    (["QC"], "3C", "foundation-1", None),
    (["QC 3C"], "KC", "foundation-1", None),
    (["QC"], "3D", "foundation-1", "A foundation takes only cards of its own suit."),
    # An empty foundation takes the base rank, once the foundations above it are started.
    (["QC"], "QD", "foundation-2", None),
    (["QC"], "5D", "foundation-2", "Only a card of the base rank, Q, can start an empty foundation."),
    (["QC"], "QD", "foundation-3",
     "The foundations are started in order: foundation 2 is still empty."),
    (["QC", "QD"], "QH", "foundation-3", None),
    # The others take their suit, in ranks already on the foundation above.
    (["QC 3C 8C", "QD"], "3D", "foundation-2", None),
    (["QC 3C 8C", "QD 3D"], "8D", "foundation-2", None),
    (["QC 3C 8C", "QD"], "4D", "foundation-2",
     "4♦ can go onto this foundation only once a card of its rank lies on the foundation above."),
    (["QC 3C", "QD 3D", "QH"], "8H", "foundation-3",
     "8♥ can go onto this foundation only once a card of its rank lies on the foundation above."),
    (["QC 3C", "QD"], "3H", "foundation-2", "A foundation takes only cards of its own suit."),
])
def test_the_foundations_rule(foundations: list[str], card: str, target: str, why: str | None) -> None:
    slots = {f"foundation-{n}": codes for n, codes in enumerate(foundations, start=1)}
    game = made_game({**slots, "tableau-1": f"~2S {card}", "waste": "9S"})
    assert refusal(game, "tableau-1", target) == why
    assert (Move("tableau-1", 1, target) in game.legal_actions()) == (why is None)


def test_a_card_goes_up_from_the_waste_too_and_scores() -> None:
    game = made_game({"foundation-1": "QC", "waste": "8S 3C"})
    assert game.score == 1
    game.play(Move("waste", 1, "foundation-1"))
    assert codes(game, "foundation-1") == ["QC", "3C"] and game.score == 2


# -- what is refused elsewhere -------------------------------------------------------------------
def test_only_single_top_cards_move_and_only_onto_foundations() -> None:
    game = made_game({"foundation-1": "QC", "foundation-2": "QD", "tableau-1": "~2S 4C",
                      "tableau-2": "3D", "waste": "8S 5C", "stock": "9H"})
    assert refusal(game, "tableau-1", "foundation-1", 2) == "Face-down cards cannot be picked up."
    assert refusal(game, "waste", "foundation-1", 2) == "Only the top card of the waste can be played."
    assert refusal(game, "foundation-1", "tableau-2") == "Cards on a foundation stay there."
    assert refusal(game, "tableau-1", "tableau-2") == "Nothing can be put onto this pile."
    assert refusal(game, "tableau-2", "waste") == (
        "Nothing can be put onto the waste; it is filled from the stock.")
    assert refusal(game, "tableau-2", "stock") == "Nothing can be put onto the stock."
    assert refusal(game, "stock", "foundation-1") == "Cards cannot be taken from the stock; click it to deal."


def test_two_face_up_cards_of_a_pile_never_move_together() -> None:
    game = made_game({"foundation-1": "QC", "tableau-1": "4C 5C"})
    assert refusal(game, "tableau-1", "foundation-1", 2) == "Only the top card of a pile can be moved."


def test_an_empty_pile_takes_nothing() -> None:
    game = made_game({"foundation-1": "QC", "tableau-2": "3D"})
    assert refusal(game, "tableau-2", "tableau-1") == "Nothing can be put onto an empty pile."


def test_the_card_under_a_moved_one_turns_up() -> None:
    game = made_game({"foundation-1": "QC", "tableau-1": "~2S ~7H 4C", "stock": "9H"})
    game.play(Move("tableau-1", 1, "foundation-1"))
    assert codes(game, "tableau-1") == ["~2S", "7H"]


# -- the stock -----------------------------------------------------------------------------------
def test_single_card_deals_go_through_the_stock_three_times() -> None:
    game = made_game({"foundation-1": "QS", "tableau-1": "2H", "stock": "3S 9S"})
    for passes in range(3):
        assert str(game.status_text) == f"Stock left: 2   Redeals left: {2 - passes}"
        game.play(Deal())
        assert codes(game, "waste") == ["9S"]
        game.play(Deal())
        assert codes(game, "waste") == ["9S", "3S"]
        if passes < 2:
            game.play(Deal())  # the waste goes back, its order kept
            assert codes(game, "stock") == ["~3S", "~9S"] and game.state["passes"] == passes + 1
    assert str(game.why_not(Deal())) == "The stock is empty."


def test_three_card_deals_turn_three_and_redeal_without_end() -> None:
    game = made_game({"foundation-1": "QS", "tableau-1": "2H", "stock": "3S 4S 5S 6S"}, deal="three")
    game.play(Deal())
    assert codes(game, "waste") == ["6S", "5S", "4S"]
    game.play(Deal())
    game.play(Deal())
    assert codes(game, "stock") == ["~3S", "~4S", "~5S", "~6S"] and "passes" not in game.state
    assert str(game.status_text) == "Stock left: 4"


# -- double-click, Send All Up and automatic moves -----------------------------------------------
def test_double_click_sends_the_top_card_where_it_fits() -> None:
    game = made_game({"foundation-1": "QC 5C", "foundation-2": "QD", "tableau-1": "5D",
                      "tableau-2": "QH", "tableau-3": "4D", "stock": "9H"})
    game.double_click("tableau-2")  # the base rank starts the first empty foundation
    game.double_click("tableau-1")
    assert codes(game, "foundation-3") == ["QH"] and codes(game, "foundation-2") == ["QD", "5D"]
    with pytest.raises(IllegalAction):
        game.double_click("tableau-3")  # 4D has no place yet
    assert codes(game, "tableau-3") == ["4D"]


def test_send_all_up_and_a_double_click_on_a_foundation_send_only_safe_cards() -> None:
    game = made_game({"foundation-1": "QC 5C", "foundation-2": "QD", "tableau-1": "~QS 6C",
                      "tableau-2": "QH 5D", "tableau-3": "9C", "stock": "9H"})
    game.play(SendAllUp())
    assert codes(game, "foundation-1") == ["QC", "5C", "6C", "9C"]
    assert codes(game, "foundation-2") == ["QD", "5D"]
    # QH and QS could start foundation 3: that is the player's choice.
    assert codes(game, "tableau-2") == ["QH"] and codes(game, "tableau-1") == ["QS"]
    with pytest.raises(IllegalAction):
        game.double_click("foundation-1")


@pytest.mark.parametrize(("deal", "from_waste"), [("single", True), ("three", False)])
def test_automatic_moves(deal: str, from_waste: bool) -> None:
    game = made_game({"foundation-1": "QC", "tableau-1": "QD 2D", "waste": "3C",
                      "stock": "9H 9S"}, deal=deal)
    assert game.variant.safe_up_move(game.board) == (Move("waste", 1, "foundation-1") if from_waste else None)
    game = made_game({"foundation-1": "QC", "tableau-1": "2D 4C", "stock": "9H"}, deal=deal)
    assert game.variant.safe_up_move(game.board) == Move("tableau-1", 1, "foundation-1")


# -- hints and the end ---------------------------------------------------------------------------
def test_the_hint_sends_a_card_up_first_then_deals_towards_one() -> None:
    game = made_game({"foundation-1": "QC", "tableau-2": "4C", "stock": "3C 9S"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "foundation-1")
    assert str(hint.text) == "Move 4♣ onto foundation 1."
    game = made_game({"foundation-1": "QC", "tableau-2": "4H", "stock": "3C 9S"})
    hint = game.hint()
    assert hint is not None and hint.action == Deal() and str(hint.text) == "Deal a new card from the stock."


def test_lost_when_no_card_that_will_ever_show_fits() -> None:
    game = made_game({"foundation-1": "QC", "tableau-1": "4H", "stock": "9S 8S", "waste": "7S"},
                     passes=2)
    assert game.status is Status.LOST and game.hint() is None
    # With a pass left, the waste's cards come round again: the 3C below its top.
    game = made_game({"foundation-1": "QC", "tableau-1": "4H", "stock": "9S", "waste": "3C 7S"},
                     passes=1)
    assert game.status is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Deal()


@pytest.mark.parametrize(("waste", "lost"), [("", True), ("9D", False)])
def test_three_card_deals_reach_only_every_third_card(waste: str, lost: bool) -> None:
    # The stock deals 8S first: its first three show 4S on top; 3C is covered. After a redeal
    # the cards come round shifted by the waste's card, and 3C shows.
    game = made_game({"foundation-1": "QC", "tableau-1": "4H", "stock": "4S 3C 8S", "waste": waste},
                     deal="three")
    assert (game.status is Status.LOST) == lost
