"""Fill a catalog's untranslated messages from a JSON table:
``python -m aisle.tools.fill_catalog translations/de/LC_MESSAGES/aisle.po table.json [more.json …]``.

The table maps a message id to its translation (a list of forms for a plural message, as many
as the language has); a message with a context is keyed "context\\u0004id". Messages already
translated are left alone, so a table never overwrites a reviewed translation. Prints how many
were filled and how many are still untranslated.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

CONTEXT_GLUE = "\u0004"


def _untranslated(string: object) -> bool:
    if isinstance(string, (tuple, list)):
        return not all(string)
    return not string


def fill(po_path: Path, tables: list[dict[str, object]]) -> tuple[int, int]:
    locale = po_path.parent.parent.name
    with po_path.open("rb") as source:
        catalog = read_po(source, locale=locale)
    filled = missing = 0
    for message in catalog:
        if not message.id or not _untranslated(message.string):
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        keys = [f"{message.context}{CONTEXT_GLUE}{key}"] if message.context else []
        keys.append(key)
        found = next((table[k] for table in tables for k in keys if k in table), None)
        if found is None:
            missing += 1
            continue
        message.string = tuple(found) if isinstance(found, list) else str(found)
        message.flags.discard("fuzzy")
        filled += 1
    with po_path.open("wb") as target:
        write_po(target, catalog, width=100, sort_output=False, include_previous=False)
    return filled, missing


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    tables = [json.loads(Path(name).read_text(encoding="utf-8")) for name in argv[1:]]
    filled, missing = fill(Path(argv[0]), tables)
    print(f"{argv[0]}: {filled} filled, {missing} still untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
