"""Our own decks, drawn with QPainter: the classic one, the large-index one and the modern one.

Each is named after the files that draw it (their size and time, see `source_stamp`), so a
picture drawn by older code is never shown. The drawing modules are imported only when a
picture is missing from the disk cache.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QPainter

from aisle.i18n import _
from aisle.ui.cards.decks.deck import Deck
from aisle.ui.cards.picture_cache import source_stamp
from aisle.variant import rank_name

_UI = Path(__file__).resolve().parent.parent
_HERE = Path(__file__).resolve().parent
#: Raise when the look of a deck changes in a way its files do not show.
OWN_ART_VERSION = 1


class _OwnDeck(Deck):
    _files: tuple[Path, ...] = ()

    def __init__(self) -> None:
        self._stamp: str | None = None

    def stamp(self) -> str:
        if self._stamp is None:
            self._stamp = source_stamp(self._files, self.id, str(OWN_ART_VERSION))
        return self._stamp


class ClassicDeck(_OwnDeck):
    """Aisle's first deck: shaded pips, drawn court figures, a blue lattice back."""

    id = "aisle"
    _files = tuple(_UI / name for name in ("card_art.py", "card_art_back.py",
                                           "card_art_courts.py", "card_art_faces.py",
                                           "card_art_suits.py"))

    @property
    def name(self) -> str:
        return _("Aisle Classic")

    def draw_face(self, painter: QPainter, rank: int, suit: str, w: float, h: float,
                  dpr: float) -> None:
        from aisle.ui.cards.card_art_courts import draw_court
        from aisle.ui.cards.card_art_faces import draw_ace, draw_blank, draw_indices, draw_pips

        draw_blank(painter, w, h, dpr)
        if rank == 1:
            draw_ace(painter, suit, w, h)
        elif rank <= 10:
            draw_pips(painter, rank, suit, w, h)
        else:
            draw_court(painter, rank, suit, w, h, dpr)
        draw_indices(painter, str(rank_name(rank)), suit, w, h)

    def draw_back(self, painter: QPainter, w: float, h: float, dpr: float) -> None:
        from aisle.ui.cards.card_art_back import draw_back

        draw_back(painter, w, h, dpr)


class LargeIndexDeck(_OwnDeck):
    """Four colours and huge corner indices: readable at small sizes and for low vision."""

    id = "aisle-large-index"
    _files = (_HERE / "large_index.py", _HERE / "plain_drawing.py", _UI / "card_art_suits.py",
              _UI / "card_art_faces.py")

    @property
    def name(self) -> str:
        return _("Large Index, Four Colours")

    def draw_face(self, painter: QPainter, rank: int, suit: str, w: float, h: float,
                  dpr: float) -> None:
        from aisle.ui.cards.decks.large_index import draw_face

        draw_face(painter, str(rank_name(rank)), rank, suit, w, h, dpr)

    def draw_back(self, painter: QPainter, w: float, h: float, dpr: float) -> None:
        from aisle.ui.cards.decks.large_index import draw_back

        draw_back(painter, w, h, dpr)


class ModernDeck(_OwnDeck):
    """Flat and simple: one large suit sign, clean indices, a plain back."""

    id = "aisle-modern"
    _files = (_HERE / "modern.py", _HERE / "plain_drawing.py", _UI / "card_art_suits.py",
              _UI / "card_art_faces.py")

    @property
    def name(self) -> str:
        return _("Modern")

    def draw_face(self, painter: QPainter, rank: int, suit: str, w: float, h: float,
                  dpr: float) -> None:
        from aisle.ui.cards.decks.modern import draw_face

        draw_face(painter, str(rank_name(rank)), rank, suit, w, h, dpr)

    def draw_back(self, painter: QPainter, w: float, h: float, dpr: float) -> None:
        from aisle.ui.cards.decks.modern import draw_back

        draw_back(painter, w, h, dpr)


def own_decks() -> list[Deck]:
    return [ClassicDeck(), LargeIndexDeck(), ModernDeck()]
