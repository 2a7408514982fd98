"""Card items on the table: a pixmap from the shared card art, nothing else.

Pixmaps come from the card art cache (one per card picture, size and pixel ratio), so a
hundred items showing the same back share one pixmap. The item draws it 1:1 in logical pixels,
which keeps it crisp; it is never scaled by the view.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem

from aisle.engine.cards import Card


class CardPictures(Protocol):
    """What the table needs from the card renderer (aisle.ui.cards.card_art.CardArt)."""

    def face(self, rank: int, suit: str, width: int, dpr: float = 1.0) -> QPixmap: ...

    def back(self, width: int, dpr: float = 1.0) -> QPixmap: ...

    def outline(self, width: int, dpr: float = 1.0, foundation: bool = False,
                strong: bool = False) -> QPixmap: ...

    def aspect(self) -> float: ...

    def clear(self) -> None: ...

    def keep(self) -> bool: ...


def default_pictures() -> CardPictures:
    # Imported on first use: the renderer is only needed once a table is shown.
    from aisle.ui.cards.card_art import shared_card_art

    return shared_card_art()


class CardItem(QGraphicsPixmapItem):
    """One card; `sync` shows the right side at the right size."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card
        self._shown: tuple[bool, int, float] | None = None
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        # (It need not refuse mouse buttons: the view plays the mouse itself and never hands
        # a press to the scene's items.)

    def sync(self, pictures: CardPictures, width: int, dpr: float) -> None:
        picture = self.new_picture(pictures, width, dpr)
        if picture is not None:
            self.setPixmap(picture)

    def new_picture(self, pictures: CardPictures, width: int, dpr: float) -> QPixmap | None:
        """The picture of the card's side at this size, or None when it shows already (the
        caller puts it on the item, at once or halfway through a flip)."""
        key = (self.card.face_up, width, dpr)
        if key == self._shown:
            return None
        self._shown = key
        if self.card.face_up:
            return pictures.face(self.card.rank, self.card.suit.value, width, dpr)
        return pictures.back(width, dpr)

    def turns_over(self, width: int, dpr: float) -> bool:
        """True when the card shows its other side at this very size: a flip to animate."""
        return (self._shown is not None and self._shown[1:] == (width, dpr)
                and self._shown[0] != self.card.face_up)

    def forget_picture(self) -> None:
        """Ask the art again on the next sync (the art cache was cleared)."""
        self._shown = None
