"""Checking an SVG or SVGZ deck before QtSvg reads it: a file from elsewhere must not freeze,
exhaust or confuse Aisle.

QtSvg has no limits of its own that help here: it inflates an SVGZ whole (a 1 MB file can
inflate to gigabytes), follows `<use>` references as often as they say (ten layers of ten
`<use>` are ten billion drawings), and decodes every embedded picture at its claimed size.
So the deck file is read here first, bounded at every step, and refused with a reason in the
player's words:

- the file: only a regular file, at most `MAX_SVG_BYTES` (`aisle.bounded_read`);
- the drawing: an SVGZ inflated to at most `MAX_SVG_BYTES` of SVG, never more;
- the XML: at most `MAX_ELEMENTS` elements nested at most `MAX_DEPTH` deep, no entity
  declarations (nothing for the parser to expand);
- the drawing's work (`deck_cost`): each reference costs what it refers to, expanded;
- embedded pictures: PNG or JPEG only, `MAX_PICTURE_PIXELS` in all;
- time: `TIME_LIMIT` for the whole check.

No Qt here, so it runs in a worker thread and in tests without Qt.
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from aisle.bounded_read import FileTooLargeError, NotAFileError, read_bounded
from aisle.deck_cost import Cost, DocumentCosts, LoopError
from aisle.deck_pictures import data_payload, picture_size
from aisle.i18n import T, Text

_MIB = 1024 * 1024
#: The largest deck file and the largest drawing an SVGZ may inflate to. KDE's largest deck
#: (Dondorf) is 3.3 MB, 11.5 MB inflated.
MAX_SVG_BYTES = 32 * _MIB
#: Elements as written. KDE's decks have at most 8,545.
MAX_ELEMENTS = 100_000
#: Nesting of elements. KDE's decks nest at most 14 deep.
MAX_DEPTH = 64
#: Elements drawn for the whole deck, each reference counted as often as it is followed.
#: KDE's decks draw at most 111,079 (XSkat German); 200,000 draw in about 0.7 s here.
MAX_EXPANDED = 200_000
#: Bytes of drawing (attributes and text) drawn for the whole deck, references expanded.
#: KDE's decks draw at most 25 MB (XSkat German); Dondorf's 12 MB take 1.5 s at 200 px.
MAX_EXPANDED_BYTES = 64 * _MIB
#: Filter and mask effects drawn for the whole deck: each reworks every pixel of its area
#: (about 2 ms for a card of 100 px). KDE's decks apply at most 114 (Future Simple).
MAX_EFFECTS = 500
#: Pixels of the embedded pictures, all together (4 bytes each once decoded: 64 MB).
#: KDE's decks hold at most 3.6 million (Future Simple).
MAX_PICTURE_PIXELS = 16_000_000
#: Seconds of processor time the whole check may take (the checking thread's, so a busy
#: machine does not refuse a deck); KDE's largest deck (Dondorf) takes 0.3 s.
TIME_LIMIT = 10.0

_SVG = "http://www.w3.org/2000/svg"
_XLINK = "http://www.w3.org/1999/xlink"
_CHUNK = _MIB
# The elements QtSvg decodes a ``data:`` picture for.
_PICTURES = frozenset({"image", "feImage"})
# How many elements pass between two looks at the clock.
_CLOCK_EVERY = 2048

# Why a deck is refused: `DeckRefusedError.kind`, for callers and tests.
NOT_A_FILE = "not-a-file"
UNREADABLE = "unreadable"
TOO_LARGE = "too-large"
DAMAGED = "damaged"
ENTITIES = "entities"
TOO_MANY_ELEMENTS = "too-many-elements"
TOO_DEEP = "too-deep"
TOO_COMPLEX = "too-complex"
LOOP = "loop"
TOO_MANY_EFFECTS = "too-many-effects"
PICTURES_TOO_LARGE = "pictures-too-large"
PICTURE_KIND = "picture-kind"
TOO_SLOW = "too-slow"


class DeckRefusedError(Exception):
    """A deck file Aisle will not draw: `kind` says why, `message` says it to the player."""

    def __init__(self, kind: str, message: Text) -> None:
        super().__init__(str(message))
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class SvgFacts:
    """What the check found in a drawing that passed it."""

    elements: int
    depth: int
    cost: Cost
    picture_pixels: int


def read_raw(path: Path, name: str) -> bytes:
    """The bytes of the deck file `path` as they are (SVGZ not inflated); raises DeckRefusedError."""
    try:
        return read_bounded(path, MAX_SVG_BYTES)
    except NotAFileError:
        raise DeckRefusedError(NOT_A_FILE, T(
            "The deck “{name}” cannot be used: “{file}” is not an ordinary file.",
            name=name, file=path.name)) from None
    except FileTooLargeError:
        raise _too_large(name) from None
    except OSError as error:
        raise DeckRefusedError(UNREADABLE, T("The deck “{name}” cannot be read: {reason}",
                                        name=name, reason=error.strerror or str(error))) from None


def svg_text(raw: bytes, name: str) -> bytes:
    """The SVG text of a deck file's bytes: inflated (bounded) when they are gzip's."""
    return inflate(raw, name) if raw.startswith(b"\x1f\x8b") else raw


def read_deck(path: Path, name: str) -> bytes:
    """The SVG text of the deck file `path` (inflated when it is SVGZ); raises DeckRefusedError."""
    return svg_text(read_raw(path, name), name)


def inflate(raw: bytes, name: str, limit: int = MAX_SVG_BYTES) -> bytes:
    """A gzip stream inflated piece by piece, refused as soon as it passes `limit` bytes."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    pieces: list[bytes] = []
    total = 0
    pending = raw
    try:
        while True:
            piece = inflater.decompress(pending, _CHUNK)
            total += len(piece)
            if total > limit:
                raise _too_large(name)
            pieces.append(piece)
            pending = inflater.unconsumed_tail
            if inflater.eof or not (piece or pending):
                break
    except zlib.error:
        raise _damaged(name) from None
    if not inflater.eof:  # cut short
        raise _damaged(name)
    return b"".join(pieces)


