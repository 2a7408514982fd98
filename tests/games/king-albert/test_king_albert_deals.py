"""King Albert's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_king_albert import KingAlbert

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_king_albert_conforms = conformance(KingAlbert)

#: Computed once from our shuffle and written down: piles 1-9 ("~": face down), then the reserve.
GOLDEN = {
    1: (["~7H ~6H ~7S ~KC ~AC ~5H ~KH ~3D QH", "~5D ~QC ~3S ~10C ~3C ~2D ~7C QD",
         "~KS ~4S ~5S ~6S ~3H ~4C 9C", "~8H ~10D ~JS ~9H ~6C 10S", "~QS ~10H ~JH ~AS 5C", "~JD ~6D ~2C KD",
         "~4H ~7D 9S", "~4D AH", "8D"],
        ["9D", "AD", "8C", "2H", "JC", "2S", "8S"]),
    2: (["~9H ~QS ~AS ~3C ~10C ~4D ~2H ~5S 6D", "~10H ~7H ~JS ~9S ~KH ~5D ~5H 5C",
         "~2C ~7C ~KC ~JH ~7S ~QH 3S", "~JD ~2D ~QC ~10S ~2S QD", "~8C ~7D ~KS ~JC AH", "~6C ~10D ~AD 4S",
         "~8S ~4H 6S", "~8D 3H", "3D"],
        ["9D", "6H", "9C", "KD", "AC", "8H", "4C"]),
    2026: (["~JH ~8H ~3H ~4H ~5H ~6D ~5D ~2D QH", "~10S ~10C ~4S ~10D ~7C ~8C ~2C 6H",
            "~8S ~AC ~KC ~8D ~5C ~2S 4C", "~JC ~3S ~KS ~QS ~9D AS", "~3D ~KH ~10H ~3C AD", "~7H ~9S ~2H 4D",
            "~9C ~6C AH", "~6S QC", "7D"],
           ["9H", "7S", "JS", "QD", "KD", "JD", "5S"]),
}


def codes(game: Game, slot_id: str) -> str:
    return " ".join(card.code if card.face_up else f"~{card.code}" for card in game.slot(slot_id).cards)


def test_the_entry_point_registers_king_albert() -> None:
    info = available_variants()["king-albert"]
    assert info.variant is KingAlbert and info.plugin == "king-albert"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("king-albert", seed)
    piles, reserve = GOLDEN[seed]
    assert [codes(game, f"tableau-{n}") for n in range(1, 10)] == piles
    assert [codes(game, f"reserve-{n}") for n in range(1, 8)] == reserve


@pytest.mark.parametrize("seed", range(1, 9))
def test_following_the_hints_never_comes_back_to_a_position(seed: int) -> None:
    game = new_game("king-albert", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))
    assert game.score > 0


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("king-albert", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
