"""Forty Thieves' rules (docs/rules/forty-thieves.md), one rule per test.

Positions come from real deals, or from `arranged()` (test_forty_thieves_setup.py).
"""

from __future__ import annotations

import pytest
from aisle_forty_thieves import FortyThieves
from aisle_forty_thieves.layout import FOUNDATION_IDS, PILE_IDS
from test_forty_thieves_setup import arranged, codes

from aisle.engine import Deal, Fan, Game, IllegalAction, Move, SlotKind, Status, new_deck
from aisle.engine.rng import Pcg32, stream_of
from aisle.i18n import Text
from aisle.registry.games import new_game

#: The eight Kings fill piles 3-10, where nothing can go onto them and they go nowhere.
KINGS = {f"tableau-{n}": king
         for n, king in zip(range(3, 11), ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"], strict=True)}


def refusal(game: Game, action: Move | Deal) -> str:
    reason = game.why_not(action)
    assert reason is not None, f"{action} was allowed"
    return str(reason)


def suit_up(suit: str, to: int) -> str:
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(f"{names.get(rank, rank)}{suit}" for rank in range(1, to + 1))


def full_table(**piles: str) -> dict[str, str]:
    """Piles 3-10 hold a King each unless given; piles 1 and 2 as given."""
    return {**KINGS, **{pile.replace("_", "-"): cards for pile, cards in piles.items()}}


# -- layout ------------------------------------------------------------------------------------
def test_slots_follow_the_reference_grid() -> None:
    specs = FortyThieves().layout()
    assert [spec.id for spec in specs] == ["stock", *FOUNDATION_IDS, "waste", *PILE_IDS]
    assert (specs[0].kind, specs[0].x, specs[0].y) == (SlotKind.STOCK, 0, 0)
    assert [(s.kind, s.x, s.y) for s in specs[1:9]] == [(SlotKind.FOUNDATION, x, 0) for x in range(2, 10)]
    waste = specs[9]
    assert (waste.kind, waste.x, waste.y, waste.fan, waste.fan_limit) == (
        SlotKind.WASTE, 0, 1, Fan.RIGHT, None)
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[10:]] == [(SlotKind.TABLEAU, x, 2, Fan.DOWN)
                                                                for x in range(10)]


def test_the_game_describes_itself() -> None:
    assert FortyThieves.id == "forty-thieves" and FortyThieves.help_page == "forty-thieves"
    assert str(FortyThieves.name) == "Forty Thieves" and str(FortyThieves.description)
    assert FortyThieves.decks == 2 and FortyThieves.options == ()
    assert FortyThieves.has_deal_action is True and FortyThieves().max_score() == 1000


# -- the deal ----------------------------------------------------------------------------------
def test_deal_is_ten_piles_of_four_face_up_and_a_stock_of_sixty_four() -> None:
    game = new_game("forty-thieves", 1)
    assert [len(game.slot(p).cards) for p in PILE_IDS] == [4] * 10
    assert all(card.face_up for p in PILE_IDS for card in game.slot(p).cards)
    stock = game.slot("stock").cards
    assert len(stock) == 64 and not any(card.face_up for card in stock)
    assert game.slot("waste").cards == [] and not any(game.slot(f).cards for f in FOUNDATION_IDS)
    assert (game.score, game.status, str(game.status_text)) == (0, Status.PLAYING, "Stock left: 64")


def test_deal_goes_round_the_piles_four_times() -> None:
    deck = new_deck(2)
    Pcg32(3, stream_of("forty-thieves")).shuffle(deck)
    game = new_game("forty-thieves", 3)
    for index, pile in enumerate(PILE_IDS):
        assert [card.id for card in game.slot(pile).cards] == [deck[index + 10 * row].id for row in range(4)]
    assert [card.id for card in reversed(game.slot("stock").cards)] == [card.id for card in deck[40:]]


# -- the stock ---------------------------------------------------------------------------------
def test_a_click_turns_one_card_onto_the_waste() -> None:
    game = new_game("forty-thieves", 1)
    top = game.slot("stock").cards[-1]
    game.play(Deal())
    assert game.slot("waste").cards == [top] and top.face_up
    assert str(game.status_text) == "Stock left: 63"


def test_there_is_no_redeal() -> None:
    game = arranged({"tableau-1": "KS", "waste": "QD"}, rest="waste")
    assert refusal(game, Deal()) == "The stock is empty."
    assert Deal() not in game.legal_actions()


# -- picking up --------------------------------------------------------------------------------
def test_a_run_of_one_suit_going_down_can_be_picked_up() -> None:
    game = arranged({"tableau-1": "2C 9H 8H 7H"})
    assert game.pick_up_refusal("tableau-1", 3) is None
    assert str(game.pick_up_refusal("tableau-1", 4)) == "Only cards of one suit can be moved together."


def test_cards_of_one_suit_that_skip_a_rank_cannot_be_picked_up_together() -> None:
    game = arranged({"tableau-1": "9H 7H"})
    assert str(game.pick_up_refusal("tableau-1", 2)) == (
        "Cards moved together must go down in rank one step at a time.")


def test_only_the_top_card_of_the_waste_is_played_and_nothing_from_the_stock() -> None:
    game = arranged({"waste": "5D 6D"})
    assert str(game.pick_up_refusal("waste", 2)) == "Only the top card of the waste can be played."
    assert str(game.pick_up_refusal("stock", 1)) == "Cards cannot be taken from the stock; click it to deal."


def test_foundation_cards_stay_there() -> None:
    game = arranged({"foundation-1": "AH"})
    assert str(game.pick_up_refusal("foundation-1", 1)) == "Cards on a foundation stay there."


# -- the piles ---------------------------------------------------------------------------------
def test_piles_are_built_down_in_suit() -> None:
    game = arranged(full_table(tableau_1="9H", tableau_2="8H", tableau_3="8C", tableau_4="7H"))
    assert refusal(game, Move("tableau-3", 1, "tableau-1")) == (
        "Piles are built down by suit: 8♣ cannot go onto 9♥.")
    assert refusal(game, Move("tableau-4", 1, "tableau-1")) == "7♥ must be one rank lower than 9♥."
    game.play(Move("tableau-2", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "9H 8H"


def test_nothing_goes_onto_the_stock_or_the_waste() -> None:
    game = arranged({"tableau-1": "5D", "waste": "6D"})
    assert refusal(game, Move("tableau-1", 1, "stock")) == "Nothing can be put onto the stock."
    assert refusal(game, Move("tableau-1", 1, "waste")) == (
        "Nothing can be put onto the waste; it is filled from the stock.")


def test_without_an_empty_pile_one_card_moves_at_a_time() -> None:
    game = arranged(full_table(tableau_1="9H", tableau_2="5C 8H 7H"))
    assert refusal(game, Move("tableau-2", 2, "tableau-1")) == (
        "With the empty piles you have, only 1 card can be moved at once.")


def test_an_empty_pile_lets_two_cards_move_onto_a_card_but_one_into_it() -> None:
    game = arranged(full_table(tableau_1="9H", tableau_2="5C 8H 7H", tableau_3=""))
    assert refusal(game, Move("tableau-2", 2, "tableau-3")) == (
        "With the empty piles you have, only 1 card can be moved at once.")
    game.play(Move("tableau-2", 2, "tableau-1"))
    assert codes(game, "tableau-1") == "9H 8H 7H"


def test_two_empty_piles_let_four_cards_move() -> None:
    game = arranged(full_table(tableau_1="QH", tableau_2="5C JH 10H 9H 8H", tableau_3="", tableau_4=""))
    game.play(Move("tableau-2", 4, "tableau-1"))
    assert codes(game, "tableau-1") == "QH JH 10H 9H 8H"


def test_an_empty_pile_takes_any_card() -> None:
    game = arranged(full_table(tableau_1="", tableau_2="5C 8H"))
    game.play(Move("tableau-2", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "8H"


# -- the foundations ---------------------------------------------------------------------------
def test_foundations_build_up_in_suit_from_any_ace() -> None:
    game = arranged({"tableau-1": "2S AH", "tableau-2": "3H", "tableau-3": "2D", "tableau-4": "2H"})
    game.play(Move("tableau-1", 1, "foundation-5"))
    assert refusal(game, Move("tableau-2", 1, "foundation-5")) == (
        "This card must be one rank higher than the top card of the foundation.")
    assert refusal(game, Move("tableau-3", 1, "foundation-5")) == (
        "A foundation takes only cards of its own suit.")
    assert refusal(game, Move("tableau-1", 1, "foundation-1")) == "Only an Ace can start an empty foundation."
    game.play(Move("tableau-4", 1, "foundation-5"))
    assert codes(game, "foundation-5") == "AH 2H" and game.score == 10


def test_a_run_goes_up_in_one_move_turned_round() -> None:
    game = arranged({"foundation-1": "AH 2H", "tableau-1": "KC 5H 4H 3H"})
    game.play(Move("tableau-1", 3, "foundation-1"))
    assert codes(game, "foundation-1") == "AH 2H 3H 4H 5H" and codes(game, "tableau-1") == "KC"
    game.undo()
    assert codes(game, "tableau-1") == "KC 5H 4H 3H" and codes(game, "foundation-1") == "AH 2H"


def test_a_run_topped_by_an_ace_starts_a_foundation() -> None:
    game = arranged({"tableau-1": "KC 3S 2S AS"})
    game.play(Move("tableau-1", 3, "foundation-2"))
    assert codes(game, "foundation-2") == "AS 2S 3S"


def test_each_suit_has_two_foundations() -> None:
    game = arranged({"tableau-1": "AD", "tableau-2": "AD"})
    game.play(Move("tableau-1", 1, "foundation-1"))
    game.play(Move("tableau-2", 1, "foundation-2"))
    assert codes(game, "foundation-1") == codes(game, "foundation-2") == "AD"


# -- double-click ------------------------------------------------------------------------------
def test_double_click_sends_a_card_up_or_onto_a_pile_or_into_an_empty_pile() -> None:
    game = arranged(full_table(tableau_1="9H", tableau_2="5C 8H", tableau_3="", tableau_4="6D 4S",
                               tableau_5="AS"))
    game.double_click("tableau-5")
    assert codes(game, "foundation-1") == "AS"
    game.double_click("tableau-2")
    assert codes(game, "tableau-1") == "9H 8H"
    game.double_click("tableau-4")
    assert codes(game, "tableau-3") == "4S"
    with pytest.raises(IllegalAction):
        game.double_click("tableau-3")  # its only card: an empty pile would change nothing


def test_double_click_on_the_waste() -> None:
    game = arranged({"tableau-1": "JS", "waste": "10S"})
    game.double_click("waste")
    assert codes(game, "tableau-1") == "JS 10S" and len(game.history) == 1


def test_double_click_on_a_foundation_sends_up_every_card_that_fits() -> None:
    game = arranged({"foundation-1": "AH", "tableau-1": "KC 3H", "tableau-2": "KS 2H", "waste": "4H"},
                    rest="tableau-3")
    game.double_click("foundation-1")
    assert codes(game, "foundation-1") == "AH 2H 3H 4H" and len(game.history) == 1


def test_double_click_on_the_stock_does_nothing() -> None:
    game = new_game("forty-thieves", 1)
    with pytest.raises(IllegalAction):
        game.double_click("stock")


# -- score, win, loss --------------------------------------------------------------------------
def test_score_is_five_a_card_and_sixty_for_each_full_foundation() -> None:
    game = arranged({"foundation-1": suit_up("H", 13), "foundation-2": suit_up("S", 3)})
    assert game.score == 13 * 5 + 60 + 3 * 5


def test_won_when_all_eight_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CCDDHHSS", start=1)}
    foundations["foundation-8"] = suit_up("S", 12)
    game = arranged({**foundations, "tableau-1": "KS"}, rest="tableau-1")
    assert (game.score, game.status) == (935, Status.PLAYING)
    game.play(Move("tableau-1", 1, "foundation-8"))
    assert (game.score, game.status) == (1000, Status.WON)
    assert game.legal_actions() == [] and game.hint() is None
    assert game.why_not(Deal()) == Text("The game is over.")


def test_never_lost_while_the_stock_holds_cards() -> None:
    game = arranged(full_table(tableau_1="2C", tableau_2="2D"))
    assert game.status is Status.PLAYING and game.legal_actions() == [Deal()]


def test_lost_when_the_stock_is_empty_and_nothing_can_move() -> None:
    game = arranged({**full_table(tableau_1="2C", tableau_2="2D"), "waste": "3S"}, rest="waste")
    assert game.variant.legal_actions(game.board) == []
    assert game.status is Status.LOST and game.hint() is None


def test_lost_when_only_a_card_going_between_twins_can_move() -> None:
    game = arranged({**full_table(tableau_1="6H 5H", tableau_2="6H"), "waste": "3S"}, rest="waste")
    assert game.variant.legal_actions(game.board) == [Move("tableau-1", 1, "tableau-2")]
    assert game.status is Status.LOST


def test_not_lost_when_moves_between_the_piles_lead_to_a_card_going_up() -> None:
    # 5H can go onto the other 6H; then 6H, off 2S, onto the other 7H; then 2S goes up.
    game = arranged({**full_table(tableau_1="2S 6H 5H", tableau_2="7H 6H", tableau_3="7H"),
                     "foundation-1": "AS", "waste": "3C"}, rest="waste")
    assert game.status is Status.PLAYING
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-2")
    assert str(hint.text) == "Move 5♥ onto 6♥."
    game.play(hint.action)
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-3")
    game.play(hint.action)
    assert codes(game, "foundation-1") == "AS" and game.hint() is not None
    assert game.hint().action == Move("tableau-1", 1, "foundation-1")  # type: ignore[union-attr]


# -- hint --------------------------------------------------------------------------------------
def test_hint_order_foundation_then_waste_then_piles_then_deal() -> None:
    game = arranged({**full_table(tableau_1="9H", tableau_2="5C 8H", tableau_3="KC AD", tableau_4="JH"),
                     "waste": "10H"})
    order = []
    for _ in range(5):
        hint = game.hint()
        assert hint is not None and hint.action is not None
        order.append((str(hint.text), hint.action))
        game.play(hint.action)
    assert order == [
        ("Move A♦ onto an empty foundation slot.", Move("tableau-3", 1, "foundation-1")),
        ("Move 10♥ onto J♥.", Move("waste", 1, "tableau-4")),
        ("Move 9♥ onto 10♥.", Move("tableau-1", 1, "tableau-4")),  # the pile's only card
        ("Move 8♥ onto 9♥.", Move("tableau-2", 1, "tableau-4")),  # off 5C, where it was out of sequence
        ("Deal a new card from the stock.", Deal()),
    ]


def test_hint_puts_the_waste_card_onto_a_pile() -> None:
    game = arranged({"tableau-1": "JS", "waste": "10S"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("waste", 1, "tableau-1")
    assert str(hint.text) == "Move 10♠ onto J♠."


def test_hint_leaves_a_card_that_lies_in_sequence() -> None:
    game = arranged({"tableau-1": "9H 8H", "tableau-2": "9H"})
    hint = game.hint()
    assert hint is not None and hint.action == Deal()
