"""An SVG or SVGZ deck (KDE's carddecks, AisleRiot's, the player's, a plugin's), read with QtSvg.

A file is read only when a picture is missing from the disk cache (or on `check`), and let go
again by `release` once its pictures are kept. Every read goes through `aisle.deck_guard`
(bounded bytes, XML, expansion and pictures) before QtSvg parses it in its own thread
(`svg_reader`); then the cards are laid out (`svg_cards.lay_out`), and the first time a file
is seen each card is drawn once against the clock (`svg_cards.try_drawing`). A note beside the
pictures keeps which files passed, so the trial is not repeated at every start.

When a picture is missing on the GUI thread, the read runs in the background worker and the
window waits `WAIT_SECONDS` for it at most, once per read: a deck not ready by then raises
DeckNotReadyError, our classic deck stands in, and `deck_events().checked` tells when to ask
again (`missed_pictures` says which pictures were asked for meanwhile).
"""

from __future__ import annotations

import statistics
import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgRenderer

from aisle.deck_guard import DeckRefusedError, check_svg, read_deck, read_raw, svg_text
from aisle.i18n import T
from aisle.ui.cards.decks.background import deck_events, stopping, submit
from aisle.ui.cards.decks.deck import Deck, DeckError, DeckNotReadyError
from aisle.ui.cards.decks.svg_cards import CardLayout, draw_element, lay_out, try_drawing
from aisle.ui.cards.decks.svg_reader import bring_home, load_renderer
from aisle.ui.cards.picture_cache import PictureCache, source_stamp

#: Files with these endings are taken as decks.
SVG_SUFFIXES = (".svg", ".svgz")
#: How long the window waits for a deck's file to be read before our deck stands in.
WAIT_SECONDS = 0.25
#: The note (beside the pictures) naming the deck files that passed the trial drawing.
PASSED_NOTE = "checked-decks"
_PASSED_KEPT = 64

_verdicts = threading.Lock()
#: Stamps (file, size, time, Qt) of the decks refused and of those passed in this run.
_refused: dict[str, DeckError] = {}
_passed: set[str] = set()


@dataclass(frozen=True)
class _Drawing:
    renderer: QSvgRenderer
    layout: CardLayout


def _has_passed(stamp: str) -> bool:
    with _verdicts:
        if stamp in _passed:
            return True
    noted = PictureCache().note(PASSED_NOTE) or ""
    return stamp in noted.split()


