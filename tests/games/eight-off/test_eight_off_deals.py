"""Eight Off's deals (pinned), its registration, whole games played by the hints and by the
solver, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_eight_off import EightOff
from arranged_table import codes

from aisle.engine import Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solver import Budget, Verdict, solve
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_eight_off_conforms = conformance(EightOff)

#: Computed once from our shuffle and written down: piles 1-8, then free cells 1-4.
GOLDEN = {
    1: (["2D QH 10S 2C AH 8D", "8S 3H 10C 2S AD 7C", "10D KC 4H 8H 6H 10H", "9S 7S KS KH AC JS",
         "9C AS 3S 4S 3C QS", "QC 7H 6S 5S 3D 9D", "9H JH JD 4D 8C 5D", "6D 4C 6C JC 7D KD"],
        ["5H", "2H", "5C", "QD"]),
    2: (["4D 5H QC JD 9S 7S", "7C 3C 9D 4C QH 4H", "KC QS AH AC 2H 8S", "AS 8H 3H AD 8C 3D",
         "2D 9C 9H JH KH 5D", "10H 6S 2S 6D QD KD", "5S 8D 6C JS 2C 10C", "10D 7H 5C 3S 4S 10S"],
        ["7D", "JC", "6H", "KS"]),
    2026: (["QH 3S 10H JH 3H 10C", "7S 2C 6D 5S 7C 7D", "AD 2H AS 5D 5C 8H", "6C 8D 8S KD QS AH",
            "JD 8C 6H 2D 2S KC", "7H 9H AC 4C 10D 3D", "KH JC QC 9C 10S JS", "4H QD 9D KS 3C 4S"],
           ["9S", "4D", "5H", "6S"]),
}


def test_the_entry_point_registers_eight_off() -> None:
    info = available_variants()["eight-off"]
    assert info.variant is EightOff and info.plugin == "eight-off"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("eight-off", seed)
    piles, cells = GOLDEN[seed]
    assert [codes(game, f"tableau-{n}") for n in range(1, 9)] == piles
    assert [codes(game, f"reserve-{n}") for n in range(1, 5)] == cells


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("eight-off", seed)
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
    game = new_game("eight-off", 5)
    result = solve(game, Budget(seconds=300, positions=2000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert (game.status, game.score) == (Status.WON, 52)


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("eight-off", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
