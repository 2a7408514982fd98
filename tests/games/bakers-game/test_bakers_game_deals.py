"""Baker's Game's deals (pinned), its registration, whole games played by the hints and by the
solver, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_bakers_game import BakersGame
from arranged_table import codes

from aisle.engine import Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_bakers_game_conforms = conformance(BakersGame)

#: Computed once from our shuffle and written down: columns 1-8.
GOLDEN = {
    1: ["QS 7H 9H AD AC KD 5D", "3D JH 7C 10D 9C 4C 6D", "8S 8H 9D 2H 4D 4H 8D", "4S 10H JC 5S 10S 6H 2D",
        "QD KC 3S 3C AS JD", "7S AH 9S 5C 5H 6C", "QH QC 7D KH 2S 10C", "KS 8C 3H JS 2C 6S"],
    2: ["2C 5C 2D 5H 4C 7S 8H", "AH QC 7C 5S 2S QD 9S", "10C 2H 10D 6D 6C 9C 6S", "3H AS KC QH 3D 8D 10H",
        "8C JS 10S 8S 3C 7H", "QS JD 6H 4S KH 4H", "7D JH 5D 9D AD 3S", "9H JC AC KS 4D KD"],
    2026: ["4S KS 6H 7S QD JS 5D", "10C 3D 2S 4H 5H 3C JC", "9S 5C 2D 9H AC 7H 4C", "10D 8C JH QC 9C QH 4D",
           "KH 7C 6D AS 6C 2H", "AH 6S 10H 2C 7D 3H", "KD KC 5S QS 9D 3S", "8H 8D AD JD 10S 8S"],
}


def test_the_entry_point_registers_bakers_game() -> None:
    info = available_variants()["bakers-game"]
    assert info.variant is BakersGame and info.plugin == "bakers-game"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("bakers-game", seed)
    assert [codes(game, f"tableau-{n}") for n in range(1, 9)] == GOLDEN[seed]


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("bakers-game", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("bakers-game", 10)
    result = solve(game, Budget(seconds=300, positions=2000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("bakers-game", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