def check_svg(data: bytes, name: str, time_limit: float = TIME_LIMIT) -> SvgFacts:
    """Refuse (DeckRefusedError) an SVG text past any bound; what it holds when it passes."""
    scan = _Scan(name, time.thread_time() + time_limit)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = scan.doctype
    parser.EntityDeclHandler = scan.entity
    parser.StartElementHandler = scan.start
    parser.EndElementHandler = scan.end
    parser.CharacterDataHandler = scan.text
    try:
        for at in range(0, len(data), _CHUNK):
            parser.Parse(data[at:at + _CHUNK], False)
            scan.look_at_clock()
        parser.Parse(b"", True)
    except expat.ExpatError:
        raise _damaged(name) from None
    if not scan.costs.count:
        raise _damaged(name)
    try:
        cost = scan.costs.total(scan.look_at_clock)
    except LoopError:
        raise DeckRefusedError(LOOP, T(
            "The deck “{name}” cannot be used: a part of it refers to itself, so it could "
            "never be drawn to the end.", name=name)) from None
    if cost.elements > MAX_EXPANDED or cost.bytes > MAX_EXPANDED_BYTES:
        raise DeckRefusedError(TOO_COMPLEX, T(
            "The deck “{name}” cannot be used: it repeats its parts so often that drawing it "
            "would take too long.", name=name))
    if cost.effects > MAX_EFFECTS:
        raise DeckRefusedError(TOO_MANY_EFFECTS, T(
            "The deck “{name}” cannot be used: it applies more than {count} blur or mask "
            "effects, too many to draw quickly.", name=name, count=MAX_EFFECTS))
    return SvgFacts(scan.costs.count, scan.deepest, cost, scan.pixels)


