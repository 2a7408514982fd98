"""Streets and Alleys's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_streets_and_alleys import StreetsAndAlleys
from arranged_table import codes

from aisle.engine import Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.testing.solver_model import cross_check
from aisle.variant import Variant

test_streets_and_alleys_conforms = conformance(StreetsAndAlleys)

#: Computed once from our shuffle and written down: piles 1-13, bottom first.
GOLDEN = {
    1: ["3S JC 6S 3H 8S 9C 7H", "KC 2C 4S 7S 2H AS", "9H 8C KH QH AH KS 10S", "QS 6H 4C JS 4H 9D",
        "9S QC 3C JD AD 3D 7D", "5C 10D 7C 5H 2S 6C", "5D KD 8H QD 2D 5S AC", "6D 10C 4D 10H JH 8D"],
    2: ["JD 9C KS 5S 4C QC 4H", "8H 3C JS 10D 9D KD", "10C 4S QH AC 9S JC 5C", "6D 5D AD 8C KC 7C",
        "5H KH 8S 6H 10H 3D 7H", "2S 9H AS 8D 7S 2C", "QD JH 3S 10S 7D 6C 6S", "AH 3H 4D 2H QS 2D"],
    2026: ["KD 4C 2C 7S JS 2H 6S", "KS 9H 7D 9C 8C 8H", "9D AC 4D 6C 4H 3D QD", "JH 10D AS 5C QC 8D",
           "2S 6D JC 5S 9S 7H 5H", "KH 3C 10S QS 8S 5D", "AD KC 3S 4S 6H 2D 10C", "AH QH 3H 7C JD 10H"],
}


def test_the_entry_point_registers_streets_and_alleys() -> None:
    info = available_variants()["streets-and-alleys"]
    assert info.variant is StreetsAndAlleys and info.plugin == "streets-and-alleys"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("streets-and-alleys", seed)
    assert [codes(game, f"tableau-{n}") for n in range(1, 9)] == GOLDEN[seed]


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("streets-and-alleys", seed)
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
    assert cross_check(StreetsAndAlleys, {}, seeds=(1, 2), steps=60) > 20


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("streets-and-alleys", 7)
    result = solve(game, Budget(seconds=300, positions=10_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("streets-and-alleys", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
