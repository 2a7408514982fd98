"""Test helper: a third-party help page and its German catalog, offered through the hook."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from aisle import i18n
from aisle.registry import collect, loading, manager, specs

#: A third-party page and its German catalog, shipped the way a plugin ships them.
PLUGIN_PAGE = """\
# Zebra Patience

Zebra cards alternate like stripes.

## Rules

- Zebra stripes never touch.
"""
PLUGIN_GERMAN = {
    "Zebra Patience": "Zebra-Patience",
    "Zebra cards alternate like stripes.": "Zebra-Karten wechseln sich ab wie Streifen.",
    # "Rules" and the list item are left untranslated on purpose.
}


def write_catalog(path: Path, language: str, messages: dict[str, str],
                  fuzzy: dict[str, str] | None = None) -> None:
    catalog = Catalog(locale=language, domain=i18n.HELP_DOMAIN)
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    for msgid, msgstr in (fuzzy or {}).items():
        catalog.add(msgid, msgstr, flags=["fuzzy"])
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)


def install_plugin_help(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A registry with one plugin whose ``aisle_help_dirs`` hook offers `folder`, holding the
    Zebra page and its German catalog; the catalog folders and the registry are restored after."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "zebra.md").write_text(PLUGIN_PAGE, encoding="utf-8")
    (folder / "README.md").write_text("# Not a page id\n", encoding="utf-8")
    write_catalog(folder / "de" / "LC_MESSAGES" / "aisle-help.po", "de", PLUGIN_GERMAN)
    monkeypatch.setattr(i18n, "_folders", {key: list(value) for key, value in i18n._folders.items()})
    monkeypatch.setattr(i18n, "_cache", {})
    registry = manager.Registry()

    class ZebraPlugin:
        @specs.hookimpl
        def aisle_help_dirs(self) -> list[Path]:
            return [folder]

    registry.add_plugin(ZebraPlugin(), collect.PluginInfo("zebra", "zebra-dist", "1.0", "zebra"))
    monkeypatch.setattr(loading, "_registry", registry)
    return folder
