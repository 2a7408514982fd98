"""Our own card renderer: faces, back and empty-slot outline as cached pixmaps.

Everything is drawn with QPainter from vector paths and measured in fractions of the card
width, so cards are sharp at any size and device pixel ratio. Nothing is drawn until asked;
each pixmap is kept per (card, width, ratio) and shared by every item that shows it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtGui import QImage, QPainter, QPixmap

from aisle.ui.card_art_back import draw_back, draw_outline
from aisle.ui.card_art_courts import draw_court
from aisle.ui.card_art_faces import draw_ace, draw_blank, draw_indices, draw_pips
from aisle.variant import rank_name

#: Height / width of a poker-size card (63.5 x 88.9 mm).
CARD_ASPECT = 1.4

#: How many sizes (width, ratio) stay cached. Resizing the window asks for new sizes one
#: after another; the old ones are dropped instead of piling up.
SIZES_KEPT = 4

_Key = tuple[str, int, str]
_Size = tuple[int, float]
_Painting = Callable[[QPainter, float, float, float], None]


def card_height(width: int) -> int:
    return round(width * CARD_ASPECT)


def _render(width: int, dpr: float, paint: _Painting) -> QPixmap:
    if width < 1:
        raise ValueError(f"card width must be at least 1 pixel, not {width}")
    if dpr <= 0:
        raise ValueError(f"device pixel ratio must be positive, not {dpr}")
    image = QImage(round(width * dpr), round(card_height(width) * dpr),
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

    def __init__(self) -> None:
        self._sizes: OrderedDict[_Size, dict[_Key, QPixmap]] = OrderedDict()

    def face(self, rank: int, suit: str, width: int, dpr: float = 1.0) -> QPixmap:
        """The face of a card: rank 1..13, suit "clubs", "diamonds", "hearts" or "spades"."""
        if not 1 <= rank <= 13:
            raise ValueError(f"rank must be 1..13, not {rank}")
        suit = str(suit)
        if suit not in ("clubs", "diamonds", "hearts", "spades"):
            raise ValueError(f"unknown suit {suit!r}")

        def paint(painter: QPainter, w: float, h: float, ratio: float) -> None:
            draw_blank(painter, w, h, ratio)
            if rank == 1:
                draw_ace(painter, suit, w, h)
            elif rank <= 10:
                draw_pips(painter, rank, suit, w, h)
            else:
                draw_court(painter, rank, suit, w, h, ratio)
            draw_indices(painter, str(rank_name(rank)), suit, w, h)

        return self._cached(("face", rank, suit), width, dpr, paint)

    def back(self, width: int, dpr: float = 1.0) -> QPixmap:
        return self._cached(("back", 0, ""), width, dpr, draw_back)

    def outline(self, width: int, dpr: float = 1.0) -> QPixmap:
        """The marker of an empty slot: a faint rounded outline meant to lie on the baize."""
        return self._cached(("outline", 0, ""), width, dpr, draw_outline)

    def clear(self) -> None:
        """Forget every pixmap (after a language switch changes the rank letters)."""
        self._sizes.clear()

    def _cached(self, key: _Key, width: int, dpr: float, paint: _Painting) -> QPixmap:
        size = (int(width), float(dpr))
        cards = self._sizes.get(size)
        if cards is None:
            cards = self._sizes[size] = {}
            while len(self._sizes) > SIZES_KEPT:
                self._sizes.popitem(last=False)
        else:
            self._sizes.move_to_end(size)
        pixmap = cards.get(key)
        if pixmap is None:
            pixmap = cards[key] = _render(size[0], size[1], paint)
        return pixmap


_shared: CardArt | None = None


def shared_card_art() -> CardArt:
    """The one renderer of the process, so all views share its pixmaps."""
    global _shared
    if _shared is None:
        _shared = CardArt()
    return _shared
