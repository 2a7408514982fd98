"""Help pages: find them, parse them, translate them block by block, render them to HTML. No Qt.

Page format
===========

A help page is a UTF-8 file ``<page-id>.md`` (the id: lowercase letters, digits and dashes; a
game's page is named after its id, the general page is ``aisle.md``). It is written in English in
a small Markdown subset, one construct per line:

``# Title``
    The page's title: exactly one, before everything else.
``## Section``
    A section heading. A game page has these sections in this order: Setup, Goal, Rules,
    Options, Scoring, Strategy (see `GAME_SECTIONS`).
paragraphs
    Lines of text; consecutive lines join into one paragraph; a blank line ends it.
``- item``
    A list item; consecutive items form one list. A following line indented by spaces
    continues the item.
``| cell | cell |``
    A table row; consecutive rows form one table and have the same number of cells. A row of
    dashes (``|---|---|``) directly after the first row makes the first row a header.

Inside any text: ``[words](page-id)`` links to another help page (``http(s)://`` addresses
open in the web browser) and ``**words**`` is shown in bold.

Each heading, paragraph, list item and table cell is one message of the gettext domain
"aisle-help" (msgid = its English text with the markup), so a translator works on small,
stable pieces (the way GNOME's itstool splits DocBook) and a missing translation only leaves
that one piece in English. `aisle.help_extract` extracts the messages for Babel.

Pages are found in the application's own folder (``help/`` of a checkout, or ``aisle/help_pages/``
in the wheel) and then in the folders plugins offer through the ``aisle_help_dirs`` hook; the
first folder that has a page id wins, so a plugin cannot replace a built-in page.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Protocol

from aisle import i18n
from aisle.variant import GENERAL_HELP_PAGE

GENERAL_PAGE = GENERAL_HELP_PAGE
#: The program's own guides, listed before the games' pages in this order (the general page
#: first): among the games, a guide sorted by its title is hard to find.
GUIDE_PAGES: tuple[str, ...] = (GENERAL_PAGE, "accessibility")
#: The sections of a game's page, in order (their English headings).
GAME_SECTIONS: tuple[str, ...] = ("Setup", "Goal", "Rules", "Options", "Scoring", "Strategy")
#: The rows of a game's Setup table, in order; Waste only where the game has one, and the
#: last row names the tableau or the reserve.
SETUP_ROWS: tuple[str, ...] = ("Type of deck", "Stock", "Waste", "Foundations", "Tableau|Reserve")

PAGE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_LINK = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_SEPARATOR_CELL = re.compile(r"^:?-{3,}:?$")
_HERE = Path(__file__).resolve().parent


class HelpFormatError(ValueError):
    """A page that does not follow the format (the message names the page and the line)."""

    def __init__(self, page: str, line: int, problem: str) -> None:
        super().__init__(f"{page}:{line}: {problem}")
        self.page = page
        self.line = line


class PageNotFoundError(KeyError):
    """No help folder has a page with this id."""


class Kind(StrEnum):
    """What a translatable piece of a page is (told to translators in the catalog)."""

    TITLE = "page title"
    HEADING = "section heading"
    PARAGRAPH = "paragraph"
    ITEM = "list item"
    CELL = "table cell"


@dataclass(frozen=True)
class Unit:
    """One translatable piece: its English source, where it is, and the text to show."""

    kind: Kind
    source: str
    line: int
    text: str


@dataclass(frozen=True)
class Heading:
    level: int  # 1 for the title, 2 for a section
    unit: Unit


@dataclass(frozen=True)
class Paragraph:
    unit: Unit


@dataclass(frozen=True)
class BulletList:
    items: tuple[Unit, ...]


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[Unit, ...], ...]
    header: bool


Block = Heading | Paragraph | BulletList | Table


@dataclass(frozen=True)
class Page:
    id: str
    blocks: tuple[Block, ...]
    language: str = i18n.SOURCE_LANGUAGE

    @property
    def title(self) -> str:
        """The title as shown (translated), without markup."""
        first = self.blocks[0]
        assert isinstance(first, Heading) and first.level == 1
        return plain_text(first.unit.text)

    def units(self) -> Iterator[Unit]:
        """Every translatable piece, in reading order."""
        for block in self.blocks:
            if isinstance(block, Heading | Paragraph):
                yield block.unit
            elif isinstance(block, BulletList):
                yield from block.items
            else:
                for row in block.rows:
                    yield from row

    def sections(self) -> list[str]:
        """The English headings of the sections, in order (the same in every language)."""
        return [b.unit.source for b in self.blocks if isinstance(b, Heading) and b.level == 2]

    def section_blocks(self, source_heading: str) -> list[Block]:
        """The blocks under the section whose English heading is `source_heading`."""
        found: list[Block] = []
        inside = False
        for block in self.blocks:
            if isinstance(block, Heading):
                inside = block.level == 2 and block.unit.source == source_heading
            elif inside:
                found.append(block)
        return found

    def links(self) -> list[str]:
        """Ids of the help pages this page links to (web addresses left out)."""
        return [target for unit in self.units() for _text, target in _LINK.findall(unit.source)
                if not _is_web(target)]


# -- parsing ------------------------------------------------------------------------------------
def parse_page(text: str, page_id: str) -> Page:
    """Parse a page in the format described above; a malformed page raises `HelpFormatError`."""
    parser = _Parser(page_id)
    for number, line in enumerate(text.splitlines(), start=1):
        parser.feed(line, number)
    parser.finish()
    return Page(page_id, tuple(parser.blocks))


class _Parser:
    """Line by line: a pending paragraph, list or table is closed by whatever cannot continue it."""

    def __init__(self, page_id: str) -> None:
        self.page_id = page_id
        self.blocks: list[Block] = []
        self.paragraph: list[str] = []
        self.paragraph_line = 0
        self.items: list[tuple[int, list[str]]] = []
        self.rows: list[tuple[int, list[str]]] = []
        self.header = False

    def fail(self, line: int, problem: str) -> HelpFormatError:
        return HelpFormatError(self.page_id, line, problem)

    def feed(self, raw: str, number: int) -> None:
        line = raw.rstrip()
        if not line.strip():
            self.close()
            return
        if not self.blocks and not line.startswith("# "):
            raise self.fail(number, "a page must start with its title (# Title)")
        if self.items and raw[:1] in (" ", "\t") and not self.rows:
            self.items[-1][1].append(line.strip())  # continues the last list item
            return
        if line.startswith("#"):
            self.close()
            self.heading(line, number)
        elif line.startswith("|"):
            self.close(keep="table")
            self.row(line, number)
        elif line.startswith("- "):
            self.close(keep="list")
            self.items.append((number, [line[2:].strip()]))
        else:
            self.close(keep="paragraph")
            if not self.paragraph:
                self.paragraph_line = number
            self.paragraph.append(line.strip())

    def heading(self, line: str, number: int) -> None:
        marks, _space, text = line.partition(" ")
        if marks not in ("#", "##") or not text.strip():
            raise self.fail(number, "a heading is '# Title' or '## Section' followed by text")
        level = len(marks)
        if level == 1 and self.blocks:
            raise self.fail(number, "a page has exactly one title, at the top")
        kind = Kind.TITLE if level == 1 else Kind.HEADING
        self.blocks.append(Heading(level, _unit(kind, text.strip(), number)))

    def row(self, line: str, number: int) -> None:
        if not line.endswith("|") or len(line) < 3:
            raise self.fail(number, "a table row starts and ends with '|'")
        cells = [cell.strip() for cell in line[1:-1].split("|")]
        if all(_SEPARATOR_CELL.match(cell) for cell in cells):
            if len(self.rows) != 1 or self.header:
                raise self.fail(number, "a separator row may only follow the first row of a table")
            self.header = True
        else:
            if any(not cell for cell in cells):
                raise self.fail(number, "a table cell is empty")
            self.rows.append((number, cells))
        if len(cells) != len(self.rows[0][1]):
            raise self.fail(number, "every row of a table has the same number of cells")

    def close(self, keep: str = "") -> None:
        """End the pending paragraph, list and table, except the kind named by `keep`."""
        if self.paragraph and keep != "paragraph":
            text = " ".join(self.paragraph)
            self.blocks.append(Paragraph(_unit(Kind.PARAGRAPH, text, self.paragraph_line)))
            self.paragraph = []
        if self.items and keep != "list":
            self.blocks.append(BulletList(tuple(
                _unit(Kind.ITEM, " ".join(parts), line) for line, parts in self.items)))
            self.items = []
        if self.rows and keep != "table":
            self.blocks.append(Table(tuple(
                tuple(_unit(Kind.CELL, cell, line) for cell in cells) for line, cells in self.rows
            ), self.header))
            self.rows = []
            self.header = False

    def finish(self) -> None:
        self.close()
        if not self.blocks:
            raise self.fail(1, "the page is empty")


def _unit(kind: Kind, text: str, line: int) -> Unit:
    return Unit(kind, text, line, text)


# -- translation --------------------------------------------------------------------------------
class Catalog(Protocol):
    def gettext(self, message: str, /) -> str: ...


def translate_page(page: Page, catalog: Catalog, language: str, own: Catalog | None = None) -> Page:
    """The page with every piece translated through `catalog`; a piece the catalog lacks stays
    in English (gettext returns the msgid), so one missing translation never hides a page.

    With `own` (a plugin's page: its folder's catalog first, then `catalog`), the page's own
    words come from `own`, and only the pieces all game pages share (section headings, the
    Setup table's row labels) from `catalog`, Aisle's first: they read alike on every page."""
    words = own if own is not None else catalog

    def tr(unit: Unit, shared: bool = False) -> Unit:
        return replace(unit, text=(catalog if shared else words).gettext(unit.source) or unit.source)

    blocks: list[Block] = []
    for block in page.blocks:
        if isinstance(block, Heading):
            blocks.append(replace(block, unit=tr(block.unit, shared=block.level > 1)))
        elif isinstance(block, Paragraph):
            blocks.append(replace(block, unit=tr(block.unit)))
        elif isinstance(block, BulletList):
            blocks.append(BulletList(tuple(tr(item) for item in block.items)))
        else:
            blocks.append(Table(tuple(tuple(tr(cell, shared=column == 0) for column, cell
                                            in enumerate(row)) for row in block.rows),
                                block.header))
    return Page(page.id, tuple(blocks), language)


class _OwnFirst:
    """A plugin page's catalog: its own folder's translations, then every other (Aisle's first)."""

    def __init__(self, own: Catalog, rest: Catalog) -> None:
        self._own = own
        self._rest = rest

    def gettext(self, message: str, /) -> str:
        found = self._own.gettext(message)
        return found if found != message else self._rest.gettext(message)


def _own_catalog(path: Path, catalog: Catalog, language: str) -> Catalog | None:
    """For a page of a plugin's (`path`), its folder's catalog before `catalog`; None for
    Aisle's own pages."""
    folder = path.parent
    if folder == builtin_folder():
        return None
    return _OwnFirst(i18n.folder_translation(i18n.HELP_DOMAIN, folder, language), catalog)


def help_catalog(language: str | None = None) -> Catalog:
    """The "aisle-help" catalog of `language` (default: the current one), plugins' included."""
    plugin_folders()  # loading the plugins registers their help folders as catalog folders
    return i18n.translation(i18n.HELP_DOMAIN, language)


# -- finding pages ------------------------------------------------------------------------------
def builtin_folder() -> Path | None:
    """The application's own pages: in the wheel, or in the checkout next to pyproject.toml."""
    packaged = _HERE / "help_pages"
    if packaged.is_dir():
        return packaged
    root = _HERE.parent
    if (root / "pyproject.toml").is_file() and (root / "help").is_dir():
        return root / "help"
    return None


def plugin_folders() -> list[Path]:
    from aisle.registry.loading import help_folders  # the plugin registry is loaded on first use only

    return help_folders()


def help_folders() -> list[Path]:
    own = builtin_folder()
    return ([own] if own is not None else []) + [f for f in plugin_folders() if f != own]


def page_files() -> dict[str, Path]:
    """Every page id and its source file; the first folder that has an id wins."""
    found: dict[str, Path] = {}
    for folder in help_folders():
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.md")):
            if PAGE_ID.match(path.stem):
                found.setdefault(path.stem, path)
    return found


_parsed: dict[Path, tuple[int, Page]] = {}


def source_page(page_id: str, files: Mapping[str, Path] | None = None) -> Page:
    """The English page (parsed once per file version)."""
    path = (files if files is not None else page_files()).get(page_id)
    if path is None:
        raise PageNotFoundError(page_id)
    stamp = path.stat().st_mtime_ns
    cached = _parsed.get(path)
    if cached is None or cached[0] != stamp:
        cached = (stamp, parse_page(path.read_text(encoding="utf-8-sig"), page_id))
        _parsed[path] = cached
    return cached[1]


def load_page(page_id: str, language: str | None = None) -> Page:
    """The page in `language` (default: the current language). Unknown ids raise `PageNotFoundError`."""
    code = language or i18n.language()
    files = page_files()
    catalog = help_catalog(code)
    page = source_page(page_id, files)
    return translate_page(page, catalog, code, _own_catalog(files[page_id], catalog, code))


def contents(language: str | None = None) -> list[tuple[str, str]]:
    """(page id, title) of every page: the guides first (`GUIDE_PAGES`), then the games' pages
    by title.

    A page that cannot be parsed is left out, so one broken plugin page never hides the rest."""
    files = page_files()
    code = language or i18n.language()
    catalog = help_catalog(code)
    entries: list[tuple[str, str]] = []
    for page_id in files:
        try:
            page = translate_page(source_page(page_id, files), catalog, code,
                                  _own_catalog(files[page_id], catalog, code))
        except (HelpFormatError, OSError, UnicodeDecodeError):
            continue
        entries.append((page_id, page.title))
    guides = {page_id: place for place, page_id in enumerate(GUIDE_PAGES)}
    entries.sort(key=lambda entry: (guides.get(entry[0], len(guides)), entry[1].casefold()))
    return entries


# -- rendering ----------------------------------------------------------------------------------
LINK_SCHEME = "help"


def plain_text(text: str) -> str:
    """The text without link and bold markup."""
    return _BOLD.sub(r"\1", _LINK.sub(r"\1", text))


def _is_web(target: str) -> bool:
    return target.startswith(("http://", "https://"))


def inline_html(text: str) -> str:
    """Escape `text` and turn its links and bold into HTML; page links use the help: scheme."""

    def link(match: re.Match[str]) -> str:
        words, target = match.group(1), html.unescape(match.group(2))
        href = target if _is_web(target) else f"{LINK_SCHEME}:{target}"
        return f'<a href="{html.escape(href, quote=True)}">{words}</a>'

    escaped = html.escape(text, quote=False)
    return _BOLD.sub(r"<b>\1</b>", _LINK.sub(link, escaped))


_STYLE = (
    "body { line-height: 130%; } h1 { font-size: x-large; } h2 { font-size: large; margin-top: 18px; }"
    # Solid lines on every side of every cell: QTextBrowser's default table border is "outset",
    # whose light top and left edges vanish on a white page.
    " table { border-collapse: collapse; border-style: solid; border-color: #b0b0b0; }"
    " td, th { border: 1px solid #b0b0b0; padding: 4px 8px; vertical-align: top; }"
    " th { text-align: left; }"
    " td.label { font-weight: bold; white-space: nowrap; }"
)


def render_html(page: Page) -> str:
    """The page as an HTML document for a QTextBrowser (or any browser)."""
    parts = [f'<html lang="{html.escape(page.language)}"><head><meta charset="utf-8">'
             f"<title>{html.escape(page.title)}</title><style>{_STYLE}</style></head><body>"]
    for block in page.blocks:
        if isinstance(block, Heading):
            tag = f"h{block.level}"
            parts.append(f"<{tag}>{inline_html(block.unit.text)}</{tag}>")
        elif isinstance(block, Paragraph):
            parts.append(f"<p>{inline_html(block.unit.text)}</p>")
        elif isinstance(block, BulletList):
            parts.append("<ul>" + "".join(f"<li>{inline_html(i.text)}</li>" for i in block.items)
                         + "</ul>")
        else:
            parts.append(_table_html(block))
    parts.append("</body></html>")
    return "\n".join(parts)


def _table_html(table: Table) -> str:
    rows: list[str] = []
    for index, row in enumerate(table.rows):
        if table.header and index == 0:
            cells = "".join(f"<th>{inline_html(cell.text)}</th>" for cell in row)
        else:
            # The first column names what the row is about (Stock, Tableau, a key).
            label = ' class="label"'
            cells = "".join(
                f"<td{label if column == 0 and len(row) > 1 else ''}>{inline_html(cell.text)}</td>"
                for column, cell in enumerate(row))
        rows.append(f"<tr>{cells}</tr>")
    return '<table border="1" cellspacing="0" cellpadding="4">' + "".join(rows) + "</table>"
