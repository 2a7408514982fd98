"""King Albert's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_king_albert import KingAlbert

from aisle.engine import Game, Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.variant import Variant

test_king_albert_conforms = conformance(KingAlbert)


def codes(game: Game, slot_id: str) -> str:
    return " ".join(card.code if card.face_up else f"~{card.code}" for card in game.slot(slot_id).cards)


def test_the_entry_point_registers_king_albert() -> None:
    info = available_variants()["king-albert"]
    assert info.variant is KingAlbert and info.plugin == "king-albert"


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("king-albert", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