def check_deck_file(path: Path, name: str) -> bytes:
    """`read_deck` and `check_svg` in one: the SVG text QtSvg may read; raises
    DeckRefusedError. (No Qt: usable wherever a deck file must be vetted.)"""
    data = read_deck(path, name)
    check_svg(data, name)
    return data


class _Scan:
    """The handlers of one expat parse: bounds checked as the elements stream past."""

    def __init__(self, name: str, deadline: float) -> None:
        self.name = name
        self.deadline = deadline
        self.costs = DocumentCosts()
        self.open: list[int] = []
        self.deepest = 0
        self.pixels = 0
        self.in_style = 0

    def look_at_clock(self) -> None:
        if time.thread_time() > self.deadline:
            raise DeckRefusedError(TOO_SLOW, T(
                "The deck “{name}” cannot be used: it takes too long to read.", name=self.name))

    def doctype(self, _name: str, _system: str | None, _public: str | None,
                internal_subset: bool) -> None:
        # A bare <!DOCTYPE svg PUBLIC …> (Illustrator writes one) declares nothing; an
        # internal subset is where entities would be.
        if internal_subset:
            self._refuse_entities()

    def entity(self, *_args: object) -> None:
        self._refuse_entities()

    def _refuse_entities(self) -> None:
        raise DeckRefusedError(ENTITIES, T(
            "The deck “{name}” cannot be used: it declares XML entities, which Aisle does not "
            "read.", name=self.name))

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        costs = self.costs
        if not self.open and tag not in (f"{_SVG} svg", "svg"):  # QtSvg takes both
            raise _damaged(self.name)
        if costs.count >= MAX_ELEMENTS:
            raise DeckRefusedError(TOO_MANY_ELEMENTS, T(
                "The deck “{name}” cannot be used: it has more than {count} parts, too many "
                "for a card deck.", name=self.name, count=MAX_ELEMENTS))
        if len(self.open) >= MAX_DEPTH:
            raise DeckRefusedError(TOO_DEEP, T(
                "The deck “{name}” cannot be used: its parts are nested more than {count} deep.",
                name=self.name, count=MAX_DEPTH))
        local = tag.rpartition(" ")[2]
        index = costs.add(local, self.open[-1] if self.open else None, attributes)
        self.open.append(index)
        self.deepest = max(self.deepest, len(self.open))
        if local == "style":
            self.in_style += 1
        href = attributes.get(f"{_XLINK} href") or attributes.get("href") or ""
        if local in _PICTURES and href.startswith("data:"):
            self._picture(href)
        if costs.count % _CLOCK_EVERY == 0:
            self.look_at_clock()

    def end(self, tag: str) -> None:
        self.open.pop()
        if tag.rpartition(" ")[2] == "style":
            self.in_style -= 1

    def text(self, content: str) -> None:
        if self.open:
            self.costs.add_text(self.open[-1], content, style=self.in_style > 0)

    def _picture(self, address: str) -> None:
        payload = data_payload(address)
        size = picture_size(payload) if payload is not None else None
        if size is None:
            raise DeckRefusedError(PICTURE_KIND, T(
                "The deck “{name}” cannot be used: it holds a picture Aisle does not take "
                "(only PNG and JPEG pictures are taken).", name=self.name))
        self.pixels += size[0] * size[1]
        if self.pixels > MAX_PICTURE_PIXELS:
            raise DeckRefusedError(PICTURES_TOO_LARGE, T(
                "The deck “{name}” cannot be used: the pictures in it are too large (more "
                "than {count} million pixels together).",
                name=self.name, count=MAX_PICTURE_PIXELS // 1_000_000))


def _too_large(name: str) -> DeckRefusedError:
    return DeckRefusedError(TOO_LARGE, T(
        "The deck “{name}” cannot be used: its drawing is larger than {count} MB, too large "
        "for a card deck.", name=name, count=MAX_SVG_BYTES // _MIB))


def _damaged(name: str) -> DeckRefusedError:
    return DeckRefusedError(DAMAGED, T(
        "The deck “{name}” cannot be used: its file is damaged or not an SVG drawing.",
        name=name))
