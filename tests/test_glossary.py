"""The glossary (docs/glossary.md) is applied: no de/ru/it catalog of either domain uses a term it
rejects, the games are called by its names, and every catalog's header is filled in (no Qt)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from aisle.i18n import DOMAIN, HELP_DOMAIN

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
TRANSLATIONS = ROOT / "translations"
LANGUAGES = {"de": 2, "ru": 3, "it": 2}  # language: number of plural forms
DOMAINS = (DOMAIN, HELP_DOMAIN)
GAME_PAGES = {"Klondike": "klondike", "Cruel": "cruel", "Spider Three Decks": "spider-three-decks",
              "Doublets": "doublets", "Spider": "spider", "FreeCell": "freecell", "Yukon": "yukon",
              "Forty Thieves": "forty-thieves", "Scorpion": "scorpion", "Pyramid": "pyramid",
              "TriPeaks": "tripeaks", "Canfield": "canfield", "Osmosis": "osmosis", "Clock": "clock",
              "Accordion": "accordion", "Napoleon's Tomb": "napoleons-tomb",
              "Monte Carlo": "monte-carlo", "Sir Tommy": "sir-tommy"}
# Issue 29's games (one line each: three branches add games at once).
GAME_PAGES["Baker's Dozen"] = "bakers-dozen"
GAME_PAGES["Beleaguered Castle"] = "beleaguered-castle"
GAME_PAGES["Eight Off"] = "eight-off"
GAME_PAGES["Seahaven Towers"] = "seahaven"
GAME_PAGES["Baker's Game"] = "bakers-game"
GAME_PAGES["King Albert"] = "king-albert"
GAME_PAGES["Streets and Alleys"] = "streets-and-alleys"
GAME_PAGES["Fortress"] = "fortress"
GAME_PAGES["Golf"] = "golf"
GAME_PAGES["Gypsy"] = "gypsy"
GAME_PAGES["Spiderette"] = "spiderette"
GAME_PAGES["Will o' the Wisp"] = "will-o-the-wisp"
GAME_PAGES["Easthaven"] = "easthaven"
GAME_PAGES["Aunt Mary"] = "aunt-mary"
GAME_PAGES["Whitehead"] = "whitehead"
GAME_PAGES["Agnes"] = "agnes"
GAME_PAGES["Gaps"] = "gaps"
GAME_PAGES["Kansas"] = "kansas"
GAME_PAGES["Union Square"] = "union-square"
GAME_PAGES["Labyrinth"] = "labyrinth"
GAME_PAGES["Bristol"] = "bristol"
LANGUAGE_COLUMN = re.compile(r"\((de|ru|it)\)")


# -- reading the glossary -------------------------------------------------------------------------
def _section(text: str, heading: str) -> str:
    """The text under `heading` (a "## " line) up to the next "## " heading."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"docs/glossary.md has no section “{heading}”"
    return match.group(1)


def _cells(line: str) -> list[str]:
    """A Markdown table row's cells; "\\|" is a pipe inside a cell."""
    inner = line.strip()[1:-1]
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def rejected_terms() -> dict[str, list[tuple[str, re.Pattern[str]]]]:
    """Language → (pattern as written, compiled pattern) for every row of "Rejected terms"."""
    section = _section(GLOSSARY.read_text(encoding="utf-8"), "Rejected terms")
    terms: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
    language = ""
    for line in section.splitlines():
        heading = re.match(r"^### .*\((\w+)\)\s*$", line)
        if heading:
            language = heading.group(1)
            terms[language] = []
        elif line.startswith("| `") and language:
            written = _cells(line)[0].strip("`")
            terms[language].append((written, re.compile(written)))
    return terms


