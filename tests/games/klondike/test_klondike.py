"""Klondike: registration, layout, options, the deal, the stock, the status line, and the
conformance kit for all four ways to deal (RULES.md §2.1-2.3, §2.5, §9 point 1)."""

from __future__ import annotations

import pytest
from aisle_klondike import Klondike
from test_klondike_setup import arranged, codes

from aisle.engine import Deal, Fan, Game, IllegalAction, Pcg32, SlotKind, Status, new_deck
from aisle.engine.rng import stream_of
from aisle.hooks import available_variants
from aisle.i18n import Text
from aisle.registry.games import new_game
from aisle.testing import conformance

OPTIONS = ("three", "single", "no-redeals", "unlimited")

test_conformance = conformance(Klondike)


def deal_out(game: Game) -> None:
    """Click the stock until it is empty."""
    while game.slot("stock").cards:
        game.play(Deal())


# -- registration and layout -----------------------------------------------------------------
def test_the_entry_point_registers_klondike() -> None:
    info = available_variants()["klondike"]
    assert info.variant is Klondike
    assert info.plugin == "klondike"
    assert isinstance(Klondike.name, Text) and isinstance(Klondike.description, Text)
    assert Klondike.help_page == "klondike"


def test_layout_follows_the_reference_grid() -> None:
    specs = {spec.id: spec for spec in Klondike().layout()}
    assert list(specs) == ["stock", "waste", *(f"foundation-{n}" for n in range(1, 5)),
                           *(f"tableau-{n}" for n in range(1, 8))]
    assert (specs["stock"].x, specs["stock"].y, specs["stock"].kind) == (0, 0, SlotKind.STOCK)
    assert (specs["waste"].x, specs["waste"].y, specs["waste"].kind) == (1, 0, SlotKind.WASTE)
    # a blank column at x = 2, then the foundations
    assert [(specs[f"foundation-{n}"].x, specs[f"foundation-{n}"].y) for n in range(1, 5)] == [
        (3, 0), (4, 0), (5, 0), (6, 0)]
    for n in range(1, 8):
        pile = specs[f"tableau-{n}"]
        assert (pile.x, pile.y, pile.fan, pile.kind) == (n - 1, 1, Fan.DOWN, SlotKind.TABLEAU)


@pytest.mark.parametrize("option", OPTIONS)
def test_only_three_card_deals_fan_the_waste_showing_three(option: str) -> None:
    waste = next(spec for spec in Klondike({"deal": option}).layout() if spec.id == "waste")
    if option == "three":
        assert (waste.fan, waste.fan_limit) == (Fan.RIGHT, 3)
    else:
        assert (waste.fan, waste.fan_limit) == (Fan.NONE, None)


def test_the_four_options_are_one_radio_choice_defaulting_to_single_card_deals() -> None:
    (option,) = Klondike.options
    assert [choice.value for choice in option.choices] == list(OPTIONS)
    assert [choice.label.msgid for choice in option.choices] == [
        "Three card deals", "Single card deals", "No redeals", "Unlimited redeals"]
    assert option.default == "single"
    assert new_game("klondike", 3).options == {"deal": "single"}


# -- the deal ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 9, 123456789])
def test_deal_is_seven_piles_of_one_to_seven_with_only_the_tops_face_up(seed: int) -> None:
    game = new_game("klondike", seed)
    for n in range(1, 8):
        pile = game.slot(f"tableau-{n}").cards
        assert len(pile) == n
        assert [card.face_up for card in pile] == [False] * (n - 1) + [True]
    stock = game.slot("stock").cards
    assert len(stock) == 24 and not any(card.face_up for card in stock)
    assert all(not game.slot(slot_id).cards
               for slot_id in ("waste", "foundation-1", "foundation-2", "foundation-3", "foundation-4"))
    assert game.score == 0 and game.status is Status.PLAYING


def test_deal_goes_out_in_rows_from_the_top_of_the_shuffled_stock() -> None:
    # The documented shuffle, redone here: deck[0] is the first card dealt.
    deck = new_deck()
    Pcg32(77, stream_of("klondike")).shuffle(deck)
    expected: dict[int, list[str]] = {n: [] for n in range(1, 8)}
    position = 0
    for row in range(7):
        for pile in range(row + 1, 8):
            expected[pile].append(deck[position].code)
            position += 1
    game = new_game("klondike", 77)
    for pile, cards in expected.items():
        assert [card.code for card in game.slot(f"tableau-{pile}").cards] == cards
    # the stock keeps the rest, the next card to come out on top
    assert [card.code for card in reversed(game.slot("stock").cards)] == [
        card.code for card in deck[28:]]


