"""Scorpion's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_scorpion import Scorpion
from test_scorpion_setup import codes

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_conformance = conformance(Scorpion)

#: Computed once from our shuffle and written down: piles 1-7 ("~" face down) and the stock,
#: its next card first.
GOLDEN = {
    1: (["~QS ~QC ~10H 7H KC 8C KS", "~8D ~8S ~KH AH 7S JS 5H", "~4H ~3D ~10C 4S 9D AD 3C",
         "~4C ~9H ~3H JD 5C JC AS", "QH 8H 9C 4D KD 3S JH", "5D 2C 2D QD 2H 9S 2S",
         "7D 7C 6D 6H 5S 10S 10D"], "6S 6C AC"),
    2: (["~KC ~QH ~6H JS 7D 8D 10C", "~9S ~6C ~6S 8C 10S JC 10D", "~3C ~KH ~10H QS 7S 2S 9D",
         "~AH ~2H ~AD 3D 5D QC 3H", "JH 7H 4D 7C 6D 8H 5S", "KD AC 5H QD 8S KS 4C",
         "2C 9C JD 4H AS 2D 5C"], "3S 4S 9H"),
    2026: (["~3C ~JS ~JC AD 2D 3H 5D", "~2C ~AH ~5C 10D 9C QC 10S", "~2H ~10C ~3D JH 7D 6D 4C",
            "~4H ~QH ~8D 4S KS JD KC", "KH 6C 7C 7S 5S 9D 4D", "10H 5H 6H AS AC 8C 6S",
            "9S 2S QD 7H KD 3S 9H"], "8S QS 8H"),
}


def play_by_hints(seed: int) -> Game:
    game = new_game("scorpion", seed)
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None  # while the game is on there is one
        game.play(hint.action)
    return game


def test_the_entry_point_registers_scorpion() -> None:
    info = available_variants()["scorpion"]
    assert info.variant is Scorpion and info.plugin == "scorpion"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("scorpion", seed)
    piles, stock = GOLDEN[seed]
    assert [codes(game, pile) for pile in (f"tableau-{n}" for n in range(1, 8))] == piles
    assert " ".join(card.code for card in reversed(game.slot("stock").cards)) == stock


def test_a_whole_game_won_by_following_the_hints() -> None:
    game = play_by_hints(10)
    assert (game.status, game.score, len(game.history)) == (Status.WON, 100, 50)


def test_a_whole_game_that_the_hints_take_to_its_end() -> None:
    game = play_by_hints(1)
    assert (game.status, game.score, len(game.history)) == (Status.LOST, 42, 29)
    assert game.legal_actions() == [] and game.hint() is None


@pytest.mark.parametrize("seed", range(1, 11))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("scorpion", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))


@pytest.mark.parametrize("seed", [1, 10])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("scorpion", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
