"""Keyboard play: a focus frame moved with the arrows (Home/End: the ends of the face-up run,
Ctrl+Home/End: the first and last slot, PageUp/PageDown: the previous and next slot), pick up
and put down with Space or Enter, Enter on the stock deals, Ctrl+Enter is the double-click,
Escape drops the selection."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QKeyEvent

from aisle.engine.actions import Move
from aisle.engine.slots import Fan, Slot
from aisle.ui.table.marks import Mark
from aisle.ui.table.play import Player


class KeyboardPlay:
    def __init__(self, player: Player) -> None:
        self.player = player
        #: The focused slot and card index (None: the slot is empty).
        self.focus: tuple[str, int | None] | None = None
        #: Called after every key the table handled and when the focus is forgotten (the
        #: accessible name follows the focus: aisle.ui.table.accessible_table).
        self.listeners: list[Callable[[], None]] = []
        #: The key just handled was Esc letting go of the cards picked up (told to listeners
        #: with the rest; a new game or a mouse click that drops them is no letting go).
        self.let_go = False

    @property
    def selection(self) -> tuple[str, int] | None:
        """Picked-up cards: slot and index of the lowest one (the player's, shared with the
        mouse's click to move)."""
        return self.player.selection

    @selection.setter
    def selection(self, picked: tuple[str, int] | None) -> None:
        self.player.selection = picked

    def _slots(self) -> list[Slot]:
        game = self.player.game
        return list(game.slots) if game is not None else []

    def reset(self) -> None:
        """A change made by the mouse or a menu: keep the focus slot (while the table has it),
        drop the rest."""
        self.selection = None
        self.player.scene.clear_mark(Mark.SELECTION)
        game = self.player.game
        if self.focus is not None and game is not None and game.board.has_slot(self.focus[0]):
            self._focus_slot(self.focus[0])
        else:
            self.forget()

    def forget(self) -> None:
        """Another game on the table: its slots are not this one's, so no focus and no
        selection are kept (the next arrow key starts at the first slot)."""
        self.focus = None
        self.selection = None
        self.player.scene.clear_mark(Mark.SELECTION)
        self.player.scene.clear_mark(Mark.FOCUS)
        self._tell()

    def hide(self) -> None:
        self.player.scene.clear_mark(Mark.FOCUS)

    def key(self, event: QKeyEvent) -> bool:
        """Handle a key press; False when it is not a key of the table."""
        if self.player.game is None:
            return False
        # Imported here: the table is built before the first frame, which does without
        # PySide6's costly `Qt` namespace (aisle.ui.qt.qt_values).
        from PySide6.QtCore import Qt

        enter = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        key, mods = event.key(), event.modifiers()
        ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
        steps = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                 Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)
        jumps = (Qt.Key.Key_Home, Qt.Key.Key_End)
        if self.focus is None and key in (*enter, Qt.Key.Key_Space, *steps, *jumps):
            self._focus_slot(self._slots()[0].id)
            if key in steps:  # the first step shows where the focus starts
                self._show()
                self._tell()
                return True
        if key in (Qt.Key.Key_Home, Qt.Key.Key_End) and ctrl:
            slots = self._slots()
            self._focus_slot(slots[0 if key == Qt.Key.Key_Home else -1].id)
        elif key in (Qt.Key.Key_Home, Qt.Key.Key_End):
            self._run_end(first=key == Qt.Key.Key_Home)
        elif key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            self._sideways(-1 if key == Qt.Key.Key_PageUp else 1, by_slot=True)
        elif key == Qt.Key.Key_Left:
            self._sideways(-1, ctrl)
        elif key == Qt.Key.Key_Right:
            self._sideways(1, ctrl)
        elif key == Qt.Key.Key_Up:
            self._upright(-1, ctrl)
        elif key == Qt.Key.Key_Down:
            self._upright(1, ctrl)
        elif key in enter and ctrl:
            self._double_click()
        elif key in enter or key == Qt.Key.Key_Space:
            self._activate(enter=key in enter)
        elif key == Qt.Key.Key_Escape and self.selection is not None:
            self.selection = None
            self.player.scene.clear_mark(Mark.SELECTION)
            self.let_go = True
        else:
            return False
        self._show()
        try:
            self._tell()
        finally:
            self.let_go = False
        return True

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- moving the focus ---------------------------------------------------------------------
    def _focus_slot(self, slot_id: str) -> None:
        game = self.player.game
        assert game is not None
        count = len(game.slot(slot_id).cards)
        self.focus = (slot_id, count - 1 if count else None)

    def _sideways(self, step: int, by_slot: bool) -> None:
        assert self.focus is not None and self.player.game is not None
        slot = self.player.game.slot(self.focus[0])
        index = self.focus[1]
        if (not by_slot and slot.fan is Fan.RIGHT and index is not None
                and 0 <= index + step < len(slot.cards) and self._showing(slot, index + step)):
            self.focus = (slot.id, index + step)
            return
        slots = self._slots()
        position = next(i for i, s in enumerate(slots) if s.id == slot.id)
        self._focus_slot(slots[(position + step) % len(slots)].id)

    def _upright(self, step: int, by_slot: bool) -> None:
        assert self.focus is not None and self.player.game is not None
        slot = self.player.game.slot(self.focus[0])
        index = self.focus[1]
        if not by_slot and slot.fan is Fan.DOWN and index is not None:
            nxt = index + step
            if 0 <= nxt < len(slot.cards) and slot.cards[nxt].face_up:
                self.focus = (slot.id, nxt)
                return
        # The nearest slot above or below that overlaps across, wrapping round.
        rows = [s for s in self._slots() if abs(s.x - slot.x) < 1 and s.id != slot.id]
        ahead = [s for s in rows if (s.y - slot.y) * step > 0]
        if ahead:
            target = min(ahead, key=lambda s: (abs(s.y - slot.y), abs(s.x - slot.x)))
        elif rows:
            target = max(rows, key=lambda s: (abs(s.y - slot.y), -abs(s.x - slot.x)))
        else:
            return
        self._focus_slot(target.id)

    def _run_end(self, first: bool) -> None:
        """Focus the first (lowest) or last card of the face-up run at the top of the slot,
        among the cards that show."""
        assert self.focus is not None and self.player.game is not None
        slot = self.player.game.slot(self.focus[0])
        if not slot.cards:
            return
        top = len(slot.cards) - 1
        lowest = top
        if slot.fan is not Fan.NONE:  # an unfanned pile shows its top card only
            while (lowest > 0 and slot.cards[lowest - 1].face_up
                   and self._showing(slot, lowest - 1)):
                lowest -= 1
        self.focus = (slot.id, lowest if first else top)

    @staticmethod
    def _showing(slot: Slot, index: int) -> bool:
        limit = slot.spec.fan_limit
        return limit is None or index >= len(slot.cards) - limit

    # -- acting -------------------------------------------------------------------------------
    def _activate(self, enter: bool) -> None:
        assert self.focus is not None and self.player.game is not None
        slot_id, index = self.focus
        game = self.player.game
        scene = self.player.scene
        if self.selection is None:
            on_stock = game.slot(slot_id).kind == "stock"
            if on_stock and (enter or index is None):
                self.player.deal()
                self._focus_slot(slot_id)
                return
            if index is None:
                return
            count = len(game.slot(slot_id).cards) - index
            refusal = self.player.ask(lambda g: g.pick_up_refusal(slot_id, count))
            if refusal is not None and on_stock:
                # Space on a stock whose cards are not picked up deals, as Enter does: its
                # refusal would only say "click it to deal" to a player without a mouse.
                self.player.deal()
                self._focus_slot(slot_id)
                return
            if refusal is not None:
                self.player.refuse(refusal)
                return
            self.selection = (slot_id, index)
            scene.mark(Mark.SELECTION, [(slot_id, index)])
            return
        source, first = self.selection
        if source == slot_id:
            self.selection = None
            scene.clear_mark(Mark.SELECTION)
            return  # putting the cards back down where they are
        count = len(game.slot(source).cards) - first
        # Still held while the move is tried: a refusal leaves them so (and a screen reader
        # is told they are).
        if self.player.act(Move(source, count, slot_id)):
            self.selection = None
            scene.clear_mark(Mark.SELECTION)
            self._focus_slot(slot_id)

    def _double_click(self) -> None:
        assert self.focus is not None
        self.player.double_click(self.focus[0])
        self._focus_slot(self.focus[0])

    def _show(self) -> None:
        if self.focus is None:
            return
        slot_id, index = self.focus
        self.player.scene.mark(Mark.FOCUS, [(slot_id, index)])
