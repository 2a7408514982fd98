"""Help pages (no Qt): every game has a complete page, the extractor yields every piece, the
translation works piece by piece, plugins bring pages, and the de/ru/it catalogs are complete."""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from plugin_help import install_plugin_help, write_catalog

from aisle import help as pages
from aisle import i18n
from aisle.registry import loading
from aisle.tools import extract_help

ROOT = Path(__file__).resolve().parent.parent
HELP_DIR = ROOT / "help"
GAMES = {"klondike": 52, "cruel": 48, "spider-three-decks": 144, "doublets": 48}
HAS_WASTE = {"klondike", "doublets"}
EXTRACTOR = "aisle.help_extract:extract"

SAMPLE = """\
# Sample **page**

An opening paragraph
that runs over two lines and links to [the rules](cruel).

## Setup

| Key | What it does |
|---|---|
| F1 | Opens <the> help & more. |

- First item
  continued here.
- Second item with a [web link](https://example.org/a?b=c).

## Goal
Win.
"""

@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# -- the built-in pages -------------------------------------------------------------------------
def test_builtin_folder_holds_the_checkouts_pages() -> None:
    # The checkout's help/ in an editable install, the wheel's aisle/help_pages otherwise:
    # either way the very same pages.
    folder = pages.builtin_folder()
    assert folder is not None
    for source in HELP_DIR.glob("*.md"):
        assert (folder / source.name).read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    assert set(GAMES) | {pages.GENERAL_PAGE} <= set(pages.page_files())


def test_an_installed_wheel_uses_its_packaged_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "aisle"
    (package / "help_pages").mkdir(parents=True)
    (tmp_path / "site-packages" / "help").mkdir()  # someone else's folder: never ours
    monkeypatch.setattr(pages, "_HERE", package)
    assert pages.builtin_folder() == package / "help_pages"
    (package / "help_pages").rmdir()
    assert pages.builtin_folder() is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_page_has_all_sections_in_order(game: str) -> None:
    page = pages.source_page(game)
    assert page.sections() == list(pages.GAME_SECTIONS)
    for section in pages.GAME_SECTIONS:
        assert page.section_blocks(section), f"{game}: section {section} is empty"
    setup = page.section_blocks("Setup")
    assert isinstance(setup[0], pages.Table) and not setup[0].header
    labels = [row[0].source for row in setup[0].rows]
    expected = ["Type of deck", "Stock"] + (["Waste"] if game in HAS_WASTE else []) + ["Foundations"]
    assert labels[:-1] == expected
    assert labels[-1] == ("Reserve" if game == "doublets" else "Tableau")
    assert all(len(row) == 2 for row in setup[0].rows)


@pytest.mark.parametrize(("game", "maximum"), sorted(GAMES.items()))
def test_scoring_states_the_maximum(game: str, maximum: int) -> None:
    scoring = " ".join(u.source for b in pages.source_page(game).section_blocks("Scoring")
                       for u in _units(b))
    assert re.search(rf"The highest possible score is {maximum}\b", scoring)


@pytest.mark.parametrize(("game", "facts"), [
    ("klondike", ["24 cards", "Three card deals", "Single card deals", "No redeals", "Unlimited redeals",
                  "only a King", "a single undo", "no more moves",
                  "same number always gives the same cards"]),
    ("cruel", ["Twelve piles of four", "fanned", "never filled", "at least one move",
               "endless loop", "its foundation instead", "replaces it", "Aces placed there"]),
    ("spider-three-decks", ["156 cards", "102 cards", "last one of six", "Empty piles do not stop",
                            "no Deal", "first empty foundation", "stock is empty and no card can move",
                            "144"]),
    ("doublets", ["A, 2, 4, 8, 3, 6, Q, J, 9, 5, 10, 7", "seventh card", "bottom of the stock",
                  "double-click it, play it with the keyboard or follow a hint", "begin with one point",
                  "both redeals have been used"]),
])
def test_game_pages_state_the_key_facts(game: str, facts: list[str]) -> None:
    text = " ".join(unit.source for unit in pages.source_page(game).units())
    for fact in facts:
        assert fact.casefold() in text.casefold(), f"{game}: {fact!r} is not stated"


