"""Osmosis's deals (pinned), its registration, whole games played by the hints, the loss rule
against dealing on by brute force, and the conformance kit on every option."""

from __future__ import annotations

import pytest
from aisle_osmosis import Osmosis

from aisle.engine import Game, Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position

test_osmosis_conforms = conformance(Osmosis)

OPTIONS = [{"deal": "single"}, {"deal": "three"}]


def table(game: Game) -> list[str]:
    piles = [" ".join(("" if card.face_up else "~") + card.code for card in game.slot(pile).cards)
             for pile in ("tableau-1", "tableau-2", "tableau-3", "tableau-4", "foundation-1")]
    return [*piles, " ".join(card.code for card in reversed(game.slot("stock").cards[-3:]))]


def play_by_hints(seed: int, options: dict[str, str]) -> Game:
    game = new_game("osmosis", seed, options)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None  # the game is on: there is a hint
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))
    return game


def test_the_entry_point_registers_osmosis() -> None:
    info = available_variants()["osmosis"]
    assert info.variant is Osmosis and info.plugin == "osmosis"


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["deal"])
@pytest.mark.parametrize("seed", range(1, 7))
def test_the_hints_play_the_game_to_its_end(seed: int, options: dict[str, str]) -> None:
    game = play_by_hints(seed, options)
    assert game.status in (Status.WON, Status.LOST)
    assert (game.status is Status.WON) == (game.score == 52)


def test_some_deals_are_won_by_the_hints() -> None:
    statuses = [play_by_hints(seed, OPTIONS[0]).status for seed in (1, 2, 3)]
    assert statuses == [Status.WON, Status.WON, Status.LOST]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["deal"])
@pytest.mark.parametrize("seed", range(3, 9))
def test_a_lost_game_stays_stuck_whatever_is_dealt(seed: int, options: dict[str, str]) -> None:
    game = play_by_hints(seed, options)
    if game.status is Status.WON:
        return
    # Deal on, past the engine's "game over", for three whole rounds of the stock and waste.
    variant, board = game.variant, game.board
    for _ in range(3 * (len(board.slot("stock").cards) + len(board.slot("waste").cards) + 1)):
        assert variant.up_moves(board) == []
        if variant.stock_refusal(board) is not None:
            break
        variant.click_stock(board)
