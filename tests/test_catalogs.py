"""The German, Russian and Italian catalogs: complete, not fuzzy, placeholders intact, right plural
forms, and up to date with the sources (re-extracting finds nothing new)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from aisle.i18n import DOMAIN, HELP_DOMAIN

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "translations"
LANGUAGES = {"de": 2, "ru": 3, "it": 2}  # language: number of plural forms
CASES = [(lang, domain) for lang in LANGUAGES for domain in (DOMAIN, HELP_DOMAIN)]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
LINK_TARGET = re.compile(r"\]\(([^)]*)\)")


def load(language: str, domain: str) -> Catalog:
    path = TRANSLATIONS / language / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_every_message_is_translated_and_not_fuzzy(language: str, domain: str) -> None:
    catalog = load(language, domain)
    missing = [m.id for m in catalog if m.id and not all(_forms(m))]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not missing, f"{language}/{domain}: {len(missing)} untranslated, e.g. {missing[:3]}"
    assert not fuzzy, f"{language}/{domain}: fuzzy: {fuzzy[:3]}"


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_placeholders_and_links_are_kept(language: str, domain: str) -> None:
    for message in load(language, domain):
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        source = sources[0]
        wanted = sorted(set(PLACEHOLDER.findall(" ".join(sources))))
        for form in _forms(message):
            found = set(PLACEHOLDER.findall(form))
            # A plural form may say the count in words ("one entry"), so only {n} may be left out.
            assert sorted(found) == wanted or sorted(found | {"{n}"}) == wanted, (
                f"{language}: placeholders differ in {source!r} -> {form!r}"
            )
            assert LINK_TARGET.findall(form) == LINK_TARGET.findall(source), (
                f"{language}: links differ in {source!r}"
            )


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_forms_are_right(language: str) -> None:
    catalog = load(language, DOMAIN)
    assert catalog.num_plurals == LANGUAGES[language]
    for message in catalog:
        if message.id and message.pluralizable:
            assert len(_forms(message)) == LANGUAGES[language], f"{language}: {message.id}"


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_catalogs_match_the_sources(language: str, domain: str) -> None:
    """Every message the sources have is in the catalog (run python -m aisle.tools.update_catalogs)."""
    if not (ROOT / "aisle" / "tools" / "update_catalogs.py").exists():
        pytest.skip("needs the source checkout")
    from aisle.tools.extract_help import build_catalog
    from aisle.tools.update_catalogs import app_catalog

    template = app_catalog(ROOT) if domain == DOMAIN else build_catalog(ROOT / "help", ROOT)
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in load(language, domain) if m.id}
    want = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    missing, stale = sorted(want - have, key=str), sorted(have - want, key=str)
    assert not missing, f"{language}/{domain}: not in the catalog: {missing[:3]}"
    assert not stale, f"{language}/{domain}: no longer in the sources: {stale[:3]}"


def test_russian_plurals_through_the_running_catalog() -> None:
    from aisle import i18n

    i18n.set_language("ru")
    try:
        catalog = load("ru", DOMAIN)
        plural = next(m for m in catalog if m.id and m.pluralizable and "{n}" in m.id[1])
        forms = [i18n.translation().ngettext(plural.id[0], plural.id[1], n) for n in (1, 2, 5, 21)]
        expected = [plural.string[0], plural.string[1], plural.string[2], plural.string[0]]
        assert forms == expected
    finally:
        i18n.set_language("en")