def test_klondike_options_are_the_games_own_choices() -> None:
    variants = loading.available_variants()
    if "klondike" not in variants:
        pytest.skip("the Klondike plugin is not available")
    items = [u.source for b in pages.source_page("klondike").section_blocks("Options")
             if isinstance(b, pages.BulletList) for u in b.items]
    labels = [choice.label.msgid for option in variants["klondike"].variant.options
              for choice in option.choices]
    assert len(items) == len(labels)
    for label in labels:
        assert any(item.casefold().startswith(label.casefold().rstrip(".")) for item in items), label


def test_every_builtin_game_names_an_existing_page() -> None:
    files = pages.page_files()
    for info in loading.available_variants().values():
        if info.distribution == "aisle":
            assert (info.variant.help_page or info.id) in files, info.id


def test_general_page_links_to_every_game_and_every_link_resolves() -> None:
    files = pages.page_files()
    general = pages.source_page(pages.GENERAL_PAGE)
    builtin = {info.variant.help_page or info.id for info in loading.available_variants().values()
               if info.distribution == "aisle"}
    assert set(GAMES) <= builtin <= set(general.links())
    for page_id in files:
        for target in pages.source_page(page_id).links():
            assert target in files, f"{page_id} links to a missing page {target!r}"
    wanted = ["Moving cards with the mouse", "Playing with the keyboard", "Hints", "Undo and redo",
              "Deal numbers", "Statistics", "Save and resume", "Languages", "Plugins"]
    assert all(section in general.sections() for section in wanted)
    text = " ".join(unit.source for unit in general.units())
    for fact in ("double-click", "Ctrl+Z", "Shift+F1", "Restart"):
        assert fact in text


def test_contents_lists_the_guides_first_then_the_games_by_title() -> None:
    entries = pages.contents("en")
    assert entries[0] == (pages.GENERAL_PAGE, "How to play Aisle")
    assert [page_id for page_id, _title in entries[:2]] == list(pages.GUIDE_PAGES)
    assert {page_id for page_id, _title in entries} == set(pages.page_files())
    games = [title for _id, title in entries[2:]]
    assert games == sorted(games, key=str.casefold)


# -- the format ---------------------------------------------------------------------------------
def test_parser_reads_every_construct() -> None:
    page = pages.parse_page(SAMPLE, "sample")
    kinds = [type(block).__name__ for block in page.blocks]
    assert kinds == ["Heading", "Paragraph", "Heading", "Table", "BulletList", "Heading", "Paragraph"]
    assert page.title == "Sample page"
    paragraph = page.blocks[1]
    assert isinstance(paragraph, pages.Paragraph)
    assert paragraph.unit.source == ("An opening paragraph that runs over two lines and links to "
                                     "[the rules](cruel).")
    assert paragraph.unit.line == 3
    table = page.blocks[3]
    assert isinstance(table, pages.Table) and table.header
    assert [[c.source for c in row] for row in table.rows] == [
        ["Key", "What it does"], ["F1", "Opens <the> help & more."]]
    items = page.blocks[4]
    assert isinstance(items, pages.BulletList)
    assert [i.source for i in items.items] == [
        "First item continued here.", "Second item with a [web link](https://example.org/a?b=c)."]
    assert [i.line for i in items.items] == [12, 14]
    assert page.links() == ["cruel"]
    assert page.sections() == ["Setup", "Goal"]


@pytest.mark.parametrize(("text", "problem"), [
    ("Text before the title\n# Title\n", "start with its title"),
    ("## Section first\n", "start with its title"),
    ("# One\n\n# Two\n", "exactly one title"),
    ("# T\n\n### Deep\n", "a heading is"),
    ("# T\n\n| a | b |\n| c |\n", "same number of cells"),
    ("# T\n\n| a | b\n", "starts and ends"),
    ("# T\n\n| a |\n| b |\n|---|\n", "separator row"),
    ("# T\n\n| a |  |\n", "cell is empty"),
    ("", "empty"),
])
def test_parser_rejects_malformed_pages(text: str, problem: str) -> None:
    with pytest.raises(pages.HelpFormatError, match=problem):
        pages.parse_page(text, "bad")


def test_html_escapes_text_and_renders_links_bold_and_tables() -> None:
    document = pages.render_html(pages.parse_page(SAMPLE, "sample"))
    assert "<h1>Sample <b>page</b></h1>" in document
    assert '<a href="help:cruel">the rules</a>' in document
    assert '<a href="https://example.org/a?b=c">web link</a>' in document
    assert "Opens &lt;the&gt; help &amp; more." in document
    assert "<th>Key</th><th>What it does</th>" in document
    assert '<td class="label">F1</td>' in document
    assert "<li>First item continued here.</li>" in document


