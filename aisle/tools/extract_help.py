"""Write the help template catalog: ``python -m aisle.tools.extract_help [--help-dir D] [--output F]``.

Runs the help extractor (`aisle.help_extract.extract`) through Babel over every page of the help
folder and writes a .pot file (default: ``translations/aisle-help.pot`` of the checkout), from
which the de/ru/it catalogs of the "aisle-help" domain are made or updated
(``pybabel update -D aisle-help -i translations/aisle-help.pot -d translations``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from aisle import __version__
from aisle.i18n import HELP_DOMAIN

ROOT = Path(__file__).resolve().parents[2]
EXTRACTOR = "aisle.help_extract:extract"


def build_catalog(help_dir: Path, relative_to: Path | None = None) -> Catalog:
    """A template catalog with every message of every ``*.md`` page in `help_dir`.

    Locations are the page's path relative to `relative_to` (default: the folder's parent) and
    the line; a message used on several pages gets every location and every comment."""
    base = relative_to or help_dir.parent
    catalog = Catalog(project="Aisle", version=__version__, domain=HELP_DOMAIN,
                      copyright_holder="The Aisle developers", fuzzy=False)
    for path in sorted(help_dir.glob("*.md")):
        try:
            location = path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            location = path.name
        for line, message, comments, _context in extract_from_file(EXTRACTOR, path):
            if isinstance(message, str):
                catalog.add(message, locations=[(location, line)], auto_comments=comments)
    return catalog


def write_template(catalog: Catalog, output: Path) -> None:
    output.parent.mkdir(parents=True, exist_ok=True)
    with output.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m aisle.tools.extract_help",
                                     description="Extract the help pages into a .pot file.")
    parser.add_argument("--help-dir", type=Path, default=ROOT / "help",
                        help="folder with the English pages (default: help/ of the checkout)")
    parser.add_argument("--output", type=Path, default=ROOT / "translations" / f"{HELP_DOMAIN}.pot",
                        help="the .pot file to write (default: translations/aisle-help.pot)")
    args = parser.parse_args(argv)
    if not args.help_dir.is_dir():
        print(f"extract_help: no help folder at {args.help_dir}", file=sys.stderr)
        return 2
    catalog = build_catalog(args.help_dir, ROOT if args.help_dir.resolve().is_relative_to(ROOT)
                            else args.help_dir.parent)
    write_template(catalog, args.output)
    print(f"extract_help: {len(catalog)} messages from {args.help_dir} written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
