"""TriPeaks' help page: every section in order, the setup table, the maximum and the key facts."""

from __future__ import annotations

from aisle import help as pages


def test_the_page_has_every_section_and_the_setup_rows() -> None:
    page = pages.source_page("tripeaks")
    assert page.sections() == list(pages.GAME_SECTIONS)
    setup = page.section_blocks("Setup")[0]
    assert isinstance(setup, pages.Table)
    labels = ["Type of deck", "Stock", "Waste", "Foundations", "Tableau"]
    assert [row[0].source for row in setup.rows] == labels


def test_the_page_states_the_rules_facts() -> None:
    text = " ".join(unit.source for unit in pages.source_page("tripeaks").units()).casefold()
    for fact in ("triple peaks", "23 cards", "no redeal", "28 cards", "18 cards", "whatever its suit",
                 "an ace goes on a king or a 2", "double-click", "no **send all up**", "15 points",
                 "30 instead", "never drops below zero", "the highest possible score is 466",
                 "no more moves", "progressive rounds"):
        assert fact in text, fact