# -- extraction ---------------------------------------------------------------------------------
@pytest.mark.parametrize("page_id", [*sorted(GAMES), pages.GENERAL_PAGE])
def test_extractor_yields_every_piece_of_every_page(page_id: str) -> None:
    path = HELP_DIR / f"{page_id}.md"
    extracted = list(extract_from_file(EXTRACTOR, path))
    units = list(pages.source_page(page_id).units())
    assert [(line, message) for line, message, _comments, _ctx in extracted] == [
        (unit.line, unit.source) for unit in units]
    for (_line, _message, comments, _ctx), unit in zip(extracted, units, strict=True):
        assert comments[0].startswith(f"Help page “{page_id}”: {unit.kind.value}")


def test_extractor_comments_say_what_each_piece_is() -> None:
    from aisle.help_extract import extract

    found = list(extract(io.BytesIO(SAMPLE.encode()), [], [], {"page": "sample"}))
    by_message = {message: comments for _line, _func, message, comments in found}
    assert len(found) == 11
    assert by_message["Sample **page**"][0] == "Help page “sample”: page title."
    assert "Keep the ** marks" in by_message["Sample **page**"][1]
    assert by_message["Setup"] == ["Help page “sample”: section heading."]
    assert by_message["Key"] == ["Help page “sample”: table cell, column 1 of the header row."]
    assert by_message["Opens <the> help & more."] == [
        "Help page “sample”: table cell, row 2, column 2, in the row of “F1”."]
    assert by_message["First item continued here."] == ["Help page “sample”: list item."]
    links = by_message["An opening paragraph that runs over two lines and links to [the rules](cruel)."]
    assert links[0] == "Help page “sample”: paragraph." and "[words](page)" in links[1]


def test_extract_tool_writes_a_template_with_every_message(tmp_path: Path) -> None:
    output = tmp_path / "out" / "aisle-help.pot"
    assert extract_help.main(["--help-dir", str(HELP_DIR), "--output", str(output)]) == 0
    with output.open("rb") as handle:
        template = read_po(handle)
    page_ids = sorted(path.stem for path in HELP_DIR.glob("*.md"))
    assert set(GAMES) | {pages.GENERAL_PAGE} <= set(page_ids)
    units = [unit.source for page_id in page_ids for unit in pages.source_page(page_id).units()]
    assert {message.id for message in template if message.id} == set(units)
    stock = template["Stock"]
    assert stock is not None
    assert ("help/klondike.md", 8) in stock.locations and len(stock.locations) == units.count("Stock")
    assert stock.auto_comments[0].startswith("Help page")


def test_extract_tool_refuses_a_missing_folder(tmp_path: Path) -> None:
    assert extract_help.main(["--help-dir", str(tmp_path / "nowhere"),
                              "--output", str(tmp_path / "x.pot")]) == 2
    assert not (tmp_path / "x.pot").exists()


# -- translation --------------------------------------------------------------------------------
def _units(block: pages.Block) -> list[pages.Unit]:
    if isinstance(block, pages.Heading | pages.Paragraph):
        return [block.unit]
    if isinstance(block, pages.BulletList):
        return list(block.items)
    return [cell for row in block.rows for cell in row]


def _compiled(messages: dict[str, str], fuzzy: dict[str, str]) -> gettext.GNUTranslations:
    catalog = Catalog(locale="de")
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    for msgid, msgstr in fuzzy.items():
        catalog.add(msgid, msgstr, flags=["fuzzy"])
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def test_translation_goes_piece_by_piece_and_missing_pieces_stay_english() -> None:
    page = pages.parse_page(SAMPLE, "sample")
    catalog = _compiled(
        {"Sample **page**": "Beispiel**seite**", "Key": "Taste", "F1": "F1",
         "First item continued here.": "Erster Punkt, hier fortgesetzt."},
        fuzzy={"Goal": "Ziel"})
    translated = pages.translate_page(page, catalog, "de")
    shown = {unit.source: unit.text for unit in translated.units()}
    assert shown["Sample **page**"] == "Beispiel**seite**"
    assert translated.title == "Beispielseite"
    assert shown["Key"] == "Taste"
    assert shown["First item continued here."] == "Erster Punkt, hier fortgesetzt."
    # Untranslated and fuzzy pieces fall back to English one by one.
    assert shown["What it does"] == "What it does"
    assert shown["Goal"] == "Goal"
    assert translated.sections() == page.sections() == ["Setup", "Goal"]
    assert translated.language == "de" and 'lang="de"' in pages.render_html(translated)
    assert [type(b) for b in translated.blocks] == [type(b) for b in page.blocks]


