"""Our own card renderer: faces, back and empty-slot outline as cached pixmaps.

Everything is drawn with QPainter from vector paths and measured in fractions of the card
width, so cards are sharp at any size and device pixel ratio. Nothing is drawn until asked;
each pixmap is kept per (card, width, ratio) and shared by every item that shows it.

The faces and the back come from the current deck (see aisle.ui.cards.decks); `set_deck` changes it
for every item at once. With a `PictureCache`, a picture drawn in an earlier run is read back
instead of drawn (the deck's drawing modules or SVG file are then not even read), and `keep`
writes the new ones for the next run; their names carry the deck's stamp.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QImage, QPainter, QPixmap

from aisle.ui.cards.decks.deck import Deck, DeckError
from aisle.ui.cards.decks.own import ClassicDeck
from aisle.ui.cards.picture_cache import PictureCache, source_stamp
from aisle.variant import rank_name

#: Height / width of a poker-size card (63.5 x 88.9 mm).
CARD_ASPECT = 1.4
#: Part of the name of every kept picture: raise it when the look changes in a way the deck's
#: stamp does not show (for our decks, the size and time of their drawing modules).
ART_VERSION = 2
#: The note (beside the pictures) naming the application font they were last drawn in.
FONT_NOTE = "card-font"
#: The notes giving a deck's card shape (height / width), by the deck's stamp: the table is laid
#: out for it before the deck's file is read again, so the first frame needs no second layout.
SHAPE_NOTE = "card-shape-{stamp}"
#: Pictures drawn after the first frame are written this long after the last one was drawn.
KEEP_DELAY_MS = 2000
_UNKEPT_MAX = 256

#: How many sizes (width, ratio) stay cached. Resizing the window asks for new sizes one
#: after another; the old ones are dropped instead of piling up.
SIZES_KEPT = 4

_Key = tuple[str, int, str]
#: (width, device pixel ratio, height / width).
_Size = tuple[int, float, float]
_Painting = Callable[[QPainter, float, float, float], None]


def card_height(width: int, aspect: float = CARD_ASPECT) -> int:
    return round(width * aspect)


def _render(width: int, dpr: float, paint: _Painting, aspect: float = CARD_ASPECT) -> QPixmap:
    if width < 1:
        raise ValueError(f"card width must be at least 1 pixel, not {width}")
    if dpr <= 0:
        raise ValueError(f"device pixel ratio must be positive, not {dpr}")
    image = QImage(round(width * dpr), round(card_height(width, aspect) * dpr),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    image.fill(0)
    painter = QPainter(image)
    try:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                               | QPainter.RenderHint.SmoothPixmapTransform)
        # Draw in the logical size the device pixels really cover, so the card fills them exactly.
        paint(painter, image.width() / dpr, image.height() / dpr, dpr)
    finally:
        painter.end()
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(dpr)
    return pixmap


class CardArt:
    """Renders and caches card pixmaps (use `shared_card_art()` for the common instance)."""

    def __init__(self, cache: PictureCache | None = None, deck: Deck | None = None) -> None:
        self._deck: Deck = ClassicDeck() if deck is None else deck
        #: Why the deck could not draw the last picture it was asked for (the classic deck
        #: drew it instead, and it is not kept); None while the deck draws.
        self.problem: DeckError | None = None
        self._sizes: OrderedDict[_Size, dict[_Key, QPixmap]] = OrderedDict()
        self._cache = cache
        self._stamp: str | None = None
        #: The application font that `_stamp` was made for.
        self._font: str | None = None
        #: Drawn here, not on disk yet: (file key, picture).
        self._unkept: list[tuple[str, QPixmap]] = []
        #: Read from the disk before the first `keep`, their checksums not compared yet:
        #: (size, key, the comparison). `keep` compares them, off the first frame's path.
        self._unchecked: list[tuple[_Size, _Key, Callable[[], bool]]] = []
        self._kept_once = False
        self._keep_timer: QTimer | None = None
        #: The deck's shape as last noted on disk, and as guessed from that note before the
        #: deck tells it (see `aspect`).
        self._noted_shape: float | None = None
        self._guessed_shape: float | None = None

    def face(self, rank: int, suit: str, width: int, dpr: float = 1.0) -> QPixmap:
        """The face of a card: rank 1..13, suit "clubs", "diamonds", "hearts" or "spades"."""
        if not 1 <= rank <= 13:
            raise ValueError(f"rank must be 1..13, not {rank}")
        suit = str(suit)
        if suit not in ("clubs", "diamonds", "hearts", "spades"):
            raise ValueError(f"unknown suit {suit!r}")

        def paint(deck: Deck, painter: QPainter, w: float, h: float, ratio: float) -> None:
            deck.draw_face(painter, rank, suit, w, h, ratio)

        # The rank letter (it follows the language) is part of the face's name on disk.
        letter = (str(rank_name(rank)).encode("utf-8").hex() if self._deck.uses_letters
                  else "")
        return self._cached(("face", rank, suit), width, dpr, self._from_deck(paint), letter)

    def back(self, width: int, dpr: float = 1.0) -> QPixmap:
        def paint(deck: Deck, painter: QPainter, w: float, h: float, ratio: float) -> None:
            deck.draw_back(painter, w, h, ratio)

        return self._cached(("back", 0, ""), width, dpr, self._from_deck(paint))

    @property
    def deck(self) -> Deck:
        return self._deck

    def aspect(self) -> float:
        """The height / width of the cards as drawn now: the deck's own shape (noted beside
        the pictures once known, so a later start knows it before reading the deck's file),
        else the poker-size card's."""
        shape = self._deck.shape()
        if shape is not None:
            if shape != self._noted_shape and self._cache is not None:
                self._cache.write_note(SHAPE_NOTE.format(stamp=self._deck.stamp()), f"{shape:.4f}")
            self._noted_shape = shape
            return shape
        if self._guessed_shape is None:
            noted = (self._cache.note(SHAPE_NOTE.format(stamp=self._deck.stamp()))
                     if self._cache is not None else None)
            try:
                guess = float(noted) if noted else CARD_ASPECT
            except ValueError:  # a damaged note: the deck's file will tell again
                guess = CARD_ASPECT
            self._guessed_shape = guess if 0.5 < guess < 3 else CARD_ASPECT
        return self._guessed_shape

    def set_deck(self, deck: Deck) -> None:
        """Draw with `deck` from now on; the pictures of the old one are forgotten (those not
        on disk yet are still written there by `keep`)."""
        if deck.id == self._deck.id:
            return
        self._deck.release()
        self._deck = deck
        self.problem = None
        self._sizes.clear()
        self._stamp = None
        self._noted_shape = self._guessed_shape = None

    def _from_deck(self, paint: Callable[[Deck, QPainter, float, float, float], None]
                   ) -> _Painting:
        """`paint` with the current deck; should the deck fail (its file went bad), with the
        classic deck, and the failure noted in `problem`."""
        deck = self._deck

        def painting(painter: QPainter, w: float, h: float, ratio: float) -> None:
            try:
                paint(deck, painter, w, h, ratio)
            except DeckError as error:
                self.problem = error
                painter.eraseRect(0, 0, round(w) + 1, round(h) + 1)
                paint(ClassicDeck(), painter, w, h, ratio)

        return painting

    def outline(self, width: int, dpr: float = 1.0, foundation: bool = False,
                strong: bool = False) -> QPixmap:
        """The marker of an empty slot: a faint rounded outline meant to lie on the baize, of
        the deck's card shape (`aspect`), so it never peeks out from under a card; a
        foundation's shows the four suits in its middle; `strong` for high contrast."""

        def paint(painter: QPainter, w: float, h: float, ratio: float) -> None:
            from aisle.ui.cards.card_art_back import draw_foundation_outline, draw_outline

            (draw_foundation_outline if foundation else draw_outline)(painter, w, h, ratio, strong)

        return self._cached(("outline", int(foundation) + 2 * int(strong), ""), width, dpr, paint)

    def clear(self) -> None:
        """Forget every pixmap (after a language switch changes the rank letters)."""
        self._sizes.clear()
        self._unchecked.clear()

    def keep(self) -> bool:
        """Write the pictures drawn so far to the disk cache (from now on, new ones follow
        a moment after they are drawn). Never call it on the way to the first frame.

        True when pictures handed out so far have to be asked for again: read from a damaged
        file, or drawn in another font than the application's (the system's font changed since
        the last run). They are forgotten then."""
        first, self._kept_once = not self._kept_once, True
        unkept, self._unkept = self._unkept, []
        damaged = self._forget_damaged()
        # Its pictures of these sizes are all drawn: a parsed SVG file need not stay in memory.
        self._deck.release()
        if first and self._font_changed():
            self._sizes.clear()  # what was drawn in the right font is drawn again, under its name
            return True
        if self._cache is None or not unkept:
            return damaged
        for file_key, pixmap in unkept:
            self._cache.save(file_key, pixmap)
        self._cache.trim()
        return damaged

    def _forget_damaged(self) -> bool:
        """Compare the checksums of the pictures read before the first frame; forget those
        whose files turn out damaged (they are drawn anew, and written, when asked for again).
        True when there was one."""
        unchecked, self._unchecked = self._unchecked, []
        damaged = False
        for size, key, intact in unchecked:
            if not intact():
                damaged = True
                self._sizes.get(size, {}).pop(key, None)
        return damaged

    def _font_changed(self) -> bool:
        """Whether the pictures were named for a font other than the application's; the note
        is brought up to date for the next run."""
        if self._cache is None:
            return False
        font = _application_font()
        if self._cache.note(FONT_NOTE) != font:
            self._cache.write_note(FONT_NOTE, font)
        if self._font is None or self._font == font:
            return False
        self._font = self._stamp = None
        return True

    def _file_key(self, key: _Key, size: _Size, letter: str) -> str:
        if self._stamp is None:
            here = Path(__file__).parent
            # The corner indices are drawn in the application's font: part of the look too.
            # Before the first frame, the font the last run noted is taken on trust (asking
            # Qt costs a millisecond, setting up QFont in Python); `keep` checks it.
            noted = (self._cache.note(FONT_NOTE)
                     if self._cache is not None and not self._kept_once else None)
            self._font = noted or _application_font()
            font = self._font if self._deck.uses_letters else ""
            self._stamp = source_stamp([here / "card_art.py", here / "card_art_back.py"],
                                       str(ART_VERSION), self._deck.stamp(), font)
        kind, rank, suit = key
        shape = "" if abs(size[2] - CARD_ASPECT) < 0.0005 else f"x{size[2]:.3f}"
        return f"card-{self._stamp}-{kind}{rank}{suit}{letter}-{size[0]}@{size[1]:g}{shape}"

    def _remember(self, file_key: str, pixmap: QPixmap) -> None:
        self._unkept.append((file_key, pixmap))
        del self._unkept[:-_UNKEPT_MAX]  # never kept (no window asked): hold a few at most
        if self._kept_once:  # after the first frame: write in a quiet moment
            if self._keep_timer is None:
                self._keep_timer = QTimer()
                self._keep_timer.setSingleShot(True)
                self._keep_timer.timeout.connect(self.keep)
            self._keep_timer.start(KEEP_DELAY_MS)

    def _cached(self, key: _Key, width: int, dpr: float, paint: _Painting,
                letter: str = "") -> QPixmap:
        size = (int(width), float(dpr), self.aspect())
        cards = self._sizes.get(size)
        if cards is None:
            cards = self._sizes[size] = {}
            while len(self._sizes) > SIZES_KEPT:
                self._sizes.popitem(last=False)
        else:
            self._sizes.move_to_end(size)
        pixmap = cards.get(key)
        if pixmap is None:
            file_key = self._file_key(key, size, letter) if self._cache is not None else ""
            pixmap = self._load(file_key, size, key)
            if pixmap is None:
                failed = self.problem
                self.problem = None
                pixmap = _render(size[0], size[1], paint, size[2])
                if self._cache is not None and self.problem is None:
                    self._remember(file_key, pixmap)
                self.problem = self.problem or failed
            cards[key] = pixmap
        return pixmap

    def _load(self, file_key: str, size: _Size, key: _Key) -> QPixmap | None:
        """The picture on disk: before the first frame with its checksum compared by `keep`
        (a whole deck's faces are megabytes to sum), afterwards at once."""
        if self._cache is None:
            return None
        if self._kept_once:
            return self._cache.load(file_key, size[1])
        found = self._cache.load_unchecked(file_key, size[1])
        if found is None:
            return None
        pixmap, intact = found
        self._unchecked.append((size, key, intact))
        return pixmap


def _application_font() -> str:
    from PySide6.QtGui import QGuiApplication

    return str(QGuiApplication.font().toString())


_shared: CardArt | None = None


def shared_card_art() -> CardArt:
    """The one renderer of the process, so all views share its pixmaps (and the disk cache)."""
    global _shared
    if _shared is None:
        _shared = CardArt(PictureCache())
    return _shared
