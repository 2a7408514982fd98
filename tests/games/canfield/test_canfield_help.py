"""Canfield's help page: every section in order, the setup table, the maximum and the key facts."""

from __future__ import annotations

from aisle import help as pages


def test_the_page_has_every_section_and_the_setup_rows() -> None:
    page = pages.source_page("canfield")
    assert page.sections() == list(pages.GAME_SECTIONS)
    setup = page.section_blocks("Setup")[0]
    assert isinstance(setup, pages.Table)
    assert [row[0].source for row in setup.rows] == [
        "Type of deck", "Stock", "Waste", "Foundations", "Reserve", "Tableau"]


def test_the_page_states_the_rules_facts() -> None:
    text = " ".join(unit.source for unit in pages.source_page("canfield").units()).casefold()
    for fact in ("34 cards", "three cards", "as often as you like", "base card", "from king to ace",
                 "a king may be placed on an ace", "moves into it at once", "still in play",
                 "always stay", "send all up", "never do", "no more moves", "start with one point",
                 "the highest possible score is 52", "never brings you back"):
        assert fact in text, fact
