"""Every game with a stock offers Control ▸ Deal (cards leave the stock, as a click on it makes them), and
a newcomer's first Spider is one suit."""

from __future__ import annotations

import pytest

from aisle.engine import Deal, Game, SlotKind
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants


def _stock_games() -> list[str]:
    return sorted(variant_id for variant_id, info in available_variants().items()
                  if any(slot.kind == SlotKind.STOCK for slot in Game.new(info.variant, 1).slots))


@pytest.mark.parametrize("variant_id", _stock_games())
def test_a_stock_game_offers_deal_and_deal_is_the_stocks_click(variant_id: str) -> None:
    game = new_game(variant_id, 7)
    assert game.variant.has_deal_action
    stock = next(slot for slot in game.slots if slot.kind == SlotKind.STOCK)
    if game.why_not(Deal()) is None:
        before = [card.id for card in stock.cards]
        game.play(Deal())
        assert [card.id for card in game.slot(stock.id).cards] != before  # cards left the stock


def test_spider_starts_a_newcomer_on_one_suit() -> None:
    spider = available_variants()["spider"].variant
    assert dict(spider.first_options) == {"suits": "one"}
    assert spider.resolve_options(spider.first_options)["suits"] == "one"
