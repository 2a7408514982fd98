"""The cards of an SVG deck once QtSvg has read it: all there, drawn upright, of one size, and
quick to draw.

Cards are elements of one drawing, named in one of the two common ways: KDE's `1_club`,
`10_heart`, `king_spade` or AisleRiot's `club_1`, `heart_10`, `spade_king`; both name the back
`back`. Each is drawn fitted into the card by its bounds, so the size of the whole drawing
(its width, height and viewBox) does not matter; a card whose bounds are empty or far from
the others' would come out blank or as a speck, and is refused instead.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from aisle.i18n import T
from aisle.ui.cards.decks.deck import SUITS, DeckError, DeckNotReadyError
from aisle.ui.cards.decks.svg_reader import render_there

_RANKS = {1: "1", 11: "jack", 12: "queen", 13: "king"}
_NAMES_SHOWN = 4
#: A card may be this many times smaller or larger than the deck's usual card (KDE's Paris
#: deck has a back 0.64 times the size of its faces).
SIZE_SPREAD = 2.0
#: The size cards are tried out at (a large table's), and how long one card and all of them
#: may take there: four and seven times what KDE's slowest deck takes (Dondorf: its back
#: 0.26 s, all 53 cards 1.5 s), so a busy machine does not refuse it.
TRIAL_WIDTH = 200
CARD_SECONDS = 1.0
DECK_SECONDS = 10.0

Naming = Callable[[int, str], str]


def _rank_word(rank: int) -> str:
    return _RANKS.get(rank, str(rank))


def kde_id(rank: int, suit: str) -> str:
    return f"{_rank_word(rank)}_{suit.rstrip('s')}"


def aisleriot_id(rank: int, suit: str) -> str:
    return f"{suit.rstrip('s')}_{_rank_word(rank)}"


def element_ids(naming: Naming) -> list[str]:
    """Every element a deck must have under one naming: 52 faces and the back."""
    return [naming(rank, suit) for suit in SUITS for rank in range(1, 14)] + ["back"]


@dataclass(frozen=True)
class CardLayout:
    """Where each card is in the drawing: the naming and the bounds of every element."""

    naming: Naming
    bounds: dict[str, QRectF]


def lay_out(renderer: QSvgRenderer, name: str) -> CardLayout:
    """The cards of a parsed deck; DeckError when some are missing, empty, lying or odd."""
    # KDE's naming unless the file has AisleRiot's (a message names KDE's, the commoner).
    aisleriot = renderer.elementExists("club_1") and not renderer.elementExists("1_club")
    naming = aisleriot_id if aisleriot else kde_id
    elements = element_ids(naming)
    missing = [element for element in elements if not renderer.elementExists(element)]
    if missing:
        raise DeckError(T("The deck “{name}” cannot be used: it lacks {count} of the 53 cards "
                          "it needs (such as {names}).", name=name, count=len(missing),
                          names=", ".join(missing[:_NAMES_SHOWN])), "missing-cards")
    bounds = {element: renderer.boundsOnElement(element) for element in elements}
    empty = [element for element, rect in bounds.items() if not _drawable(rect)]
    if empty:
        raise DeckError(T("The deck “{name}” cannot be used: some of its cards are empty (such "
                          "as {names}).", name=name, names=", ".join(empty[:_NAMES_SHOWN])),
                        "empty-cards")
    # Some decks lie on their side, or build cards from parts Qt's reader places wrongly:
    # refused, not shown as a jumble.
    if any(rect.height() <= rect.width() for rect in bounds.values()):
        raise DeckError(T("The deck “{name}” cannot be used: its cards do not come out "
                          "upright.", name=name), "not-upright")
    width = statistics.median(rect.width() for rect in bounds.values())
    height = statistics.median(rect.height() for rect in bounds.values())
    odd = [element for element, rect in bounds.items()
           if not (_near(rect.width(), width) and _near(rect.height(), height))]
    if odd:
        raise DeckError(T("The deck “{name}” cannot be used: its cards are not all of one size "
                          "(such as {names}).", name=name, names=", ".join(odd[:_NAMES_SHOWN])),
                        "odd-sizes")
    return CardLayout(naming, bounds)


def _drawable(rect: QRectF) -> bool:
    values = (rect.x(), rect.y(), rect.width(), rect.height())
    return all(math.isfinite(value) for value in values) and rect.width() > 0 < rect.height()


def _near(value: float, usual: float) -> bool:
    return usual / SIZE_SPREAD <= value <= usual * SIZE_SPREAD


def fitted(bounds: QRectF, w: float, h: float) -> QRectF:
    """Where a card of `bounds` goes in a card of `w` x `h`: as large as fits, centred. Decks
    differ a little from our poker size, and a stretched card looks wrong."""
    scale = min(w / bounds.width(), h / bounds.height())
    fitted_w, fitted_h = bounds.width() * scale, bounds.height() * scale
    return QRectF((w - fitted_w) / 2, (h - fitted_h) / 2, fitted_w, fitted_h)


def draw_element(renderer: QSvgRenderer, element: str, bounds: QRectF, painter: QPainter,
                 w: float, h: float) -> None:
    """One card drawn into a card of `w` x `h` (see `fitted`)."""
    renderer.render(painter, element, fitted(bounds, w, h))


class _Clock:
    """Time spent drawing: the smaller of the time on the wall (which grows when other
    programs keep the processor busy) and this process's processor time (which grows when
    the window draws meanwhile), so neither a busy machine nor a busy window makes a deck
    look slow. (The drawing runs in another thread, whose own time Python cannot read
    everywhere.)"""

    def __init__(self) -> None:
        self._wall = time.monotonic()
        self._processor = time.process_time()

    def seconds(self) -> float:
        return min(time.monotonic() - self._wall, time.process_time() - self._processor)


def try_drawing(renderer: QSvgRenderer, layout: CardLayout, name: str,
                stopping: Callable[[], bool]) -> None:
    """Draw every card once, in the reader thread (the renderer lives there until the check
    ends): DeckError when one card, or all of them, take longer than the window could wait
    for. The structural bounds of `aisle.deck_guard` keep each card's drawing finite; this
    bounds it in time."""
    height = round(TRIAL_WIDTH * 1.4)
    image = QImage(TRIAL_WIDTH, height, QImage.Format.Format_ARGB32_Premultiplied)
    whole = _Clock()
    for element, bounds in layout.bounds.items():
        if stopping():
            raise DeckNotReadyError(T("The deck “{name}” is still being checked.", name=name))
        image.fill(0)
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            card = _Clock()
            render_there(renderer, painter, element, fitted(bounds, TRIAL_WIDTH, height))
        finally:
            painter.end()
        if card.seconds() > CARD_SECONDS or whole.seconds() > DECK_SECONDS:
            raise DeckError(T("The deck “{name}” cannot be used: its cards take too long to "
                              "draw.", name=name), "too-slow-to-draw")
