"""Fortress's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_fortress import Fortress
from arranged_table import codes

from aisle.engine import Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.testing.solver_model import cross_check
from aisle.variant import Variant

test_fortress_conforms = conformance(Fortress)

#: Computed once from our shuffle and written down: piles 1-13, bottom first.
GOLDEN = {
    1: ["KD 9D 5H JH 8D 3D", "KH 2S 6C KC 10S 4H", "8C 6S AH 7D AC", "2H 3H 5D QS 6D", "AD JC KS 9S JS",
        "7S 10D 3S 9C 4D", "10H 3C 2C 8S 7C", "QC 7H AS 8H QH", "5C JD 2D 6H 4C", "9H QD 4S 5S 10C"],
    2: ["10H JD 2S 10D 9H QD", "7H AH 2H 5S 3C 7C", "JH 5D AD 6D 4S", "3H QC KC 7D 6H", "9C KS AC 9D JC",
        "QS 8S 10S 6C 10C", "8D 6S 3D 8C 8H", "4C KD 2D 3S 4D", "4H 5C 7S JS KH", "2C 5H AS QH 9S"],
    2026: ["KH AS 5H 4D QD 2D", "5S KD 2S 10D QH 5D", "9C 6D AC 7H 5C", "8C 10C 9S 8D 10S", "9D 8H 3H 4S AH",
           "3D 4C 7D QC QS", "3C 7C JD 6S 3S", "JH 2C AD KS 4H", "6H 9H KC 7S JS", "JC 2H 10H 8S 6C"],
}


def test_the_entry_point_registers_fortress() -> None:
    info = available_variants()["fortress"]
    assert info.variant is Fortress and info.plugin == "fortress"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("fortress", seed)
    assert [codes(game, f"tableau-{n}") for n in range(1, 11)] == GOLDEN[seed]


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("fortress", seed)
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
    # Random play ends fast in Fortress (most deals are lost): eight deals give enough positions.
    assert cross_check(Fortress, {}, seeds=tuple(range(1, 9)), steps=60) > 20


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("fortress", 1)
    result = solve(game, Budget(seconds=300, positions=10_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("fortress", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
