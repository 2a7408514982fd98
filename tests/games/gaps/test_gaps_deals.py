"""Gaps' deal, its registration, whole games played by the hints, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_gaps import Gaps

from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.solver_model import cross_check

test_gaps_conforms = conformance(Gaps)


def test_the_entry_point_registers_gaps() -> None:
    info = available_variants()["gaps"]
    assert info.variant is Gaps and info.plugin == "gaps"


@pytest.mark.parametrize("seed", [1, 2, 2026])
def test_the_deal_leaves_four_gaps_and_sets_the_aces_aside(seed: int) -> None:
    game = new_game("gaps", seed)
    places = game.slots[:52]
    assert sum(not slot.cards for slot in places) == 4
    assert all(len(slot.cards) <= 1 and all(card.face_up for card in slot.cards) for slot in places)
    assert sorted(card.code for card in game.slot("foundation").cards) == ["AC", "AD", "AH", "AS"]


@pytest.mark.parametrize("gaps", ["after", "random"])
def test_the_solver_model_plays_as_the_engine(gaps: str) -> None:
    assert cross_check(Gaps, {"gaps": gaps}, seeds=(1, 2), steps=60) > 60
