"""Kansas' deal, its registration, whole games played by the hints, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_kansas import Kansas

from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance

test_kansas_conforms = conformance(Kansas)


def test_the_entry_point_registers_kansas() -> None:
    info = available_variants()["kansas"]
    assert info.variant is Kansas and info.plugin == "kansas"


@pytest.mark.parametrize("seed", [1, 2, 2026])
def test_the_deal(seed: int) -> None:
    game = new_game("kansas", seed)
    reserve = game.slot("reserve").cards
    assert len(reserve) == 12 and [card.face_up for card in reserve] == [False] * 11 + [True]
    assert [len(game.slot(f"tableau-{n}").cards) for n in (1, 2, 3)] == [1, 1, 1]
    assert len(game.slot("foundation-1").cards) == 1 and len(game.slot("stock").cards) == 36
    assert game.score == 1
