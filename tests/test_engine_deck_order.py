"""`Variant.deck_order`: a game may lay its deals out in its own order (FreeCell's classic deals);
by default Aisle shuffles. The engine checks the cards it is given like any deal."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from toy_game import ToyGame

from aisle.engine import Card, Game, Pcg32, VariantError, new_deck
from aisle.engine.rng import stream_of
from aisle.registry.games import restore_game


class SortedToy(ToyGame):
    """The toy game with deal N dealing the deck in id order, turned round N times."""

    id = "sorted-toy"

    def deck_order(self, seed: int, cards: Sequence[Card]) -> list[Card] | None:
        ordered = sorted(cards, key=lambda card: card.id)
        shift = seed % len(ordered)
        return ordered[shift:] + ordered[:shift]


class BrokenOrderToy(ToyGame):
    id = "broken-order-toy"

    def deck_order(self, seed: int, cards: Sequence[Card]) -> list[Card] | None:
        return [cards[0], *cards[:-1]]  # one card twice, one missing


def pile_codes(game: Game) -> list[str]:
    return [card.code for slot in game.slots for card in slot.cards]


def test_by_default_the_engine_shuffles() -> None:
    assert ToyGame().deck_order(5, new_deck()) is None
    deck = new_deck()
    Pcg32(5, stream_of("toy")).shuffle(deck)
    game = Game.new(ToyGame, 5)
    assert [game.slot(f"tableau-{n}").cards[0].code for n in range(1, 5)] == [card.code for card in deck[:4]]


def test_a_game_with_its_own_order_gets_exactly_that_deck() -> None:
    game = Game.new(SortedToy, 2)
    # deck[0] comes out first: ids 2, 3, 4, 5 go to the four piles.
    assert [game.slot(f"tableau-{n}").cards[0].id for n in range(1, 5)] == [2, 3, 4, 5]
    assert pile_codes(game) == pile_codes(Game.new(SortedToy, 2))
    assert pile_codes(game) != pile_codes(Game.new(SortedToy, 3))


def test_a_restarted_or_restored_game_keeps_the_order() -> None:
    game = Game.new(SortedToy, 7)
    assert pile_codes(game.restarted()) == pile_codes(game)
    restored = restore_game(game.to_json(), {SortedToy.id: SortedToy})
    assert pile_codes(restored) == pile_codes(game)


def test_an_order_that_loses_or_doubles_a_card_is_the_games_fault() -> None:
    with pytest.raises(VariantError, match=r"two places|lost"):
        Game.new(BrokenOrderToy, 1)
