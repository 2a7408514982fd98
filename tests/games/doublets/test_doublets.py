"""Doublets: registration, layout, the deal (golden deals, Kings sent under the stock), the
conformance kit. Moves, refills, scoring and the end of the game are in test_doublets_play.py."""

from __future__ import annotations

import pytest
from aisle_doublets import Doublets
from aisle_doublets.rules import DEAL_ORDER

from aisle.engine import Game, Pcg32, SlotKind, Status, new_deck
from aisle.engine.rng import stream_of
from aisle.hooks import available_variants, plugin_errors
from aisle.registry.games import new_game
from aisle.testing import conformance

test_conformance = conformance(Doublets)


def shuffled_deck(seed: int) -> list[str]:
    """The cards of a deal in the order they come off the stock (the engine's own shuffle)."""
    deck = new_deck()
    Pcg32(seed, stream_of("doublets")).shuffle(deck)
    return [card.code for card in deck]


def stock_top_first(game: Game) -> list[str]:
    return [card.code for card in reversed(game.slot("stock").cards)]


def dealt(game: Game) -> dict[str, str]:
    return {slot_id: game.slot(slot_id).cards[0].code for slot_id in DEAL_ORDER}


def test_the_entry_point_registers_doublets() -> None:
    info = available_variants()["doublets"]
    assert info.variant is Doublets
    assert info.plugin == "doublets"
    assert not [error for plugin, error in plugin_errors() if plugin == "doublets"]


def test_identity() -> None:
    assert Doublets.id == "doublets"
    assert Doublets.help_page == "doublets"
    assert Doublets.options == ()
    assert Doublets.name.translate() == "Doublets"
    assert Doublets.description.translate().strip()


def test_layout_is_the_reference_arch() -> None:
    specs = [(spec.id, spec.kind, spec.x, spec.y) for spec in Doublets().layout()]
    assert specs == [
        ("stock", SlotKind.STOCK, 0, 0),
        ("waste", SlotKind.WASTE, 1, 0),
        ("reserve-1", SlotKind.RESERVE, 3, 0),
        ("reserve-2", SlotKind.RESERVE, 4, 0),
        ("reserve-3", SlotKind.RESERVE, 5, 0),
        ("reserve-4", SlotKind.RESERVE, 3, 1),
        ("reserve-5", SlotKind.RESERVE, 5, 1),
        ("reserve-6", SlotKind.RESERVE, 3, 2),
        ("foundation-1", SlotKind.FOUNDATION, 4, 2),
        ("reserve-7", SlotKind.RESERVE, 5, 2),
    ]


# -- the deal --------------------------------------------------------------------------------
def test_foundation_gets_the_seventh_card() -> None:
    # Deal 3 has no King among its first eight cards, so they lie exactly as dealt.
    deck = shuffled_deck(3)
    assert not any(code.startswith("K") for code in deck[:8])
    game = new_game("doublets", 3)
    assert dealt(game) == dict(zip(DEAL_ORDER, deck[:8], strict=True))
    assert game.slot("foundation-1").cards[0].code == deck[6]
    assert stock_top_first(game) == deck[8:]


def test_king_on_the_foundation_goes_under_the_stock() -> None:
    deck = shuffled_deck(2)
    assert deck[6] == "KH" and not any(code.startswith("K") for code in deck[:6] + deck[7:9])
    game = new_game("doublets", 2)
    # The King leaves the foundation for the stock's bottom, face down; the next card replaces it.
    assert game.slot("foundation-1").cards[0].code == deck[8] == "JS"
    bottom = game.slot("stock").cards[0]
    assert (bottom.code, bottom.face_up) == ("KH", False)
    assert stock_top_first(game) == [*deck[9:], "KH"]
    assert game.slot("reserve-7").cards[0].code == deck[7]


def test_a_king_replaced_by_a_king_is_dealt_again() -> None:
    # Deal 7: KD lands on reserve 2, KC on the foundation, and the stock's top card is KS.
    deck = shuffled_deck(7)
    assert (deck[1], deck[6], deck[8]) == ("KD", "KC", "KS")
    game = new_game("doublets", 7)
    # Reserve 2: KD goes under, KS comes up and goes under too, then 4D stays.
    assert game.slot("reserve-2").cards[0].code == deck[9] == "4D"
    # Slots are checked in deal order, so the foundation takes the card after that.
    assert game.slot("foundation-1").cards[0].code == deck[10] == "6C"
    # Each King went under the ones sent before it.
    assert [card.code for card in game.slot("stock").cards[:3]] == ["KC", "KS", "KD"]
    assert stock_top_first(game)[:-3] == deck[11:]


@pytest.mark.parametrize("seed", range(1, 201))
def test_every_deal_starts_without_kings(seed: int) -> None:
    game = new_game("doublets", seed)
    for slot_id in DEAL_ORDER:
        cards = game.slot(slot_id).cards
        assert len(cards) == 1 and cards[0].face_up and cards[0].rank != 13
    stock = game.slot("stock").cards
    assert len(stock) == 44 and not any(card.face_up for card in stock)
    assert game.score == 1
    assert game.status is Status.PLAYING


def test_start_of_the_game() -> None:
    game = new_game("doublets", 1)
    assert game.score == 1
    assert game.max_score == 48
    assert game.state == {"redeals": 0}
    status = game.status_text
    assert status is not None and status.translate() == "Stock left: 44   Redeals left: 2"
