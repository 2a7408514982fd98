"""Will o' the Wisp: registration and the conformance kit. The rules of
docs/rules/will-o-the-wisp.md are tested one by one on it and on Spiderette in
tests/games/test_spiderette_family_rules.py; its deal by the golden deals
(tests/games/test_golden_deals.py, golden.json beside this file)."""

from __future__ import annotations

from aisle_will_o_the_wisp import WillOTheWisp

from aisle.hooks import available_variants
from aisle.testing import conformance

test_conformance = conformance(WillOTheWisp)


def test_the_entry_point_registers_will_o_the_wisp() -> None:
    info = available_variants()["will-o-the-wisp"]
    assert info.variant is WillOTheWisp and info.plugin == "will-o-the-wisp"
    assert (WillOTheWisp.game_family, WillOTheWisp.difficulty) == ("spider", 2)
    assert WillOTheWisp.has_deal_action  # Control > Deal deals a row, as the stock does
