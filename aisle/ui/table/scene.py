"""The table scene: baize, slot outlines and one item per card, kept in step with the game.

The scene never decides a rule. `sync` makes every card item match the model (animated when
asked); hit tests use the layout, not the items, so they are right even while cards fly.
Scene coordinates are the view's pixels (the scene is resized with the view), so pictures
are drawn 1:1 and stay sharp.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene, QWidget

from aisle.engine.events import Event
from aisle.engine.game import Game
from aisle.engine.slots import Fan, Slot, SlotKind
from aisle.ui.cards.picture_cache import PictureCache
from aisle.ui.table.animation import Animator, Stage
from aisle.ui.table.baize import Baize
from aisle.ui.table.card_item import CardItem, CardPictures, default_pictures
from aisle.ui.table.layout import Rect, TableLayout
from aisle.ui.table.marks import Mark, Marks
from aisle.ui.table.staging import Piles, piles_of, stage_piles

if TYPE_CHECKING:
    from aisle.ui.table.celebration import Celebration

#: Below the slot outlines and every card.
_BAIZE_Z = -1000.0


class Hit(NamedTuple):
    """What lies under a point: a slot, and the index of the card hit (None: the empty slot)."""

    slot: str
    card_index: int | None


class TableScene(QGraphicsScene):
    def __init__(self, pictures: CardPictures | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._pictures = pictures
        self.game: Game | None = None
        self.layout: TableLayout | None = None
        self.dpr = 1.0
        self.animator = Animator(self)
        self.marks = Marks(self)
        self._baize = Baize(PictureCache())
        # The baize is an item under everything, a picture exactly the scene's size: Qt draws
        # it on its own (a plain copy of the part to repaint), where drawing it from Python
        # would cost a millisecond more on the first frame, for the painter's Python types.
        self._baize_item = QGraphicsPixmapItem()
        self._baize_item.setZValue(_BAIZE_Z)
        # (It need not refuse mouse buttons: the view plays the mouse itself and never hands
        # a press to the scene's items.)
        self.addItem(self._baize_item)
        self._cards: dict[int, CardItem] = {}
        self._outlines: dict[str, QGraphicsPixmapItem] = {}
        #: Empty slots marked with wide lines (high contrast: aisle.ui.window.high_contrast).
        self.strong_outlines = False
        #: What each highlight shows, as (slot id, first card index or None for the whole pile).
        self._marked: dict[Mark, list[tuple[str, int | None]]] = {kind: [] for kind in Mark}

    @property
    def pictures(self) -> CardPictures:
        if self._pictures is None:
            self._pictures = default_pictures()
        return self._pictures

    # -- the game -----------------------------------------------------------------------------
    def set_game(self, game: Game, deal: bool = True) -> None:
        """Show `game`; with `deal`, the cards fly out from the stock (or the first slot)."""
        self.animator.finish()
        for item in self._cards.values():
            self.removeItem(item)
        for outline in self._outlines.values():
            self.removeItem(outline)
        self._cards = {card.id: CardItem(card) for card in game.cards}
        # A slot whose spec asks for no outline shows bare baize when it is empty.
        self._outlines = {slot.id: QGraphicsPixmapItem() for slot in game.slots if slot.spec.outline}
        for outline in self._outlines.values():
            outline.setZValue(-1)
            self.addItem(outline)
        for item in self._cards.values():
            self.addItem(item)
        self.game = game
        for kind in Mark:
            self.clear_mark(kind)
        if self.layout is not None:
            self._relayout(self.layout.width, self.layout.height)
            if deal:
                start = QPointF(*self.layout.origins[self._deal_origin(game)])
                for item in self._cards.values():
                    item.setPos(start)
            self.sync(animate=deal)

    @staticmethod
    def _deal_origin(game: Game) -> str:
        stocks = [slot.id for slot in game.slots if slot.kind == "stock"]
        return stocks[0] if stocks else game.slots[0].id

    def resize_table(self, width: int, height: int, dpr: float) -> None:
        self.dpr = dpr
        self.setSceneRect(QRectF(0, 0, width, height))
        self._lay_baize()
        if self.game is not None:
            self._relayout(width, height)
            self.sync(animate=False)

    def _relayout(self, width: float, height: float) -> None:
        assert self.game is not None
        # Laid out for the deck's own card shape: its cards fill their places exactly.
        self.layout = TableLayout([slot.spec for slot in self.game.slots], width, height,
                                  self.pictures.aspect())
        self._draw_outlines()
        for slot_id, item in self._outlines.items():
            item.setPos(QPointF(*self.layout.origins[slot_id]))
        for card in self._cards.values():
            card.sync(self.pictures, self.layout.card_width, self.dpr)

    def set_strong_outlines(self, strong: bool) -> None:
        """Mark the empty slots with wide lines (high contrast) or faint ones."""
        if strong != self.strong_outlines:
            self.strong_outlines = strong
            self._draw_outlines()

    def _draw_outlines(self) -> None:
        if self.game is None or self.layout is None:
            return
        kinds = {slot.id: slot.kind == SlotKind.FOUNDATION for slot in self.game.slots}
        for slot_id, item in self._outlines.items():
            item.setPixmap(self.pictures.outline(self.layout.card_width, self.dpr, kinds[slot_id],
                                                 self.strong_outlines))

    def sync(self, animate: bool = True, steps: Sequence[Sequence[Event]] = ()) -> None:
        """Move, turn and stack every card item as the model has it. With the `steps` of the
        turn just made (their events), animated, each step is shown after the one before."""
        if self.game is None or self.layout is None:
            return
        if animate and len(steps) > 1 and self.animator.enabled:
            self._sync_in_stages(steps)
            return
        # Land what still flies first, so its "hide the covered cards" cannot hide cards
        # that this sync shows.
        self.animator.finish()
        moves: list[tuple[CardItem, QPointF, float]] = []
        turns: list[tuple[QGraphicsPixmapItem, QPixmap]] = []
        to_hide: list[CardItem] = []
        width = self.layout.card_width
        for order, slot in enumerate(self.game.slots):
            positions = self.layout.offsets(slot.id, [card.face_up for card in slot.cards])
            first_shown = _first_shown(slot)
            for index, (card, (x, y)) in enumerate(zip(slot.cards, positions, strict=True)):
                item = self._cards[card.id]
                turning = animate and index >= first_shown and item.turns_over(width, self.dpr)
                picture = item.new_picture(self.pictures, width, self.dpr)
                if picture is not None and turning:
                    turns.append((item, picture))
                elif picture is not None:
                    item.setPixmap(picture)
                moves.append((item, QPointF(x, y), _stack_z(order, index)))
                if index >= first_shown:
                    item.setVisible(True)
                elif item.isVisible():
                    to_hide.append(item)
        self._redraw_marks()

        def hide_covered() -> None:
            for item in to_hide:
                item.setVisible(False)

        self.animator.move(moves, hide_covered, animate=animate)
        # After the move: starting one finishes every running animation, flips included.
        self.animator.flip(turns)

    def celebrate(self) -> Celebration | None:
        """The win's show: the foundations' cards leap off, top cards first, one foundation
        after another (see aisle.ui.table.celebration); None when animations are off."""
        if self.game is None or self.layout is None:
            return None
        piles = [slot.cards for slot in self.game.slots if slot.kind == SlotKind.FOUNDATION]
        order = [self._cards[pile[-depth].id] for depth in range(1, max(map(len, piles), default=0) + 1)
                 for pile in piles if depth <= len(pile)]
        return self.animator.celebrate(order, self.width(), self.height(),
                                       self.layout.card_height, self.game.seed)

    def _sync_in_stages(self, steps: Sequence[Sequence[Event]]) -> None:
        """Each step of the turn in its own stage: the cards that moved in it fly, those it
        turned over turn; the positions come from the piles after that step."""
        game, layout = self.game, self.layout
        assert game is not None and layout is not None
        self.animator.finish()
        width, dpr = layout.card_width, self.dpr
        for item in self._cards.values():
            item.new_picture(self.pictures, width, dpr)  # the item now knows its last side
        piles = stage_piles(piles_of(game.slots), steps)
        shown = [self._stage_places(stage) for stage in piles]
        stages: list[Stage] = []
        for before, after in pairwise(shown):
            moves = [(self._cards[card], QPointF(x, y), z)
                     for card, (x, y, z, _up) in after.items() if before.get(card) != after[card]]
            turns = [(self._cards[card], self._picture(card, up))
                     for card, (_x, _y, _z, up) in after.items() if before[card][3] != up]
            stages.append((moves, turns))
        for stage in piles[1:]:
            for slot_id, cards in stage.items():
                first = _first_shown_of(game.slot(slot_id), len(cards))
                for card, _up in cards[first:]:
                    self._cards[card].setVisible(True)
        final = piles[-1]

        def hide_covered() -> None:
            for slot in game.slots:
                for card, _up in final[slot.id][:_first_shown_of(slot, len(final[slot.id]))]:
                    self._cards[card].setVisible(False)

        self._redraw_marks()
        self.animator.play_stages(stages, hide_covered)

    def _stage_places(self, piles: Piles) -> dict[int, tuple[float, float, float, bool]]:
        """Where each card lies in `piles`: x, y, z and whether it shows its face."""
        assert self.layout is not None
        places: dict[int, tuple[float, float, float, bool]] = {}
        for order, (slot_id, cards) in enumerate(piles.items()):  # piles keep the slots' order
            offsets = self.layout.offsets(slot_id, [up for _card, up in cards])
            for index, ((card, up), (x, y)) in enumerate(zip(cards, offsets, strict=True)):
                places[card] = (x, y, _stack_z(order, index), up)
        return places

    def _picture(self, card_id: int, face_up: bool) -> QPixmap:
        assert self.layout is not None
        card = self._cards[card_id].card
        if face_up:
            return self.pictures.face(card.rank, card.suit.value, self.layout.card_width, self.dpr)
        return self.pictures.back(self.layout.card_width, self.dpr)

    def _lay_baize(self) -> None:
        scene = self.sceneRect()
        self._baize_item.setPixmap(
            self._baize.pixmap(round(scene.width()), round(scene.height()), self.dpr))

    def keep_pictures(self) -> None:
        """Write the pictures drawn so far to the disk cache, for the next start's first frame."""
        if self._baize.keep():  # the baize read from the disk was damaged: painted anew
            self._lay_baize()
            self._baize.keep()
        if self.pictures.keep():  # drawn in another font than the one shown now: again
            self.refresh_pictures()

    def refresh_pictures(self) -> None:
        """Fetch every picture again (the card art changed, e.g. rank letters after a switch)."""
        for item in self._cards.values():
            item.forget_picture()
        if self.layout is not None:
            # A deck of another card shape moves every card: laid out anew, put in place.
            self._relayout(self.layout.width, self.layout.height)
            self.sync(animate=False)
        self.update()

    def item_of(self, slot_id: str, index: int) -> CardItem:
        assert self.game is not None
        return self._cards[self.game.slot(slot_id).cards[index].id]

    # -- geometry -----------------------------------------------------------------------------
    def card_rects(self, slot: Slot) -> list[Rect]:
        assert self.layout is not None
        w, h = self.layout.card_width, self.layout.card_height
        return [Rect(x, y, w, h)
                for x, y in self.layout.offsets(slot.id, [card.face_up for card in slot.cards])]

    def pile_rect(self, slot_id: str, first: int | None = None) -> Rect:
        """The area of a slot's cards from `first` up (the whole pile with None)."""
        assert self.game is not None and self.layout is not None
        slot = self.game.slot(slot_id)
        rects = self.card_rects(slot)
        if not rects:
            return self.layout.slot_rect(slot_id)
        rect = rects[-1] if first is None else rects[first]
        for other in rects[(0 if first is None else first):]:
            rect = rect.united(other)
        return rect

    def hit(self, x: float, y: float) -> Hit | None:
        """The topmost card (or empty slot) under a point of the scene."""
        if self.game is None or self.layout is None:
            return None
        found: Hit | None = None
        for slot in self.game.slots:
            rects = self.card_rects(slot)
            for index in range(len(rects) - 1, -1, -1):
                if rects[index].contains(x, y):
                    found = Hit(slot.id, index)
                    break
            else:
                if not rects and self.layout.slot_rect(slot.id).contains(x, y):
                    found = found or Hit(slot.id, None)
        return found

    def drop_slot(self, card: Rect, candidates: Iterable[str]) -> str | None:
        """Where dragged cards land: the candidate under the card's centre, else the one under
        a corner nearest the card's top-left (the reference's rule)."""
        if self.game is None:
            return None
        areas = {slot_id: self.pile_rect(slot_id) for slot_id in candidates}
        cx, cy = card.x + card.width / 2, card.y + card.height / 2
        for slot_id, area in areas.items():
            if area.contains(cx, cy):
                return slot_id
        best: tuple[float, str] | None = None
        corners = [(card.x, card.y), (card.x + card.width - 1, card.y),
                   (card.x, card.y + card.height - 1), (card.x + card.width - 1, card.y + card.height - 1)]
        for slot_id, area in areas.items():
            if any(area.contains(px, py) for px, py in corners):
                distance = (area.x - card.x) ** 2 + (area.y - card.y) ** 2
                if best is None or distance < best[0]:
                    best = (distance, slot_id)
        return best[1] if best else None

    # -- highlights ---------------------------------------------------------------------------
    def mark(self, kind: Mark, places: list[tuple[str, int | None]]) -> None:
        self._marked[kind] = list(places)
        self._show_mark(kind)

    def clear_mark(self, kind: Mark) -> None:
        self._marked[kind] = []
        self.marks.clear(kind)

    def marked(self, kind: Mark) -> list[tuple[str, int | None]]:
        return list(self._marked[kind])

    def _show_mark(self, kind: Mark) -> None:
        if self.layout is None or self.game is None:
            return
        places = [(slot_id, first) for slot_id, first in self._marked[kind]
                  if self.game.board.has_slot(slot_id)]
        rects = [self.pile_rect(slot_id, _clamp(first, len(self.game.slot(slot_id).cards)))
                 for slot_id, first in places]
        self.marks.show(kind, rects, self.layout.card_width * 0.06)

    def _redraw_marks(self) -> None:
        for kind in Mark:
            if self._marked[kind]:
                self._show_mark(kind)

def _stack_z(slot_order: int, index: int) -> float:
    """How high a card lies: a later slot over an earlier one where slots overlap (Pyramid's
    rows), the order `hit` reads them in, and within a slot each card over the one beneath."""
    return slot_order + (index + 1) / 1024


def _first_shown(slot: Slot) -> int:
    """Cards below this index are wholly covered and need not be drawn (the one under the top
    stays, so it shows when the top card is lifted)."""
    return _first_shown_of(slot, len(slot.cards))


def _first_shown_of(slot: Slot, count: int) -> int:
    """`_first_shown` for the slot holding `count` cards."""
    if slot.fan is Fan.NONE:
        return max(0, count - 2)
    limit = slot.spec.fan_limit
    return max(0, count - limit - 1) if limit else 0


def _clamp(first: int | None, count: int) -> int | None:
    if first is None or count == 0:
        return None
    return max(0, min(first, count - 1))
