"""Re-extract every message and bring the catalogs up to date: ``python -m aisle.tools.update_catalogs``.

1. The application's texts (domain "aisle"): Python sources in aisle/ and plugins/ with the keywords
   T, TN:1,2, TP:1c,2, _, ngettext:1,2, pgettext:1c,2 and N_ → translations/aisle.pot.
2. The help pages (domain "aisle-help") → translations/aisle-help.pot (see extract_help).
3. For de, ru and it, translations/<lang>/LC_MESSAGES/<domain>.po is created or updated from the
   template: new messages arrive untranslated, removed ones are dropped, and nothing is guessed
   (no fuzzy matching), so a translator sees exactly what is missing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from aisle import __version__
from aisle.i18n import DOMAIN, HELP_DOMAIN, LANGUAGES, SOURCE_LANGUAGE
from aisle.tools.extract_help import build_catalog

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "T": None, "_": None, "N_": None,
    "TN": (1, 2), "ngettext": (1, 2),
    "TP": ((1, "c"), 2), "pgettext": ((1, "c"), 2),
}
SOURCE_FOLDERS = ("aisle", "plugins")


def app_catalog(root: Path = ROOT) -> Catalog:
    """Every message of the application's Python sources."""
    catalog = Catalog(project="Aisle", version=__version__, domain=DOMAIN,
                      copyright_holder="The Aisle developers", fuzzy=False)
    for folder in SOURCE_FOLDERS:
        for filename, line, message, comments, context in extract_from_dir(
            root / folder, method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
        ):
            catalog.add(message, locations=[(f"{folder}/{filename}", line)],
                        auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False, include_previous=False)


def update_language(template: Catalog, path: Path, language: str) -> tuple[int, int]:
    """Update one catalog from `template`; returns (messages, untranslated)."""
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain=template.domain)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
    else:
        catalog = Catalog(locale=language, domain=template.domain, project="Aisle",
                          version=__version__, copyright_holder="The Aisle developers", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
    _write(catalog, path)
    missing = sum(1 for message in catalog if message.id and (not message.string or
              (isinstance(message.string, tuple) and not all(message.string))))
    return len([m for m in catalog if m.id]), missing


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m aisle.tools.update_catalogs",
                                     description="Re-extract messages and update the .po catalogs.")
    parser.add_argument("--language", action="append", choices=LANGUAGES[1:],
                        help="update only this language's catalogs (may be repeated)")
    args = parser.parse_args(argv)
    templates = {DOMAIN: app_catalog(), HELP_DOMAIN: build_catalog(ROOT / "help", ROOT)}
    for domain, template in templates.items():
        _write(template, ROOT / "translations" / f"{domain}.pot")
        for language in args.language or LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            path = ROOT / "translations" / language / "LC_MESSAGES" / f"{domain}.po"
            total, missing = update_language(template, path, language)
            print(f"{domain:<11} {language}: {total} messages, {missing} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