def test_every_option_deals_the_same_cards() -> None:
    layouts = {tuple(codes(new_game("klondike", 5, {"deal": option}), slot.id)
                     for slot in new_game("klondike", 5).slots) for option in OPTIONS}
    assert len(layouts) == 1


# -- the stock --------------------------------------------------------------------------------
def test_single_card_deals_turn_one_card_face_up_onto_the_waste() -> None:
    game = new_game("klondike", 1)
    top = game.slot("stock").cards[-1]
    game.play(Deal())
    assert game.slot("waste").cards == [top] and top.face_up
    assert len(game.slot("stock").cards) == 23
    assert str(game.status_text) == "Stock left: 23   Redeals left: 2"


def test_three_card_deals_deal_three_cards_one_at_a_time() -> None:
    game = new_game("klondike", 1, {"deal": "three"})
    coming = list(reversed(game.slot("stock").cards))[:3]
    game.play(Deal())
    # dealt one by one: the first card out lies at the bottom of the three
    assert game.slot("waste").cards == coming and all(card.face_up for card in coming)
    assert len(game.slot("stock").cards) == 21


def test_three_card_deals_deal_fewer_when_fewer_are_left() -> None:
    game = arranged({"stock": "5C 9D", "tableau-1": "KS"}, {"deal": "three"}, rest="tableau-1")
    game.play(Deal())
    assert codes(game, "waste") == "9D 5C" and codes(game, "stock") == ""


def test_a_redeal_is_its_own_click_that_deals_no_card() -> None:
    game = new_game("klondike", 1)
    first_order = list(game.slot("stock").cards)
    deal_out(game)
    assert len(game.slot("waste").cards) == 24
    game.play(Deal())
    assert game.slot("waste").cards == []
    assert game.slot("stock").cards == first_order  # the first card dealt is on top again
    assert not any(card.face_up for card in first_order)
    assert game.state["redeals"] == 1
    assert str(game.status_text) == "Stock left: 24   Redeals left: 1"
    game.undo()
    assert game.state["redeals"] == 0 and len(game.slot("waste").cards) == 24


def test_single_card_deals_allow_two_redeals_so_three_passes() -> None:
    game = new_game("klondike", 1)
    for _ in range(2):
        deal_out(game)
        game.play(Deal())
    deal_out(game)
    assert str(game.status_text) == "Stock left: 0   Redeals left: 0"
    assert game.variant.stock_refusal(game.board) == Text(
        "The stock is used up and no redeals are left.")
    # deal 1 offers no move in any of its three passes, so it is also lost now
    assert game.status is Status.LOST


def test_a_used_up_stock_refuses_with_a_reason() -> None:
    game = arranged({"waste": "5C 9D", "tableau-1": "QS", "tableau-2": "JH"}, rest="tableau-1",
                    redeals=2)
    assert Deal() not in game.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        game.play(Deal())
    assert refused.value.why_not == Text("The stock is used up and no redeals are left.")


def test_no_redeals_means_one_pass() -> None:
    game = new_game("klondike", 1, {"deal": "no-redeals"})
    assert str(game.status_text) == "Stock left: 24   Redeals left: 0"
    deal_out(game)
    assert game.why_not(Deal()) is not None


@pytest.mark.parametrize("option", ["unlimited", "three"])
def test_unlimited_redeals_never_run_out_and_are_not_shown(option: str) -> None:
    game = new_game("klondike", 1, {"deal": option})
    assert str(game.status_text) == "Stock left: 24"
    for _ in range(5):
        deal_out(game)
        game.play(Deal())
    assert game.state["redeals"] == 5 and len(game.slot("stock").cards) == 24
    assert "Redeals" not in str(game.status_text)


def test_an_empty_stock_and_waste_deal_nothing() -> None:
    game = arranged({"tableau-1": "KS"}, rest="tableau-1")
    assert game.why_not(Deal()) == Text("The stock and the waste are both empty.")
    assert Deal() not in game.legal_actions()
