"""Spider's help page: every section in order, the setup table, the maximum and the key facts."""

from __future__ import annotations

from aisle_spider import Spider

from aisle import help as pages


def test_the_page_has_every_section_and_the_setup_rows() -> None:
    page = pages.source_page("spider")
    assert page.sections() == list(pages.GAME_SECTIONS)
    setup = page.section_blocks("Setup")[0]
    assert isinstance(setup, pages.Table)
    assert [row[0].source for row in setup.rows] == ["Type of deck", "Stock", "Foundations", "Tableau"]


def test_the_page_states_the_rules_facts() -> None:
    text = " ".join(unit.source for unit in pages.source_page("spider").units()).casefold()
    for fact in ("104", "hearts and spades only", "spades only", "50 cards", "piles 1, 4, 7 and 10",
                 "only deal when no pile is empty", "with **control ▸ deal**", "first empty foundation",
                 "send all up", "fewer cards are left on the tableau than there are piles",
                 "the highest possible score is 96", "never brings you back"):
        assert fact in text, fact


def test_the_options_are_the_games_own_choices() -> None:
    items = [u.source for b in pages.source_page("spider").section_blocks("Options")
             if isinstance(b, pages.BulletList) for u in b.items]
    labels = [choice.label.msgid for option in Spider.options for choice in option.choices]
    assert [item.split(":")[0] for item in items] == labels
