"""King Albert's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

from aisle_king_albert import KingAlbert

from aisle.engine import Game
from aisle.hooks import available_variants
from aisle.testing import conformance

test_king_albert_conforms = conformance(KingAlbert)


def codes(game: Game, slot_id: str) -> str:
    return " ".join(card.code if card.face_up else f"~{card.code}" for card in game.slot(slot_id).cards)


def test_the_entry_point_registers_king_albert() -> None:
    info = available_variants()["king-albert"]
    assert info.variant is KingAlbert and info.plugin == "king-albert"
