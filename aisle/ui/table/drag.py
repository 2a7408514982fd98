"""Mouse play: press, drag, drop, click the stock, double-click, and click to move.

A press on a card remembers it; moving past the drag distance picks up that card and all
above it if the game allows (else the reason shows). The grab offset is kept while dragging,
legal targets are highlighted, and the drop goes where the reference would put it (see
`TableScene.drop_slot`); anywhere else the cards fly back and the reason shows.

With click to move on (AisleRiot's option), a click without dragging picks a card and those
above it up (shown as selected), and a click on another slot puts them down there. A refused
target says why and keeps the selection, so the next click can try elsewhere; a click on the
selection, or on the bare table, puts the cards back. The selection is the keyboard's too:
picked by a click, it can be put down with Enter, and the other way round. Dragging works as
always.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from aisle.engine.actions import Move
from aisle.engine.slots import SlotKind
from aisle.ui.table.animation import FLYING_Z
from aisle.ui.table.card_item import CardItem
from aisle.ui.table.layout import Rect
from aisle.ui.table.marks import Mark
from aisle.ui.table.play import Player
from aisle.ui.table.scene import Hit, TableScene


class _Lift:
    """Cards in the hand: where they came from and where each item started."""

    def __init__(self, slot: str, index: int, items: list[CardItem], starts: list[QPointF],
                 targets: list[str]) -> None:
        self.slot = slot
        self.index = index
        self.items = items
        self.starts = starts
        self.targets = targets


class MouseDrag:
    def __init__(self, player: Player) -> None:
        self.player = player
        self._press: QPointF | None = None
        self._hit: Hit | None = None
        self._lift: _Lift | None = None
        self._refused = False
        #: A click picks cards up and the next click puts them down (the player's option).
        self.click_to_move = False

    @property
    def scene(self) -> TableScene:
        return self.player.scene

    @property
    def dragging(self) -> bool:
        return self._lift is not None

    def press(self, pos: QPointF) -> None:
        self.cancel()
        self._press = pos
        self._hit = self.scene.hit(pos.x(), pos.y())
        if self._hit is not None:
            self.player.touched.emit()

    def move(self, pos: QPointF) -> None:
        if self._press is None or self._hit is None or self._refused:
            return
        if self._lift is None:
            if (pos - self._press).manhattanLength() < QApplication.startDragDistance():
                return
            if not self._pick_up():
                return
        assert self._lift is not None
        delta = pos - self._press
        for item, start in zip(self._lift.items, self._lift.starts, strict=True):
            item.setPos(start + delta)

    def _pick_up(self) -> bool:
        hit, game = self._hit, self.player.game
        if hit is None or hit.card_index is None or game is None:
            return False
        count = len(game.slot(hit.slot).cards) - hit.card_index
        refusal = self.player.ask(lambda g: g.pick_up_refusal(hit.slot, count))
        if refusal is not None:
            self._refused = True
            self.player.refuse(refusal)
            return False
        self.player.before_action()
        self.player.clear_selection()  # a drag starts afresh
        items = [self.scene.item_of(hit.slot, i) for i in range(hit.card_index, hit.card_index + count)]
        targets: list[str] = self.player.ask(lambda g: g.drop_targets(hit.slot, count), [])
        for order, item in enumerate(items):
            item.setVisible(True)
            item.setZValue(FLYING_Z + 100 + order)
        self._lift = _Lift(hit.slot, hit.card_index, items, [item.pos() for item in items], targets)
        self.scene.mark(Mark.TARGET, [(target, None) for target in targets])
        return True

    def release(self, pos: QPointF) -> None:
        lift, hit, press, refused = self._lift, self._hit, self._press, self._refused
        self._lift, self._hit, self._press, self._refused = None, None, None, False
        if lift is not None:
            self._drop(lift)
            return
        if press is None:
            return
        now = self.scene.hit(pos.x(), pos.y())
        if self.click_to_move:
            if not refused:  # a drag the game refused (and said why) is no click
                self._click(hit if now is not None and hit is not None and now.slot == hit.slot else None)
            return
        game = self.player.game
        if (hit is not None and now is not None and now.slot == hit.slot and game is not None
                and game.slot(hit.slot).kind == "stock"):
            self.player.deal()

    def _click(self, hit: Hit | None) -> None:
        """A click with click to move on: pick cards up, put them down, or drop the selection."""
        player, game = self.player, self.player.game
        if game is None:
            return
        if hit is None:
            player.clear_selection()  # the bare table: nothing is carried any more
            return
        kind = game.slot(hit.slot).kind
        if player.selection is None:
            if kind == SlotKind.STOCK:
                player.deal()
            elif hit.card_index is not None:
                self._select(hit.slot, hit.card_index)
            return
        source, first = player.selection
        if hit.slot == source:
            # Another card of the same pile picks up from there instead (if it may be picked
            # up; else the reason shows and the selection stays); the same card puts them back.
            if hit.card_index is not None and hit.card_index != first:
                self._select(hit.slot, hit.card_index)
            else:
                player.clear_selection()
            return
        move = Move(source, len(game.slot(source).cards) - first, hit.slot)
        reason = player.ask(lambda g: g.why_not(move))
        if reason is None:
            player.clear_selection()
            player.act(move)
        elif kind == SlotKind.STOCK:
            player.clear_selection()  # the stock takes no cards: the click deals, as ever
            player.deal()
        else:
            player.refuse(reason)

    def _select(self, slot_id: str, index: int) -> None:
        game = self.player.game
        assert game is not None
        count = len(game.slot(slot_id).cards) - index
        refusal = self.player.ask(lambda g: g.pick_up_refusal(slot_id, count))
        if refusal is not None:
            self.player.refuse(refusal)
            return
        self.player.before_action()
        self.player.select(slot_id, index)

    def _drop(self, lift: _Lift) -> None:
        self.scene.clear_mark(Mark.TARGET)
        first = lift.items[0].pos()
        layout = self.scene.layout
        assert layout is not None
        card = Rect(first.x(), first.y(), layout.card_width, layout.card_height)
        count = len(lift.items)
        target = self.scene.drop_slot(card, lift.targets)
        if target is not None:
            self.player.act(Move(lift.slot, count, target))
            return
        # Say why not, if the cards were let go over some other pile.
        game = self.player.game
        if game is not None:
            others = [slot.id for slot in game.slots if slot.id != lift.slot]
            over = self.scene.drop_slot(card, others)
            if over is not None:
                reason = self.player.ask(lambda g: g.why_not(Move(lift.slot, count, over)))
                if reason is not None:
                    self.player.refuse(reason)
        self.scene.sync()

    def double_click(self, pos: QPointF) -> None:
        self.cancel()
        if self.click_to_move:
            self.player.clear_selection()  # the first click of the two picked the card up
        hit = self.scene.hit(pos.x(), pos.y())
        if hit is not None:
            self.player.double_click(hit.slot)
        # The release that follows a double-click is not a click of its own.
        self._press, self._hit = None, None

    def cancel(self) -> None:
        """Drop whatever is in the hand back where it came from."""
        lift = self._lift
        self._lift, self._hit, self._press, self._refused = None, None, None, False
        if lift is not None:
            self.scene.clear_mark(Mark.TARGET)
            self.scene.sync()
