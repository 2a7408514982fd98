"""An SVG or SVGZ deck (KDE's carddecks, AisleRiot's, the player's, a plugin's), read with QtSvg.

Cards are elements of one drawing, named in one of the two common ways: KDE's `1_club`,
`10_heart`, `king_spade` or AisleRiot's `club_1`, `heart_10`, `spade_king`; both name the back
`back`. A file is only read when a picture is missing from the disk cache (or on `check`),
and let go again by `release` once its pictures are kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from aisle.i18n import T
from aisle.ui.decks.deck import SUITS, Deck, DeckError
from aisle.ui.picture_cache import source_stamp

if TYPE_CHECKING:
    from PySide6.QtSvg import QSvgRenderer

#: Files with these endings are taken as decks.
SVG_SUFFIXES = (".svg", ".svgz")
#: A deck file larger than this is refused (the largest KDE deck is a little over 3 MB).
MAX_DECK_BYTES = 40 * 1024 * 1024
_RANKS = {1: "1", 11: "jack", 12: "queen", 13: "king"}
_MISSING_SHOWN = 4


def _rank_word(rank: int) -> str:
    return _RANKS.get(rank, str(rank))


def _kde_id(rank: int, suit: str) -> str:
    return f"{_rank_word(rank)}_{suit.rstrip('s')}"


def _aisleriot_id(rank: int, suit: str) -> str:
    return f"{suit.rstrip('s')}_{_rank_word(rank)}"


def element_ids(naming: Callable[[int, str], str]) -> list[str]:
    """Every element a deck must have under one naming: 52 faces and the back."""
    return [naming(rank, suit) for suit in SUITS for rank in range(1, 14)] + ["back"]


@contextmanager
def _quiet_qt() -> Iterator[None]:
    """Qt's SVG reader warns on the console about every feature a file uses that it does not
    support; for a deck from elsewhere that is noise (a deck it cannot use is refused)."""
    from PySide6.QtCore import qInstallMessageHandler

    previous = qInstallMessageHandler(lambda *_args: None)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


class SvgDeck(Deck):
    """One deck file; `name` as its folder's metadata (or the file) gives it."""

    uses_letters = False

    def __init__(self, path: Path, name: str = "", origin: str = "") -> None:
        self.path = path
        self.id = f"svg:{path}"
        self._name = name or path.name.split(".")[0].replace("_", " ").replace("-", " ").title()
        #: Where it was found ("KDE", "AisleRiot", a plugin's name, "") for the dialog.
        self.origin = origin
        self._stamp: str | None = None
        self._renderer: QSvgRenderer | None = None
        self._naming: Callable[[int, str], str] = _kde_id

    @property
    def name(self) -> str:
        return self._name

    def stamp(self) -> str:
        if self._stamp is None:
            self._stamp = source_stamp([self.path], "svg", str(self.path))
        return self._stamp

    def check(self) -> None:
        self._load()

    def release(self) -> None:
        self._renderer = None

    def _load(self) -> QSvgRenderer:
        if self._renderer is not None:
            return self._renderer
        path = self.path
        try:
            size = path.stat().st_size
        except OSError as error:
            raise DeckError(T("The deck {file} cannot be read: {reason}", file=str(path),
                              reason=error.strerror or str(error))) from None
        if path.suffix.lower() not in SVG_SUFFIXES:
            raise DeckError(T("The deck {file} is not an SVG or SVGZ file.", file=str(path)))
        if size > MAX_DECK_BYTES:
            raise DeckError(T("The deck {file} is too large to be a deck.", file=str(path)))
        from PySide6.QtSvg import QSvgRenderer

        with _quiet_qt():
            renderer = QSvgRenderer(str(path))
        if not renderer.isValid():
            raise DeckError(T("The deck {file} is not a drawing Aisle can read (damaged, or "
                              "not SVG).", file=str(path)))
        # KDE's naming unless the file has AisleRiot's (a message names KDE's, the commoner).
        aisleriot = renderer.elementExists("club_1") and not renderer.elementExists("1_club")
        naming = _aisleriot_id if aisleriot else _kde_id
        missing = [name for name in element_ids(naming) if not renderer.elementExists(name)]
        if missing:
            raise DeckError(T("The deck {file} lacks {count} of the 53 cards it needs "
                              "(such as {names}).", file=str(path), count=len(missing),
                              names=", ".join(missing[:_MISSING_SHOWN])))
        for element in ("back", naming(13, "hearts")):
            bounds = renderer.boundsOnElement(element)
            # Some decks build cards from parts Qt's reader places wrongly: refused, not shown
            # as a jumble.
            if not bounds.height() > bounds.width() > 0:
                raise DeckError(T("Aisle cannot draw the deck {file}: its cards do not come "
                                  "out upright.", file=str(path)))
        self._naming = naming
        self._renderer = renderer
        return renderer

    def draw_face(self, painter: QPainter, rank: int, suit: str, w: float, h: float,
                  dpr: float) -> None:
        renderer = self._load()
        self._draw(renderer, self._naming(rank, suit), painter, w, h)

    def draw_back(self, painter: QPainter, w: float, h: float, dpr: float) -> None:
        self._draw(self._load(), "back", painter, w, h)

    @staticmethod
    def _draw(renderer: QSvgRenderer, element: str, painter: QPainter, w: float,
              h: float) -> None:
        # The card keeps its own proportions, as large as fits and centred: decks differ a
        # little from our poker size, and a stretched card looks wrong.
        bounds = renderer.boundsOnElement(element)
        target = QRectF(0, 0, w, h)
        if bounds.width() > 0 and bounds.height() > 0:
            scale = min(w / bounds.width(), h / bounds.height())
            fitted_w, fitted_h = bounds.width() * scale, bounds.height() * scale
            target = QRectF((w - fitted_w) / 2, (h - fitted_h) / 2, fitted_w, fitted_h)
        with _quiet_qt():
            renderer.render(painter, element, target)
