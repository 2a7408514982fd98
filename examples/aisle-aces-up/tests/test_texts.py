"""The plugin's texts: catalogs complete and up to date, shown in every language, help page included."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from aisle import help as pages
from aisle import i18n
from aisle.engine import Board, Game
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from aisle_aces_up import AcesUp, aisle_help_dirs, aisle_locale_dirs
from aisle_aces_up.texts import DOMAIN, HELP_DIR, LOCALE_DIR

LANGUAGES = ("de", "ru", "it")
PACKAGE = Path(__file__).resolve().parent.parent / "aisle_aces_up"
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
    page = pages.parse_page((HELP_DIR / "aces-up.md").read_text(encoding="utf-8"), "aces-up")
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
    shown = {n: str(AcesUp().status_text(_board_with_stock(n))) for n in (1, 2, 5, 11, 21)}
    assert shown == {1: "В колоде 1 карта.", 2: "В колоде 2 карты.", 5: "В колоде 5 карт.",
                     11: "В колоде 11 карт.", 21: "В колоде 21 карта."}


def _board_with_stock(n: int) -> Board:
    game = Game.new(AcesUp, 3)
    # Fewer cards than a real deal leaves are fine here: only the count is read.
    del game.slot("stock").cards[n:]
    return game.board


@pytest.mark.parametrize(("language", "name", "status"), [
    ("en", "Aces Up", "The stock holds 48 cards."),
    ("de", "Asse hoch", "Im Talon liegen 48 Karten."),
    ("ru", "Тузы вверх", "В колоде 48 карт."),
    ("it", "Assi in alto", "Nella Scorta restano 48 carte."),
])
def test_the_game_speaks_every_language(language: str, name: str, status: str) -> None:
    game = Game.new(AcesUp, 1)
    i18n.set_language(language)
    assert str(AcesUp.name) == name
    assert str(game.status_text) == status
    hint = game.hint()
    assert hint is not None and "4♠" in str(hint.text)  # the four of spades, beaten by the five
    if language != "en":
        assert str(AcesUp.description) != AcesUp.description.msgid


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_page_is_translated_piece_by_piece(language: str) -> None:
    page = pages.parse_page((HELP_DIR / "aces-up.md").read_text(encoding="utf-8"), "aces-up")
    assert page.sections() == list(pages.GAME_SECTIONS)
    setup = page.section_blocks("Setup")[0]
    assert isinstance(setup, pages.Table)
    assert [row[0].source for row in setup.rows] == ["Type of deck", "Stock", "Foundations", "Tableau"]
    shown = pages.translate_page(page, i18n.translation(i18n.HELP_DOMAIN, language), language)
    untranslated = [u.source for u in shown.units() if u.text == u.source and not u.source.isdigit()]
    assert untranslated == [], untranslated
    html = pages.render_html(shown)
    assert 'href="help:aisle"' in html and f'lang="{language}"' in html
