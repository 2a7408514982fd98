"""Baker's Dozen's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_bakers_dozen import BakersDozen
from arranged_table import codes

from aisle.engine import Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.testing.solver_model import cross_check
from aisle.variant import Variant

test_bakers_dozen_conforms = conformance(BakersDozen)

#: Computed once from our shuffle and written down: piles 1-13, bottom first.
GOLDEN = {
    1: ["KD 5S 3C 6C", "8D 2C 2H 9D", "KH 4S JC 5H", "6D 5D 8H 3S", "6S 5C AD 3H", "7H 4D JH 2D",
        "AC 3D 7D 10H", "7C 10C QH 4H", "QC 4C 2S 9H", "QS JD 9C 10S", "KS 6H JS AH", "KC 8S 9S 10D",
        "7S 8C QD AS"],
    2: ["KD 4H 5H 7C", "6H 3D 9S 5D", "8H 5S 6C AC", "JD 3H AS 6D", "KS JH 9D 4C", "4S 7S QD 6S",
        "QS 2S 7D 8C", "AD JS 8S 10H", "KH 2C 8D 3C", "4D QH 10C QC", "KC 10S AH JC", "3S 5C 9H 2D",
        "7H 9C 2H 10D"],
    2026: ["KD 8D 10C QC", "5C 9D 8C 2C", "KS AS 5H QH", "2D JS AD 6D", "JD 6H 7D 4S", "JH 5S 2S JC",
           "2H 7S 8S AC", "6C QD 6S 10D", "5D 7H AH 3D", "KH 10H 4D 4C", "KC 7C 3H 9C", "3S 3C 8H 9H",
           "10S 9S QS 4H"],
}


def test_the_entry_point_registers_bakers_dozen() -> None:
    info = available_variants()["bakers-dozen"]
    assert info.variant is BakersDozen and info.plugin == "bakers-dozen"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("bakers-dozen", seed)
    assert [codes(game, f"tableau-{n}") for n in range(1, 14)] == GOLDEN[seed]


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("bakers-dozen", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None
        if hint.action is None:
            break
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))
    assert game.score > 0


def test_the_solvers_model_agrees_with_the_rules() -> None:
    assert cross_check(BakersDozen, {}, seeds=(1, 2), steps=60) > 20


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("bakers-dozen", 6)
    result = solve(game, Budget(seconds=300, positions=2000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("bakers-dozen", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