def test_a_plugin_ships_a_page_and_its_translation_through_the_hook(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = install_plugin_help(tmp_path / "zebra-help", monkeypatch)
    assert pages.page_files()["zebra"] == folder / "zebra.md"
    assert "README" not in pages.page_files()
    assert ("zebra", "Zebra Patience") in pages.contents("en")
    german = pages.load_page("zebra", "de")
    assert german.title == "Zebra-Patience"
    shown = [unit.text for unit in german.units()]
    # "Rules" is not in the plugin's catalog: Aisle's own help catalog translates the heading.
    assert shown == ["Zebra-Patience", "Zebra-Karten wechseln sich ab wie Streifen.", "Regeln",
                     "Zebra stripes never touch."]
    i18n.set_language("de")
    assert pages.load_page("zebra").title == "Zebra-Patience"
    assert ("zebra", "Zebra-Patience") in pages.contents()
    # A built-in page keeps its place when a plugin ships a page of the same id.
    (folder / "klondike.md").write_text("# Fake Klondike\n", encoding="utf-8")
    assert pages.page_files()["klondike"] == pages.builtin_folder() / "klondike.md"


def test_a_plugin_page_shows_its_own_words_and_aisle_s_shared_headings_and_labels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = install_plugin_help(tmp_path / "zebra-help", monkeypatch)
    (folder / "zebra.md").write_text(
        "# Zebra Patience\n\n## Setup\n\n| Type of deck | One standard deck of 52 cards. |\n"
        "|---|---|\n\nOne standard deck of 52 cards.\n", encoding="utf-8")
    write_catalog(folder / "de" / "LC_MESSAGES" / "aisle-help.po", "de", {
        "One standard deck of 52 cards.": "Ein Blatt zu 52 Karten.",  # Aisle words it otherwise
        "Setup": "Aufbau", "Type of deck": "Blatt"})  # shared: Aisle's words stay
    german = pages.load_page("zebra", "de")
    shown = [unit.text for unit in german.units()]
    assert shown == ["Zebra Patience", "Spielaufbau", "Kartensatz", "Ein Blatt zu 52 Karten.",
                     "Ein Blatt zu 52 Karten."]


def test_a_broken_plugin_page_is_left_out_of_the_contents(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = install_plugin_help(tmp_path / "zebra-help", monkeypatch)
    (folder / "broken.md").write_text("no title here\n", encoding="utf-8")
    assert "broken" in pages.page_files()
    assert "broken" not in {page_id for page_id, _title in pages.contents()}
    with pytest.raises(pages.HelpFormatError):
        pages.load_page("broken")
    with pytest.raises(pages.PageNotFoundError):
        pages.load_page("no-such-page")


# -- the real catalogs ----------------------------------------------------------------------------
def _catalog_path(language: str) -> Path:
    return ROOT / "translations" / language / "LC_MESSAGES" / "aisle-help.po"


@pytest.mark.parametrize("language", ["de", "ru", "it"])
def test_every_help_message_is_translated(language: str) -> None:
    with _catalog_path(language).open("rb") as handle:
        catalog = read_po(handle)
    problems: list[str] = []
    for message in extract_help.build_catalog(HELP_DIR):
        if not message.id:
            continue
        found = catalog.get(message.id)
        if found is None or not found.string:
            problems.append(f"missing: {message.id[:70]!r}")
        elif found.fuzzy:
            problems.append(f"fuzzy: {message.id[:70]!r}")
        elif _link_targets(str(found.string)) != _link_targets(str(message.id)):
            problems.append(f"links changed: {message.id[:70]!r}")
    assert problems == [], f"{len(problems)} problems in {language}:\n" + "\n".join(problems)
    # The application finds the catalog and shows every piece of every page from it.
    for page_id in [*GAMES, pages.GENERAL_PAGE]:
        page = pages.load_page(page_id, language)
        assert page.sections() == pages.source_page(page_id).sections()
        for unit in page.units():
            assert unit.text == catalog[unit.source].string, unit.source[:70]


def _link_targets(text: str) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", text)
