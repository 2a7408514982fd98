"""Beleaguered Castle's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_beleaguered_castle import BeleagueredCastle
from arranged_table import codes

from aisle.engine import Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.testing.solver_model import cross_check
from aisle.variant import Variant

test_beleaguered_castle_conforms = conformance(BeleagueredCastle)

#: Computed once from our shuffle and written down: piles 1-13, bottom first.
GOLDEN = {
    1: ["7C 3D 3S 2C 8S 2H", "3C 2D 9C 9D 5C KH", "4C JH 8H KD 8D 7D", "JC 10D 6S 10H KC 7S",
        "5D 9H QH 3H 4D 10C", "QC 5S KS 6H 2S 9S", "4H 4S 5H 7H JD QD", "JS 6C 10S QS 8C 6D"],
    2: ["KS KC 4H 9H JH QD", "7D 6S 5C JS 10D JD", "KD 5D 2D 4C 6C 8H", "3C 2S 10S 7C 3D 5H",
        "7S 9C 3S 10C 3H QS", "9S 2H 6D 8D 2C JC", "6H KH 4S 8C 5S 10H", "7H 4D QC 8S QH 9D"],
    2026: ["7H 9D 2H 3C KH 6S", "7S 6H JD 5S 5C 7C", "3H QD 8H 3D 4S 10S", "4H 10D 9C 4C 7D JH",
           "QC 5H 9S QH 2C 10C", "KD 8D 6D 3S 8S 2S", "8C 5D KS QS 4D 2D", "KC JC JS 10H 6C 9H"],
}


def test_the_entry_point_registers_beleaguered_castle() -> None:
    info = available_variants()["beleaguered-castle"]
    assert info.variant is BeleagueredCastle and info.plugin == "beleaguered-castle"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("beleaguered-castle", seed)
    assert [codes(game, f"tableau-{n}") for n in range(1, 9)] == GOLDEN[seed]


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("beleaguered-castle", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None
        if hint.action is None:
            break
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))
    assert game.hint() is None or game.hint().action is None  # type: ignore[union-attr]


def test_the_solvers_model_agrees_with_the_rules() -> None:
    assert cross_check(BeleagueredCastle, {}, seeds=(1, 2), steps=60) > 20


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("beleaguered-castle", 3)
    result = solve(game, Budget(seconds=300, positions=10_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 48)


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("beleaguered-castle", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
