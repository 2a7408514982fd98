"""Write the help template catalog: ``python -m aisle.tools.extract_help [--help-dir D] [--output F]``.

Runs the help extractor (`aisle.help_extract.extract`) through Babel over every page of the help
folder and writes a .pot file (default: ``translations/aisle-help.pot`` of the checkout), from
which the de/ru/it catalogs of the "aisle-help" domain are made or updated
(``pybabel update -D aisle-help -i translations/aisle-help.pot -d translations``).

A plugin's help folder gets a template of its own project: the header's project, version and
copyright holder come from the nearest ``pyproject.toml`` at or above the help folder (or from
``--project``, ``--version`` and ``--copyright-holder``).
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from aisle import __version__
from aisle.i18n import HELP_DOMAIN

ROOT = Path(__file__).resolve().parents[2]
EXTRACTOR = "aisle.help_extract:extract"


class Project(NamedTuple):
    """What a template's header says it belongs to, and the folder its locations start from."""

    name: str
    version: str
    copyright_holder: str
    root: Path | None = None


AISLE = Project("Aisle", __version__, "The Aisle developers", ROOT)


def project_of(help_dir: Path) -> Project | None:
    """The project the help folder belongs to: Aisle's in Aisle's checkout, else the one the
    nearest ``pyproject.toml`` at or above the folder describes (a plugin inside Aisle's
    checkout, such as the worked example, is its own project); None when there is none or it
    names no project. Raises ValueError for a file that is not TOML."""
    folder = help_dir.resolve()
    for candidate in (folder, *folder.parents):
        path = candidate / "pyproject.toml"
        if not path.is_file():
            continue
        if candidate == ROOT:
            return AISLE
        try:
            table: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise ValueError(f"{path}: {error}") from error
        name = table.get("name")
        if not isinstance(name, str) or not name:
            return None
        if name == "aisle":  # Aisle's own checkout, also when the tool runs from an installed Aisle
            return Project(AISLE.name, AISLE.version, AISLE.copyright_holder, candidate)
        version = table.get("version")
        return Project(name, version if isinstance(version, str) else "",
                       _first_author(table.get("authors")) or f"The {name} authors", candidate)
    return None


def _first_author(authors: object) -> str | None:
    if isinstance(authors, list) and authors and isinstance(authors[0], dict):
        name = authors[0].get("name")
        return name if isinstance(name, str) and name else None
    return None


def build_catalog(help_dir: Path, relative_to: Path | None = None,
                  project: Project = AISLE) -> Catalog:
    """A template catalog with every message of every ``*.md`` page in `help_dir`.

    Locations are the page's path relative to `relative_to` (default: the folder's parent) and
    the line; a message used on several pages gets every location and every comment."""
    base = relative_to or help_dir.parent
    catalog = Catalog(project=project.name, version=project.version, domain=HELP_DOMAIN,
                      copyright_holder=project.copyright_holder, fuzzy=False)
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
    parser.add_argument("--project", help="the project named in the header (default: from "
                        "the pyproject.toml at or above the help folder)")
    parser.add_argument("--version", help="its version (default: from that pyproject.toml)")
    parser.add_argument("--copyright-holder", help="who holds the copyright (default: the first "
                        "author in that pyproject.toml, else 'The <project> authors')")
    args = parser.parse_args(argv)
    if not args.help_dir.is_dir():
        print(f"extract_help: no help folder at {args.help_dir}", file=sys.stderr)
        return 2
    try:
        found = project_of(args.help_dir)
    except ValueError as error:
        print(f"extract_help: cannot read {error}", file=sys.stderr)
        return 2
    if found is None and args.project is None:
        print(f"extract_help: no pyproject.toml with a project name at or above {args.help_dir}; "
              "name the project with --project", file=sys.stderr)
        return 2
    base = found or Project(args.project, "", f"The {args.project} authors")
    project = Project(args.project or base.name, args.version or base.version,
                      args.copyright_holder or base.copyright_holder, base.root)
    catalog = build_catalog(args.help_dir, project.root or args.help_dir.parent, project)
    write_template(catalog, args.output)
    print(f"extract_help: {len(catalog)} messages of {project.name} {project.version} from "
          f"{args.help_dir} written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
