"""Seahaven Towers's deals (pinned), its registration, whole games played by the hints and by the
solver, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_seahaven import Seahaven
from arranged_table import codes

from aisle.engine import Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_seahaven_conforms = conformance(Seahaven)

#: Computed once from our shuffle and written down: piles 1-10, then free cells 2 and 3.
GOLDEN = {
    1: (["8H 10C 6D 4D 8S", "KD 7C 7H 9H 6S", "QD 2C 6C 3S 9S", "4C 5D 2S 2D 4S", "QS QC 5C 3H 2H",
         "9D 5H JC 3C QH", "5S AC AS 4H 10D", "10H 3D KH JH JD", "7D 8C KC 9C 6H", "7S 10S 8D JS AH"],
        ["KS", "AD"]),
    2: (["6S AC 3C 6D 3H", "4H 2S JS 9H 9D", "4C 7C 9C JH 10C", "JD 10H 10S AH 10D", "KS 4D 5D JC 5S",
         "2C 3D AD KC 7D", "5C 6C AS 7H 9S", "QC 8H KH 6H 5H", "QS 2H 8S KD 3S", "2D QD 8C QH 7S"],
        ["4S", "8D"]),
    2026: (["4H 2D 9D 9C 4C", "3H AD 6C KD 7H", "AC 5C 2C 5H 4D", "AS JD 7D JH 8D", "9S 6S 3C QD 5D",
            "10D JS 6D AH 9H", "KC 3D 10S 8S 7C", "QH 2H 2S 8C QS", "KH 4S 8H 6H QC", "10C JC 5S 3S 7S"],
           ["10H", "KS"]),
}


def test_the_entry_point_registers_seahaven() -> None:
    info = available_variants()["seahaven"]
    assert info.variant is Seahaven and info.plugin == "seahaven"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("seahaven", seed)
    piles, cells = GOLDEN[seed]
    assert [codes(game, f"tableau-{n}") for n in range(1, 11)] == piles
    assert [codes(game, f"reserve-{n}") for n in range(2, 4)] == cells


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("seahaven", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None  # the game is on: the hint has something to say
        if hint.action is None:
            break
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))


def test_a_whole_game_won_with_the_solvers_moves() -> None:
    game = new_game("seahaven", 17)
    result = solve(game, Budget(seconds=300, positions=2000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("seahaven", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
