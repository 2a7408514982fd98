"""The plugin's texts: catalogs complete and up to date, shown in every language, help page included."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from aisle import help as pages
from aisle import i18n
from aisle.engine import Game
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from aisle_grandfathers_clock import GrandfathersClock, aisle_help_dirs, aisle_locale_dirs
from aisle_grandfathers_clock.texts import DOMAIN, HELP_DIR, LOCALE_DIR

LANGUAGES = ("de", "ru", "it")
PAGE = "grandfathers-clock"
PACKAGE = Path(__file__).resolve().parent.parent / "aisle_grandfathers_clock"
#: The keywords the plugin's makers are extracted with (see README).
KEYWORDS = {"T": None, "TN": (1, 2), "TP": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(autouse=True)
def catalogs() -> Iterator[None]:
    # What Aisle does with the plugin's hooks when it loads it.
    for domain, folder in aisle_locale_dirs():
        i18n.add_locale_folder(domain, folder)
    for folder in aisle_help_dirs():
        i18n.add_locale_folder(i18n.HELP_DOMAIN, folder)
    yield
    i18n.set_language("en")


def read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def source_messages() -> set[str]:
    return {message if isinstance(message, str) else message[0]
            for _file, _line, message, _comments, _context in extract_from_dir(
                str(PACKAGE), keywords=KEYWORDS, comment_tags=())}


def ids(catalog: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def test_the_template_holds_exactly_the_messages_of_the_code() -> None:
    assert ids(read(LOCALE_DIR / f"{DOMAIN}.pot")) == source_messages()


def test_the_help_template_holds_exactly_the_pieces_of_the_page() -> None:
    page = pages.parse_page((HELP_DIR / f"{PAGE}.md").read_text(encoding="utf-8"), PAGE)
    assert ids(read(HELP_DIR / "aisle-help.pot")) == {unit.source for unit in page.units()}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("folder", "domain", "template"), [
    (LOCALE_DIR, DOMAIN, LOCALE_DIR / f"{DOMAIN}.pot"),
    (HELP_DIR, i18n.HELP_DOMAIN, HELP_DIR / "aisle-help.pot"),
])
def test_every_message_is_translated_with_its_placeholders(
    folder: Path, domain: str, template: Path, language: str
) -> None:
    catalog = read(folder / language / "LC_MESSAGES" / f"{domain}.po")
    assert ids(catalog) == ids(read(template))
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        source = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        assert strings and all(strings), f"{language}: {source!r} is not translated"
        for string in strings:
            assert isinstance(string, str)
            assert set(PLACEHOLDER.findall(string)) == set(PLACEHOLDER.findall(source)), string
            # Help markup: links and bold survive translation.
            assert (string.count("]("), string.count("**")) == (source.count("]("), source.count("**"))


def test_russian_has_three_plural_forms_chosen_the_russian_way() -> None:
    catalog = read(LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{DOMAIN}.po")
    assert catalog.num_plurals == 3
    i18n.set_language("ru")
    shown = {n: str(_status_with_cards_left(n)) for n in (1, 2, 5, 11, 21)}
    assert shown == RUSSIAN_STATUS, shown


#: The status line in Russian for 1, 2, 5, 11 and 21 cards still to go up.
RUSSIAN_STATUS = {
    1: "Осталось отправить на основания 1 карту.",
    2: "Осталось отправить на основания 2 карты.",
    5: "Осталось отправить на основания 5 карт.",
    11: "Осталось отправить на основания 11 карт.",
    21: "Осталось отправить на основания 21 карту.",
}


def _status_with_cards_left(n: int) -> object:
    game = Game.new(GrandfathersClock, 3)
    # Cards moved onto a foundation straight from the piles, rules aside: only the count is read.
    board = game.board
    for pile in (f"tableau-{number}" for number in range(1, 9)):
        while board.slot(pile).cards and game.variant.max_score() - game.variant.score(board) > n:
            board.move(pile, 1, "foundation-1")
    return game.variant.status_text(board)


@pytest.mark.parametrize(("language", "name", "status"), [
    ("en", "Grandfather's Clock", "40 cards still to go up."),
    ("de", "Großvaters Uhr", "Noch 40 Karten müssen auf die Fundamentstapel."),
    ("ru", "Дедушкины часы", "Осталось отправить на основания 40 карт."),
    ("it", "L'orologio del nonno", "Mancano ancora 40 carte da mandare sulle Fondazioni."),
])
def test_the_game_speaks_every_language(language: str, name: str, status: str) -> None:
    game = Game.new(GrandfathersClock, 1)
    i18n.set_language(language)
    assert str(GrandfathersClock.name) == name
    assert str(game.status_text) == status
    hint = game.hint()
    assert hint is not None and "3♥" in str(hint.text)  # the three of hearts goes onto the two at five
    if language != "en":
        assert str(GrandfathersClock.description) != GrandfathersClock.description.msgid


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_page_is_translated_piece_by_piece(language: str) -> None:
    page = pages.parse_page((HELP_DIR / f"{PAGE}.md").read_text(encoding="utf-8"), PAGE)
    assert page.sections() == list(pages.GAME_SECTIONS)
    setup = page.section_blocks("Setup")[0]
    assert isinstance(setup, pages.Table)
    assert [row[0].source for row in setup.rows] == ["Type of deck", "Stock", "Foundations", "Tableau"]
    shown = pages.translate_page(page, i18n.translation(i18n.HELP_DOMAIN, language), language)
    untranslated = [u.source for u in shown.units() if u.text == u.source and not u.source.isdigit()]
    assert untranslated == [], untranslated
    html = pages.render_html(shown)
    assert 'href="help:aisle"' in html and f'lang="{language}"' in html
