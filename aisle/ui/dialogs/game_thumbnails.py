"""Small pictures of a game's opening deal (Select Game), drawn as the table would draw it.

The deal is number `THUMBNAIL_DEAL` with the game's default options, laid out by the table's
own `TableLayout` and drawn with the table's card pictures (the current deck) on the current
baize, so a thumbnail is the table in little. The cards are drawn at one picture size
(`CARD_WIDTH`) on a table made just large enough for it, and that layer is then scaled down
smoothly: each game's own small card width would have the deck draw a new set of pictures
per game, and pictures that small lose their indices.

Thumbnails are kept in memory for the session, per game, deck, baize, language (the rank
letters) and size, up to `KEPT_BYTES`; a changed deck or baize simply misses and draws anew.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QImage, QPainter, QPixmap

from aisle.engine.game import Game
from aisle.engine.slots import Fan, Slot, SlotKind, SlotSpec
from aisle.ui.table.baize import baize_style, paint_baize
from aisle.ui.table.card_item import CardPictures
from aisle.ui.table.layout import TableLayout, fit_card_width
from aisle.variant import Variant

THUMBNAIL_DEAL = 1
#: The width the card pictures are drawn at, before the whole table is scaled down.
CARD_WIDTH = 40
#: Thumbnails kept for the session, in bytes of pixels (about a hundred at 208 x 144).
KEPT_BYTES = 12 * 1024 * 1024
#: The rounding of a thumbnail's corners, in logical pixels.
CORNER = 6.0


class ThumbnailKey(NamedTuple):
    variant_id: str
    #: The plugin's version: a reinstalled plugin may deal another table.
    version: str
    deck: str
    baize: str
    language: str
    width: int
    height: int
    dpr: float


def draw_thumbnail(variant: type[Variant], pictures: CardPictures, size: QSize,
                   dpr: float) -> QPixmap:
    """The opening deal of `variant` in `size` (logical pixels); raises what the game raises."""
    game = Game.new(variant, THUMBNAIL_DEAL)
    specs = [slot.spec for slot in game.slots]
    aspect = pictures.aspect()
    scale = _scale_for(specs, size, aspect)
    table_w, table_h = size.width() * scale, size.height() * scale
    layout = TableLayout(specs, table_w, table_h, aspect)
    # Cards at full picture size on a transparent layer, as many device pixels as the
    # pictures have, so nothing is scaled twice.
    ratio = max(1.0, dpr)
    cards = QImage(round(table_w * ratio), round(table_h * ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    cards.fill(Qt.GlobalColor.transparent)
    cards.setDevicePixelRatio(ratio)
    painter = QPainter(cards)
    try:
        _draw_cards(painter, game.slots, layout, pictures, ratio)
    finally:
        painter.end()
    width, height = round(size.width() * dpr), round(size.height() * dpr)
    small = cards.scaled(width, height, Qt.AspectRatioMode.IgnoreAspectRatio,
                         Qt.TransformationMode.SmoothTransformation)
    small.setDevicePixelRatio(dpr)
    pixmap = _rounded_baize(size.width(), size.height(), dpr, baize_style()).copy()
    painter = QPainter(pixmap)
    try:
        painter.drawImage(0, 0, small)
    finally:
        painter.end()
    return pixmap


def _scale_for(specs: list[SlotSpec], size: QSize, aspect: float) -> float:
    """How many times `size` the table must be for its cards (`aspect` tall for their width) to
    be `CARD_WIDTH` wide."""

    def card_at(scale: float) -> int:
        return fit_card_width(specs, size.width() * scale, size.height() * scale, aspect)

    scale = 4.0
    # The card width is nearly proportional to the scale (whole pixels, within the layout's
    # bounds): two guesses come close, small steps land on it.
    for _guess in range(2):
        scale *= (CARD_WIDTH + 0.5) / card_at(scale)
    for _step in range(100):
        if card_at(scale) < CARD_WIDTH:
            scale *= 1.01
        elif card_at(scale) > CARD_WIDTH:
            scale *= 0.995
        else:
            break
    return scale


@lru_cache(maxsize=2)
def _rounded_baize(width: int, height: int, dpr: float, style: str) -> QPixmap:
    """The baize of every thumbnail (at the thumbnail's own size, so its cloth looks as on
    the table), with round corners."""
    plain = paint_baize(width, height, dpr, style)
    image = QImage(round(width * dpr), round(height * dpr),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    image.setDevicePixelRatio(dpr)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(plain))
        painter.drawRoundedRect(QRectF(0, 0, width, height), CORNER, CORNER)
    finally:
        painter.end()
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(dpr)
    return pixmap


def _draw_cards(painter: QPainter, slots: Sequence[Slot], layout: TableLayout,
                pictures: CardPictures, ratio: float) -> None:
    width = layout.card_width
    for slot in slots:
        x, y = layout.origins[slot.id]
        if not slot.cards:
            if slot.spec.outline:
                painter.drawPixmap(x, y, pictures.outline(width, ratio, slot.kind == SlotKind.FOUNDATION))
            continue
        faces = [card.face_up for card in slot.cards]
        # A stacked pile shows its top card only; the one under it is never seen here.
        first = max(0, len(slot.cards) - 1) if slot.fan is Fan.NONE else 0
        for card, (cx, cy) in list(zip(slot.cards, layout.offsets(slot.id, faces),
                                       strict=True))[first:]:
            picture = (pictures.face(card.rank, card.suit.value, width, ratio) if card.face_up
                       else pictures.back(width, ratio))
            painter.drawPixmap(cx, cy, picture)


class ThumbnailCache:
    """The thumbnails of the session, the least recently shown dropped past `KEPT_BYTES`."""

    def __init__(self, limit: int = KEPT_BYTES) -> None:
        self._limit = limit
        self._kept: OrderedDict[ThumbnailKey, QPixmap] = OrderedDict()
        self._bytes = 0

    def get(self, key: ThumbnailKey) -> QPixmap | None:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    def put(self, key: ThumbnailKey, pixmap: QPixmap) -> None:
        old = self._kept.pop(key, None)
        if old is not None:
            self._bytes -= _size_of(old)
        self._kept[key] = pixmap
        self._bytes += _size_of(pixmap)
        while self._bytes > self._limit and len(self._kept) > 1:
            _key, dropped = self._kept.popitem(last=False)
            self._bytes -= _size_of(dropped)

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()
        self._bytes = 0


def _size_of(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * 4


_session = ThumbnailCache()


def session_thumbnails() -> ThumbnailCache:
    """The one cache of the process: a chooser opened again finds its thumbnails."""
    return _session