def game_names() -> dict[str, dict[str, str]]:
    """Language → English game name → its name in that language, from "Game names"."""
    rows = [_cells(line) for line in _section(GLOSSARY.read_text(encoding="utf-8"), "Game names").splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    header, body = rows[0], rows[1:]
    names: dict[str, dict[str, str]] = {}
    for column, title in enumerate(header):
        code = LANGUAGE_COLUMN.search(title)
        if code:
            names[code.group(1)] = {row[0]: row[column] for row in body}
    return names


# -- reading the catalogs -------------------------------------------------------------------------
def _path(language: str, domain: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / f"{domain}.po"


def load(language: str, domain: str) -> Catalog:
    with _path(language, domain).open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [str(message.string)]


def header(language: str, domain: str) -> dict[str, str]:
    """The header fields exactly as written in the file (Babel would fill in defaults)."""
    text = _path(language, domain).read_text(encoding="utf-8")
    block = re.search(r'^msgid ""\nmsgstr ""\n((?:".*"\n)+)', text, re.MULTILINE)
    assert block, f"{language}/{domain}: no header"
    joined = "".join(line[1:-1] for line in block.group(1).splitlines())
    fields = [field for field in joined.split("\\n") if field]
    return dict(field.split(": ", 1) for field in fields)


CASES = [(language, domain) for language in LANGUAGES for domain in DOMAINS]


# -- the glossary itself --------------------------------------------------------------------------
def test_the_glossary_rejects_terms_and_names_the_games_in_every_language() -> None:
    terms = rejected_terms()
    names = game_names()
    for language in LANGUAGES:
        assert len(terms.get(language, [])) >= 3, f"{language}: too few rejected terms in the glossary"
        assert set(names.get(language, {})) == set(GAME_PAGES), f"{language}: game names missing"
    # The patterns say what the glossary means: a sample of each kind is caught and its fix is not.
    matches = {lang: [written for written, pattern in terms[lang] if pattern.search(text)]
               for lang, text in [("de", "drei Kartenspiele"), ("ru", "верхняя карта отбоя"),
                                  ("it", "sulla fondazione")]}
    assert all(matches.values()), matches
    fixed = {"de": "drei Kartensätze", "ru": "верхняя карта сброса", "it": "sulla Fondazione"}
    for language, text in fixed.items():
        assert not [w for w, pattern in terms[language] if pattern.search(text)], (language, text)


# -- the catalogs -------------------------------------------------------------------------------
@pytest.mark.parametrize(("language", "domain"), CASES)
def test_no_translation_uses_a_rejected_term(language: str, domain: str) -> None:
    found: list[str] = []
    for message in load(language, domain):
        if not message.id:
            continue
        for form in _forms(message):
            for written, pattern in rejected_terms()[language]:
                hit = pattern.search(form)
                if hit:
                    found.append(f"“{written}” in: …{form[max(0, hit.start() - 30):hit.end() + 30]}…")
    assert not found, f"{language}/{domain}: {len(found)} rejected terms:\n" + "\n".join(found)


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_games_have_the_glossary_names(language: str, domain: str) -> None:
    names = game_names()[language]
    catalog = load(language, domain)
    problems: list[str] = []
    for english, wanted in names.items():
        message = catalog.get(english)
        if message is not None and message.string != wanted:
            problems.append(f"{english!r} is {message.string!r}, the glossary says {wanted!r}")
    # Links to a game's page show the game's name.
    for message in catalog:
        if not message.id or not isinstance(message.string, str):
            continue
        for text, page in re.findall(r"\[([^\]]+)\]\(([\w-]+)\)", message.string):
            game = next((name for name, target in GAME_PAGES.items() if target == page), None)
            if game is not None and text != names[game]:
                problems.append(f"link to {page} says {text!r}, the glossary says {names[game]!r}")
    assert not problems, f"{language}/{domain}:\n" + "\n".join(problems)


@pytest.mark.parametrize(("language", "domain"), CASES)
def test_the_header_is_filled_in(language: str, domain: str) -> None:
    fields = header(language, domain)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d[+-]\d{4}", fields.get("PO-Revision-Date", "")), fields
    translator = fields.get("Last-Translator", "")
    assert translator and "FULL NAME" not in translator and "EMAIL@ADDRESS" not in translator, translator
    team = fields.get("Language-Team", "")
    assert team and "LL@li.org" not in team and "LANGUAGE" not in team, team
    assert fields.get("Language") == language
    assert fields.get("Plural-Forms", "").startswith(f"nplurals={LANGUAGES[language]};")
    assert "charset=utf-8" in fields.get("Content-Type", "").lower()


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs GNU gettext's msgfmt")
@pytest.mark.parametrize(("language", "domain"), CASES)
def test_msgfmt_accepts_the_catalog_without_a_warning(language: str, domain: str, tmp_path: Path) -> None:
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "out.mo"),
                           str(_path(language, domain))], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr.lower(), done.stderr
    assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr, done.stderr
