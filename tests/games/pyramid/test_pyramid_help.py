"""Pyramid's help page: every section in order, the setup table, the maximum and the key facts."""

from __future__ import annotations

from aisle import help as pages


def test_the_page_has_every_section_and_the_setup_rows() -> None:
    page = pages.source_page("pyramid")
    assert page.sections() == list(pages.GAME_SECTIONS)
    setup = page.section_blocks("Setup")[0]
    assert isinstance(setup, pages.Table)
    labels = ["Type of deck", "Stock", "Waste", "Foundations", "Tableau"]
    assert [row[0].source for row in setup.rows] == labels


def test_the_page_states_the_rules_facts() -> None:
    text = " ".join(unit.source for unit in pages.source_page("pyramid").units()).casefold()
    for fact in ("thirteen", "24 cards", "no redeal", "28 cards", "only the bottom row", "add up to 13",
                 "ace and queen", "top two cards of the waste", "removed alone", "send all up",
                 "pairs never do", "last place of the bottom row", "the highest possible score is 52",
                 "all 52 cards"):
        assert fact in text, fact
