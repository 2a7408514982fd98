"""Spiderette: registration and the conformance kit. The rules of
docs/rules/spiderette.md are tested one by one on it and on Will o' the Wisp in
tests/games/test_spiderette_family_rules.py; its deal by the golden deals
(tests/games/test_golden_deals.py, golden.json beside this file)."""

from __future__ import annotations

from aisle_spiderette import Spiderette

from aisle.hooks import available_variants
from aisle.testing import conformance

test_conformance = conformance(Spiderette)


def test_the_entry_point_registers_spiderette() -> None:
    info = available_variants()["spiderette"]
    assert info.variant is Spiderette and info.plugin == "spiderette"
    assert (Spiderette.game_family, Spiderette.difficulty, Spiderette.has_deal_action) == ("spider", 3, True)
