"""Translation machinery: lazy texts, plural forms, catalogs from .po or .mo, language choice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from aisle import i18n
from aisle.i18n import Messages, Text


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _catalog_folder(tmp_path: Path, domain: str, compiled: bool) -> Path:
    catalog = Catalog(locale="ru", domain=domain)
    catalog.add("Stock left: {n}", "В колоде: {n}")
    catalog.add(("{n} card", "{n} cards"), ("{n} карта", "{n} карты", "{n} карт"))
    catalog.add("Q", "Д", context="card rank")
    folder = tmp_path / "locale"
    target = folder / "ru" / "LC_MESSAGES"
    target.mkdir(parents=True)
    if compiled:
        with (target / f"{domain}.mo").open("wb") as handle:
            write_mo(handle, catalog)
    else:
        with (target / f"{domain}.po").open("wb") as handle:
            write_po(handle, catalog)
    return folder


@pytest.mark.parametrize("compiled", [True, False])
def test_texts_follow_the_language_and_russian_plurals(tmp_path: Path, compiled: bool) -> None:
    domain = f"test-{compiled}"
    i18n.add_locale_folder(domain, _catalog_folder(tmp_path, domain, compiled))
    T, TN, TP = Messages(domain).makers()  # noqa: N806 - the usual marker names
    stock = T("Stock left: {n}", n=24)
    assert str(stock) == "Stock left: 24"
    i18n.set_language("ru")
    assert str(stock) == "В колоде: 24", "a text made earlier follows the switch"
    forms = {n: str(TN("{n} card", "{n} cards", n, n=n)) for n in (1, 2, 5, 21, 11, 22)}
    assert forms == {1: "1 карта", 2: "2 карты", 5: "5 карт", 21: "21 карта", 11: "11 карт", 22: "22 карты"}
    assert str(TP("card rank", "Q")) == "Д"
    assert str(T("Not in the catalog")) == "Not in the catalog"


def test_listeners_hear_switches_and_can_leave() -> None:
    heard: list[str] = []
    leave = i18n.on_language_changed(heard.append)
    i18n.set_language("de")
    i18n.set_language("de")
    leave()
    i18n.set_language("it")
    assert heard == ["de"]


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "ru:en", "LANG": "de_DE.UTF-8"}, "ru"),
        ({"LC_ALL": "it_IT@euro"}, "it"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_system_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.system_language(environ) == expected


def test_languages_are_named_in_themselves() -> None:
    names = {code: i18n.language_name(code) for code in i18n.LANGUAGES}
    assert names == {"en": "English", "de": "Deutsch", "ru": "Русский", "it": "Italiano"}


def test_numbers_follow_the_language() -> None:
    assert i18n.format_number(12345) == "12,345"
    i18n.set_language("de")
    assert i18n.format_number(12345) == "12.345"
    i18n.set_language("ru")
    assert i18n.format_number(12345).replace("\xa0", " ") == "12 345"
    assert i18n.format_duration(75) == "1:15" and i18n.format_duration(3725) == "1:02:05"


def test_a_broken_catalog_falls_back_to_english(tmp_path: Path) -> None:
    target = tmp_path / "ru" / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / "broken.mo").write_bytes(b"not a catalog")
    i18n.add_locale_folder("broken", tmp_path)
    i18n.set_language("ru")
    assert str(Text("Hello", domain="broken")) == "Hello"
    assert any("broken.mo" in error for error in i18n.catalog_errors())


def test_english_whole_numbers_match_babel_without_loading_it() -> None:
    # English skips Babel for whole numbers (start-up speed); the result must be Babel's.
    from babel.numbers import format_decimal

    i18n.set_language("en")
    for value in (0, 7, -7, 999, 1000, -1000, 52_000, 1_234_567, 999_999_999, 2**64 - 1):
        assert i18n.format_number(value) == format_decimal(value, locale="en")
    assert i18n.format_number(1234.5) == format_decimal(1234.5, locale="en")
