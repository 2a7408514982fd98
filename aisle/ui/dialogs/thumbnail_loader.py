"""Thumbnails for one chooser, drawn lazily: only those asked for (the tiles being painted, so
the visible ones), one per turn of the event loop, so the dialog opens at once and stays
responsive while they come in.

`thumbnail` answers from the session's cache or from what this loader drew, or asks for the
picture to be drawn and answers None (the tile shows a placeholder); `ready` says when it is
there. A game that fails to deal gets no picture, and is not tried again by this loader.
A thumbnail drawn while the deck could not draw (an SVG deck still being checked: our classic
deck stood in) is shown here but not kept for the session, and drawn again once the check ends.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject, QSize, QTimer, Signal
from PySide6.QtGui import QPixmap

from aisle import i18n
from aisle.registry.collect import VariantInfo
from aisle.ui.cards.card_art import CardArt
from aisle.ui.dialogs.game_thumbnails import ThumbnailKey, draw_thumbnail, session_thumbnails
from aisle.ui.table.baize import baize_style
from aisle.ui.table.card_item import CardPictures


class ThumbnailLoader(QObject):
    #: The thumbnail of this game (its id) can be had now.
    ready = Signal(str)

    def __init__(self, pictures: CardPictures, size: QSize, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pictures = pictures
        self.size = size
        self._games: dict[str, VariantInfo] = {}
        #: Drawn by this loader (a null pixmap: the game could not be dealt).
        self._drawn: dict[ThumbnailKey, QPixmap] = {}
        self._waiting: dict[ThumbnailKey, str] = {}
        #: Drawn by our classic deck standing in for the deck being checked.
        self._stand_ins: set[ThumbnailKey] = set()
        self._listening = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._draw_next)

    def set_games(self, games: Mapping[str, VariantInfo]) -> None:
        self._games = dict(games)

    def thumbnail(self, variant_id: str, dpr: float) -> QPixmap | None:
        """The game's thumbnail, or None while it is being drawn or cannot be."""
        info = self._games.get(variant_id)
        if info is None:
            return None
        key = self._key(info, dpr)
        found = session_thumbnails().get(key)
        if found is None:
            found = self._drawn.get(key)
        if found is not None:
            return None if found.isNull() else found
        if key not in self._waiting:
            self._waiting[key] = variant_id
            self._timer.start()
        return None

    def drop_waiting(self) -> None:
        """Forget the pictures asked for so far (the view scrolled or filtered: those it shows
        now are asked for again as they are painted)."""
        self._waiting.clear()
        self._timer.stop()

    def pending(self) -> int:
        return len(self._waiting)

    def _key(self, info: VariantInfo, dpr: float) -> ThumbnailKey:
        art = self.pictures
        deck = art.deck.id if isinstance(art, CardArt) else f"pictures-{id(art):x}"
        return ThumbnailKey(info.id, info.version, deck, baize_style(), i18n.language(),
                            self.size.width(), self.size.height(), dpr)

    def _draw_next(self) -> None:
        if not self._waiting:
            return
        key = next(iter(self._waiting))
        variant_id = self._waiting.pop(key)
        info = self._games.get(variant_id)
        art = self.pictures
        if info is not None:
            try:
                pixmap = draw_thumbnail(info.variant, art, self.size, key.dpr)
            except Exception:  # a broken game: the player hears of it on choosing it
                self._drawn[key] = QPixmap()
            else:
                if isinstance(art, CardArt) and art.problem is not None:
                    self._drawn[key] = pixmap
                    self._stood_in(key)
                else:
                    session_thumbnails().put(key, pixmap)
            self.ready.emit(variant_id)
        if self._waiting:
            self._timer.start()

    def _stood_in(self, key: ThumbnailKey) -> None:
        if not self._listening:
            from aisle.ui.cards.decks.background import deck_events

            deck_events().checked.connect(self._deck_checked)
            self._listening = True
        self._stand_ins.add(key)

    def _deck_checked(self, _deck_id: str) -> None:
        """The deck can draw now (or was refused, and ours is shown): draw those again."""
        stand_ins, self._stand_ins = self._stand_ins, set()
        for key in stand_ins:
            self._drawn.pop(key, None)
            self.ready.emit(key.variant_id)
