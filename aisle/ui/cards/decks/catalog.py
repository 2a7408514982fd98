"""Finding decks: our own, those installed for KDE and AisleRiot, the player's, the plugins'.

KDE keeps each deck in a folder `carddecks/svg-<name>/` with an `index.desktop` naming it
(`Name`, translated as `Name[de]`…) and its file (`SVG`); AisleRiot keeps loose files in
`aisleriot/cards/`. Both are looked for in the XDG data folders. The player's own decks (and
those added with "Add deck from file…") live in `<data folder>/decks`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

from aisle import i18n
from aisle.bounded_read import read_bounded
from aisle.i18n import T
from aisle.ui.cards.decks.deck import DEFAULT_DECK, Deck, DeckError
from aisle.ui.cards.decks.own import own_decks
from aisle.ui.cards.decks.svg_deck import SVG_SUFFIXES, SvgDeck

USER_FOLDER = "decks"
_DESKTOP_FILE = "index.desktop"
_ORIGIN_KDE = "KDE"
_ORIGIN_AISLERIOT = "AisleRiot"
#: An index.desktop is a few kilobytes (names in many languages); more is not one.
_MAX_DESKTOP_BYTES = 256 * 1024
_AnyDeck = TypeVar("_AnyDeck", bound=Deck)


def data_folders(environ: dict[str, str] | None = None) -> list[Path]:
    """The XDG data folders, the player's first (where KDE and AisleRiot decks are installed)."""
    env = os.environ if environ is None else environ
    home = env.get("XDG_DATA_HOME", "") or str(Path.home() / ".local" / "share")
    shared = env.get("XDG_DATA_DIRS", "") or "/usr/local/share:/usr/share"
    found: list[Path] = []
    for text in [home, *shared.split(os.pathsep)]:
        if text and Path(text).is_absolute() and Path(text) not in found:
            found.append(Path(text))
    return found


def user_folder() -> Path:
    from aisle.storage import data_dir

    return data_dir() / USER_FOLDER


def _desktop_entries(path: Path) -> dict[str, str]:
    entries: dict[str, str] = {}
    try:
        lines = read_bounded(path, _MAX_DESKTOP_BYTES).decode("utf-8", "replace").splitlines()
    except OSError:  # also a FIFO or a device in its place, or a huge file
        return entries
    for line in lines:
        key, equals, value = line.partition("=")
        if equals and not line.startswith("#"):
            entries.setdefault(key.strip(), value.strip())
    return entries


def _translated_name(entries: dict[str, str]) -> str:
    language = i18n.language()
    for code in (language, language.split("_")[0]):
        if entries.get(f"Name[{code}]"):
            return entries[f"Name[{code}]"]
    return entries.get("Name", "")


def kde_deck(folder: Path) -> SvgDeck | None:
    """The deck a KDE deck folder describes, or None when it names no SVG file."""
    entries = _desktop_entries(folder / _DESKTOP_FILE)
    svg = entries.get("SVG", "")
    if not svg or "/" in svg or "\\" in svg:
        return None
    return SvgDeck(folder / svg, _translated_name(entries), _ORIGIN_KDE)


def decks_in(folder: Path, origin: str = "") -> list[SvgDeck]:
    """The decks in one folder: loose SVG/SVGZ files and KDE deck folders in it."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return []
    found: list[SvgDeck] = []
    for entry in entries:
        if entry.is_dir() and (entry / _DESKTOP_FILE).is_file():
            deck = kde_deck(entry)
            if deck is not None:
                found.append(deck)
        elif entry.suffix.lower() in SVG_SUFFIXES and entry.is_file():
            found.append(SvgDeck(entry, origin=origin))
    return found


def installed_decks(folders: Iterable[Path] | None = None) -> list[SvgDeck]:
    """KDE's and AisleRiot's decks in the data folders (the first of each file name wins)."""
    found: list[SvgDeck] = []
    for base in data_folders() if folders is None else folders:
        try:
            kde = sorted((base / "carddecks").glob("svg-*"))
        except OSError:
            kde = []
        for folder in kde:
            deck = kde_deck(folder)
            if deck is not None:
                found.append(deck)
        found.extend(decks_in(base / "aisleriot" / "cards", _ORIGIN_AISLERIOT))
    return _unique(found)


def plugin_decks() -> list[SvgDeck]:
    """The decks plugins offer (none while the plugins are still loading)."""
    from aisle.registry.loading import get_registry, plugins_loading

    if plugins_loading():
        return []
    found: list[SvgDeck] = []
    for plugin, path in getattr(get_registry(), "card_decks", []):
        if path.is_dir():
            found.extend(SvgDeck(deck.path, deck.name, plugin) for deck in decks_in(path))
        else:
            found.append(SvgDeck(path, origin=plugin))
    return found


def _unique(decks: Iterable[_AnyDeck]) -> list[_AnyDeck]:
    seen: set[str] = set()
    kept: list[_AnyDeck] = []
    for deck in decks:
        if deck.id not in seen:
            seen.add(deck.id)
            kept.append(deck)
    return kept


def all_decks(folders: Iterable[Path] | None = None) -> list[Deck]:
    """Every deck to offer: ours first, then the player's, the plugins', the installed ones."""
    decks: list[Deck] = [*own_decks(), *decks_in(user_folder()), *plugin_decks(),
                         *installed_decks(folders)]
    return _unique(decks)


def find_deck(deck_id: str) -> Deck | None:
    """The deck a setting names, without looking through folders or reading any SVG file
    (this runs on the way to the first frame); None when it is no longer there."""
    if not deck_id:
        deck_id = DEFAULT_DECK
    for deck in own_decks():
        if deck.id == deck_id:
            return deck
    if not deck_id.startswith("svg:"):
        return None
    path = Path(deck_id[4:])
    if not path.is_file():
        return None
    named = kde_deck(path.parent) if (path.parent / _DESKTOP_FILE).is_file() else None
    return named if named is not None and named.path == path else SvgDeck(path)


def add_deck_file(source: Path, folder: Path | None = None) -> SvgDeck:
    """Check a deck file and copy it into the player's deck folder; the copy is returned.
    Raises DeckError (naming the deck) when it is no usable deck or cannot be copied. Reads
    the file once, bounded, and copies exactly the bytes it checked; may take a second, so
    the dialog calls it in the background."""
    from aisle.storage import error_text, write_bytes_atomic

    deck = SvgDeck(source)
    raw = deck.file_bytes()
    deck.check(raw)
    target_folder = user_folder() if folder is None else folder
    stem = re.sub(r"[^\w.-]+", "-", source.name.split(".")[0]).strip("-.") or "deck"
    suffix = ".svgz" if source.name.lower().endswith(".svgz") else ".svg"
    target = target_folder / f"{stem}{suffix}"
    number = 1
    while target.exists():
        if target.resolve() == source.resolve():
            return SvgDeck(target)
        number += 1
        target = target_folder / f"{stem}-{number}{suffix}"
    try:
        target_folder.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, raw)
    except OSError as error:
        raise DeckError(T("The deck “{name}” could not be copied to {folder}: {reason}",
                          name=deck.name, folder=str(target_folder),
                          reason=error_text(error)), "not-copied") from None
    return SvgDeck(target)
