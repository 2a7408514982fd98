"""What can be wrong with what a plugin offers (a game class, its layout, catalog and help
folders, card decks), and where a problem lies: each message is written for the plugin's
author and names the file it is about."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

from aisle.engine.game import code_location
from aisle.engine.slots import SlotKind, SlotSpec
from aisle.i18n import Text
from aisle.variant import Variant

_ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
#: The end of a message that names its place (`raised_at`).
_WHERE = re.compile(r" \(in .+\)$")


def variant_problem(variant: object) -> str | None:
    """What is wrong with a class offered as a game, or None when it is usable."""
    if not (isinstance(variant, type) and issubclass(variant, Variant)):
        return f"{variant!r:.60} is not a Variant subclass"
    variant_id = getattr(variant, "id", None)
    if not isinstance(variant_id, str) or not _ID_PATTERN.match(variant_id):
        return f"{variant.__name__} has no valid id (lowercase letters, digits and dashes)"
    for attribute in ("name", "description"):
        if not isinstance(getattr(variant, attribute, None), Text):
            return f"{variant_id}: {attribute} must be a translatable Text"
    if not isinstance(variant.decks, int) or not 1 <= variant.decks <= 8:
        return f"{variant_id}: decks must be 1 to 8"
    for option in variant.options:
        if option.default not in {choice.value for choice in option.choices}:
            return f"{variant_id}: option {option.key!r} has a default that is not a choice"
        # The Options menu shows these labels: each must be a translatable Text.
        if not all(isinstance(label, Text) for label in
                   (option.label, *(choice.label for choice in option.choices))):
            return f"{variant_id}: option {option.key!r} has a label that is not a Text"
    try:
        specs = list(variant().layout())
    except BaseException as error:  # SystemExit too: the plugin is at fault
        # The plugin's own line, and where it failed when that is elsewhere (a kit role given
        # a bad parameter fails inside the kit, at the game's first instance).
        return f"{variant_id}: layout() raised {type(error).__name__}: {error}" + raised_at(
            error, own=variant)
    return layout_problem(variant_id, specs)


def locale_folder_problem(domain: str, folder: Path) -> str | None:
    """Why a catalog folder a plugin names gives no translations of `domain`, or None."""
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    for language in _subfolders(folder):
        messages = language / "LC_MESSAGES"
        if (messages / f"{domain}.mo").is_file() or (messages / f"{domain}.po").is_file():
            return None
    return (f"the folder {folder} holds no catalog of the domain {domain!r} "
            f"(<language>/LC_MESSAGES/{domain}.po or .mo); was the plugin built without them?")


def card_deck_problem(path: Path) -> str | None:
    """Why a deck a plugin names cannot be offered, or None (the drawing itself is checked
    when the deck is shown: reading SVG needs Qt, which this module never imports)."""
    suffixes = (".svg", ".svgz")
    if path.is_dir():
        if any(entry.suffix.lower() in suffixes or (entry / "index.desktop").is_file()
               for entry in _subfolders(path) + sorted(path.glob("*.svg*"))):
            return None
        return f"the folder {path} holds no card deck (.svg or .svgz); was the plugin built without it?"
    if not path.is_file():
        return f"the deck {path} does not exist"
    if path.suffix.lower() not in suffixes:
        return f"the deck {path} is not an .svg or .svgz file"
    return None


def help_folder_problem(folder: Path) -> str | None:
    """Why a help folder a plugin names offers no page, or None."""
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if not any(folder.glob("*.md")):
        return f"the folder {folder} holds no help page (<page>.md); was the plugin built without it?"
    return None


def _subfolders(folder: Path) -> list[Path]:
    try:
        return [entry for entry in folder.iterdir() if entry.is_dir()]
    except OSError:
        return []


def source_file(thing: object) -> str:
    """The file a hook function or a class is defined in (what a message about it names)."""
    code = getattr(thing, "__code__", None)
    if code is not None:
        return str(code.co_filename)
    module = sys.modules.get(getattr(thing, "__module__", "") or "")
    return str(getattr(module, "__file__", None) or getattr(thing, "__module__", "?"))


def raised_at(error: BaseException, fallback: str | None = None,
              own: type | None = None) -> str:
    """" (in FILE, line N)" for the innermost line of an error's traceback (a syntax error: its
    own file and line); " (in FALLBACK)" when the traceback names no file.

    With `own`, a plugin's class: the innermost line of the traceback within the plugin's own
    package (else the class's file), and where the error was raised when that is elsewhere:
    " (in FILE, line N; failed in OTHER FILE, line M)"."""
    failed = _innermost(error)
    mine = _own_line(own, error) if own is not None else None
    if mine is not None and failed is not None and mine != failed:
        return f" (in {mine}; failed in {failed})"
    if mine is not None or failed is not None:
        return f" (in {mine or failed})"
    return f" (in {fallback})" if fallback else ""


def says_where(problem: str) -> bool:
    """Whether a problem ends by naming its place, as `raised_at` does (" (in …)")."""
    return _WHERE.search(problem) is not None


def _own_line(own: type, error: BaseException) -> str | None:
    """"FILE, line N" of the innermost line of `error`'s traceback within the package of the
    plugin class `own`, else of the class's own statement (its roles, say, that the kit's code
    failed on)."""
    where = code_location(own, error)
    if where is None or ", line " in where:
        return where
    try:
        import inspect  # only for a report

        _lines, line = inspect.getsourcelines(own)
    except Exception:  # no source to read: the file alone
        return where
    return f"{where}, line {line}"


def _innermost(error: BaseException) -> str | None:
    """"FILE, line N" of the innermost line of an error's traceback (a syntax error: its own)."""
    if isinstance(error, SyntaxError) and error.filename:
        return f"{error.filename}, line {error.lineno}"
    # Python's own import machinery ("<frozen importlib._bootstrap>") is no place to look:
    # the last line of a real file is (the plugin's import of a missing module, say).
    trace = error.__traceback__
    last = None
    while trace is not None:
        if not trace.tb_frame.f_code.co_filename.startswith("<frozen "):
            last = trace
        trace = trace.tb_next
    if last is not None:
        return f"{last.tb_frame.f_code.co_filename}, line {last.tb_lineno}"
    return None


def layout_problem(variant_id: str, specs: Sequence[object]) -> str | None:
    if not specs:
        return f"{variant_id}: the layout has no slots"
    seen: set[str] = set()
    for spec in specs:
        if not isinstance(spec, SlotSpec):
            return f"{variant_id}: the layout holds {spec!r:.40}, not a SlotSpec"
        if spec.id in seen:
            return f"{variant_id}: slot id {spec.id!r} is used twice"
        seen.add(spec.id)
        if spec.kind not in tuple(SlotKind):
            return f"{variant_id}: slot {spec.id!r} has an unknown kind {spec.kind!r}"
        if not (0 <= spec.x <= 40 and 0 <= spec.y <= 40):
            return (f"{variant_id}: slot {spec.id!r} lies outside the table (at x={spec.x}, "
                    f"y={spec.y}; a slot stands within 0 to 40 card places across and down)")
    return None
