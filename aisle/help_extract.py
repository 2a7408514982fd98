"""Babel extractor for help pages: one message per title, heading, paragraph, list item and table cell.

Registered for Babel under the name ``aisle_help`` (entry point group ``babel.extractors``), so
``pybabel extract`` can read help pages; ``python -m aisle.tools.extract_help`` uses it to write
``translations/aisle-help.pot``. Plugin authors can run it over their own help folders.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import PurePath
from typing import IO, Any

from aisle.help import Block, Table, Unit, parse_page

#: What Babel expects from an extractor: (line, function name, message, translator comments).
Extracted = tuple[int, str | None, str, list[str]]

_LINK_NOTE = ("Keep the [words](page) links: translate the words in square brackets, "
              "never the page name in round brackets.")
_BOLD_NOTE = "Keep the ** marks around the words shown in bold."


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """Yield every translatable piece of the help page in `fileobj`, in reading order.

    `keywords` and `comment_tags` are part of Babel's protocol but mean nothing here: every
    piece of a page is a message. Option ``encoding``: default UTF-8, with or without a byte
    order mark. Option ``page`` names the page when the file object has no name.
    """
    encoding = str(options.get("encoding", "utf-8-sig"))
    page_id = str(options.get("page") or PurePath(str(getattr(fileobj, "name", "page"))).stem)
    page = parse_page(fileobj.read().decode(encoding), page_id)
    cell_positions = _cell_positions(page.blocks)
    for unit in page.units():
        where = cell_positions.get(id(unit), "")
        comments = [f"Help page “{page_id}”: {unit.kind.value}{where}."]
        if "](" in unit.source:
            comments.append(_LINK_NOTE)
        if "**" in unit.source:
            comments.append(_BOLD_NOTE)
        yield unit.line, None, unit.source, comments


def _cell_positions(blocks: Collection[Block]) -> dict[int, str]:
    """For each table cell (by object id), where it is; for a cell beyond the first column also
    the row's first cell, which says what the row is about ("Stock", "Ctrl+Z")."""
    positions: dict[int, str] = {}
    for block in blocks:
        if isinstance(block, Table):
            for row_number, row in enumerate(block.rows, start=1):
                for column, cell in enumerate(row, start=1):
                    positions[id(cell)] = _describe_cell(block, row, row_number, column)
    return positions


def _describe_cell(table: Table, row: tuple[Unit, ...], row_number: int, column: int) -> str:
    if table.header and row_number == 1:
        return f", column {column} of the header row"
    if column == 1:
        return f", row {row_number}, first column"
    return f", row {row_number}, column {column}, in the row of “{row[0].source}”"
