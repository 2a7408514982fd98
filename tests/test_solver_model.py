"""The games' own solver models (`Variant.solver_model`) agree with the engine, and what they
prove: the same legal actions and the same resulting positions at many positions of random
games, so that a LOST verdict rests on the rules; and Klondike's sound dead-end test."""

from __future__ import annotations

import pytest

from aisle.engine import Game, Status
from aisle.engine.game import resolve_variant
from aisle.solver import Budget, Verdict, solve
from aisle.testing.solver_model import check_position, cross_check

MODELLED: list[tuple[str, dict[str, str]]] = [
    ("klondike", {"deal": "single"}), ("klondike", {"deal": "three"}),
    ("klondike", {"deal": "no-redeals"}), ("klondike", {"deal": "unlimited"}),
    ("cruel", {}), ("doublets", {}),
]


@pytest.mark.parametrize(("game_id", "options"), MODELLED,
                         ids=[f"{g}-{o.get('deal', '')}" for g, o in MODELLED])
def test_the_model_plays_as_the_engine_does(game_id: str, options: dict[str, str]) -> None:
    assert cross_check(resolve_variant(game_id), options, seeds=(1, 2), steps=70) > 20


def test_positions_along_a_solution_are_checked_too() -> None:
    # A won game's line goes through positions random play rarely reaches (cards going up,
    # Kings into emptied piles, the stock nearly used up).
    for game_id, options, seed in (("klondike", {"deal": "three"}, 2), ("cruel", {}, 1), ("doublets", {}, 1)):
        game = Game.new(game_id, seed, options)
        result = solve(game, Budget(60, positions=20_000))
        assert result.verdict is Verdict.WON
        for number, action in enumerate(result.solution):
            if number % 3 == 0:
                check_position(game)
            game.play(action)
        assert game.status is Status.WON


def test_a_card_stuck_over_its_own_needs_loses_the_deal_at_once() -> None:
    # Klondike deal 61: the face-down Jack of diamonds lies on both black Queens and the nine of
    # diamonds in the same pile: it can neither go up nor onto a Queen, so the cards under it
    # can never be reached.
    game = Game.new("klondike", 61)
    codes = [card.code for card in game.slot("tableau-7").cards]
    assert codes[:4] == ["QC", "9D", "QS", "JD"]
    result = solve(game, Budget(60))
    assert result.verdict is Verdict.LOST and result.positions <= 3