def _note_passed(stamp: str) -> None:
    with _verdicts:
        _passed.add(stamp)
    cache = PictureCache()
    stamps = [line for line in (cache.note(PASSED_NOTE) or "").split() if line != stamp]
    cache.write_note(PASSED_NOTE, "\n".join([*stamps[-(_PASSED_KEPT - 1):], stamp]))


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
        self._drawing: _Drawing | None = None
        self._shape: float | None = None
        self._refusal: DeckError | None = None
        self._job: Future[None] | None = None
        self._waited: Future[None] | None = None
        self._job_lock = threading.Lock()
        self._missed: set[tuple[int, str, int, float]] = set()

    @property
    def name(self) -> str:
        return self._name

    def stamp(self) -> str:
        if self._stamp is None:
            self._stamp = source_stamp([self.path], "svg", str(self.path))
        return self._stamp

    @property
    def problem(self) -> DeckError | None:
        if self._refusal is not None:
            return self._refusal
        with _verdicts:
            return _refused.get(self.stamp())

    def check(self, raw: bytes | None = None) -> None:
        """Read and check the deck now, in this thread (a check under way in the background is
        waited for); raises DeckError. `raw`: the file's bytes when the caller has read them
        already (what is checked is then exactly what it copies)."""
        job = self._job
        if raw is None and job is not None:
            job.result()
            if self._drawing is not None:
                return
        self._settle(lambda: self._examine(raw))

    def file_bytes(self) -> bytes:
        """The deck file's bytes as they are (SVGZ not inflated), read bounded, for a copy of
        exactly what `check(raw)` checks; raises DeckError."""
        self._check_suffix()
        try:
            return read_raw(self.path, self.name)
        except DeckRefusedError as refusal:
            raise DeckError(refusal.message, refusal.kind) from None

    def start_check(self) -> bool:
        if self._drawing is not None or self.problem is not None or _has_passed(self.stamp()):
            return True
        self._start()
        return False

    def release(self) -> None:
        self._drawing = None

    def shape(self) -> float | None:
        # Known once the file is parsed, and kept after the parse is let go.
        drawing = self._drawing
        if drawing is not None and self._shape is None:
            rects = list(drawing.layout.bounds.values())
            self._shape = statistics.median(rect.height() / rect.width() for rect in rects)
        return self._shape

    def missed_pictures(self) -> list[tuple[int, str, int, float]]:
        # A window asks for them again when the check ends, so they are drawn and kept on disk
        # too (else the next start misses them again, and reads the file again).
        missed, self._missed = self._missed, set()
        return sorted(missed)

    def draw_face(self, painter: QPainter, rank: int, suit: str, w: float, h: float,
                  dpr: float) -> None:
        drawing = self._drawing_now((rank, suit, round(w), dpr))
        element = drawing.layout.naming(rank, suit)
        draw_element(drawing.renderer, element, drawing.layout.bounds[element], painter, w, h)

    def draw_back(self, painter: QPainter, w: float, h: float, dpr: float) -> None:
        drawing = self._drawing_now((0, "", round(w), dpr))
        draw_element(drawing.renderer, "back", drawing.layout.bounds["back"], painter, w, h)

    # -- reading ----------------------------------------------------------------------------
    def _drawing_now(self, picture: tuple[int, str, int, float]) -> _Drawing:
        """The parsed deck, read in the background and waited for a moment at most (once per
        read: a table asks for many pictures in a row)."""
        drawing = self._drawing
        if drawing is not None:
            return drawing
        problem = self.problem
        if problem is not None:
            raise problem
        job = self._start()
        try:
            if job is self._waited:
                raise FutureTimeout
            self._waited = job
            job.result(timeout=WAIT_SECONDS)
        except FutureTimeout:
            self._missed.add(picture)
            raise self._not_ready() from None
        drawing = self._drawing
        if drawing is None:
            raise self.problem or self._not_ready()
        return drawing

    def _not_ready(self) -> DeckNotReadyError:
        return DeckNotReadyError(T("The deck “{name}” is still being checked.",
                                   name=self.name), "checking")

    def _start(self) -> Future[None]:
        with self._job_lock:
            if self._job is None or self._job.done():
                self._job = submit(self._background)
            return self._job

    def _background(self) -> None:
        try:
            self._settle(lambda: self._examine(None))
        except DeckError:
            pass  # kept in `problem`
        except Exception:  # a file from elsewhere must never take the worker down
            self._refusal = _unreadable(self.name)
        finally:
            deck_events().checked.emit(self.id)

    def _settle(self, examine: Callable[[], _Drawing]) -> None:
        try:
            drawing = examine()
        except DeckNotReadyError:
            raise
        except DeckError as error:
            self._refusal = error
            with _verdicts:
                _refused[self.stamp()] = error
            raise
        with _verdicts:
            _refused.pop(self.stamp(), None)
        self._refusal = None
        self._drawing = drawing

    def _check_suffix(self) -> None:
        if self.path.suffix.lower() not in SVG_SUFFIXES:
            raise DeckError(T("The deck “{name}” cannot be used: “{file}” is not an SVG or "
                              "SVGZ file.", name=self.name, file=self.path.name), "not-svg")

    def _examine(self, raw: bytes | None) -> _Drawing:
        """Read (or take `raw`), check, parse, lay out and (first time) try out the deck."""
        name = self.name
        self._check_suffix()
        try:
            text = read_deck(self.path, name) if raw is None else svg_text(raw, name)
            check_svg(text, name)
        except DeckRefusedError as refusal:
            raise DeckError(refusal.message, refusal.kind) from None
        if stopping():
            raise self._not_ready()
        renderer = load_renderer(text)
        if renderer is None:
            raise _unreadable(name)
        try:
            if not renderer.isValid():
                raise _unreadable(name)
            layout = lay_out(renderer, name)
            stamp = self.stamp()
            if raw is not None or not _has_passed(stamp):
                try_drawing(renderer, layout, name, stopping)
                if raw is None:  # bytes handed in may differ from the file the stamp is of
                    _note_passed(stamp)
        finally:
            bring_home(renderer)
        return _Drawing(renderer, layout)


def _unreadable(name: str) -> DeckError:
    return DeckError(T("The deck “{name}” cannot be used: Aisle cannot read its drawing.",
                       name=name), "unreadable-drawing")
