"""Playing: every action the player makes goes through here to the engine.

The engine decides; this only carries the answer out: on success the table is synced (and
animated, a turn of several steps one step after another) and `changed` is emitted, a refusal
goes out through `refused` with the reason, and a game that breaks (VariantError) goes out
through `broke`, never as a crash. The cards picked up to be put down elsewhere (by the
keyboard, or by a click with click to move) are kept here, one selection for both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal

from aisle.engine.actions import Action, Deal, DoubleClick, SendAllUp
from aisle.engine.events import Event
from aisle.engine.game import Game, IllegalAction, VariantError
from aisle.i18n import Text
from aisle.ui.table.marks import Mark
from aisle.ui.table.scene import TableScene
from aisle.ui.table.staging import split_steps


class Player(QObject):
    #: The game changed (played, undone, redone).
    changed = Signal()
    #: An action was refused; the argument is the reason (a Text).
    refused = Signal(object)
    #: The game's code failed; the argument is the error message.
    broke = Signal(str)
    #: The player touched the table (starts the clock, like the reference).
    touched = Signal()

    def __init__(self, scene: TableScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        #: Picked-up cards: slot and index of the lowest one (None: nothing is picked up).
        self.selection: tuple[str, int] | None = None

    @property
    def game(self) -> Game | None:
        return self.scene.game

    def ask(self, question: Callable[[Game], Any], fallback: Any = None) -> Any:
        """Ask the game something; a game that breaks gives `fallback` (and is reported)."""
        if self.game is None:
            return fallback
        try:
            return question(self.game)
        except VariantError as error:
            self.broke.emit(str(error))
        except Exception as error:  # a plugin's bug must never take the window down
            self.broke.emit(f"{self.game.variant_id}: {type(error).__name__}: {error}")
        return fallback

    def act(self, action: Action) -> bool:
        """Play `action`; True when it was carried out."""

        def play(game: Game) -> object:
            if isinstance(action, DoubleClick):
                return game.double_click(action.slot)
            return game.play(action)

        return self._step(play, touch=True, staged=True)

    def deal(self) -> bool:
        return self.act(Deal())

    def send_all_up(self) -> bool:
        return self.act(SendAllUp())

    def double_click(self, slot_id: str) -> bool:
        slot = self.game.slot(slot_id) if self.game else None
        if slot is not None and slot.kind == "stock":
            return self.deal()  # quick clicks on the stock deal each time
        return self.act(DoubleClick(slot_id))

    def undo(self) -> bool:
        return self._step(lambda game: game.undo())

    def redo(self) -> bool:
        return self._step(lambda game: game.redo(), staged=True)

    def refuse(self, reason: Text) -> None:
        self.refused.emit(reason)

    # -- the selection ------------------------------------------------------------------------
    def select(self, slot_id: str, index: int) -> None:
        """Pick up the cards of `slot_id` from `index` up (they show as selected)."""
        self.selection = (slot_id, index)
        self.scene.mark(Mark.SELECTION, [(slot_id, index)])

    def clear_selection(self) -> None:
        self.selection = None
        self.scene.clear_mark(Mark.SELECTION)

    def _step(self, step: Callable[[Game], object], touch: bool = False,
              staged: bool = False) -> bool:
        """Run one engine step; a refusal is shown (and dragged cards go back), a game that
        breaks is reported, and the table follows what happened."""
        game = self.game
        if game is None:
            return False
        self.before_action()
        if touch:
            self.touched.emit()
        try:
            step(game)
        except IllegalAction as refusal:
            self.refused.emit(refusal.why_not)
            self.scene.sync()
            return False
        except VariantError as error:
            self.broke.emit(str(error))
            return False
        except Exception as error:
            self.broke.emit(f"{game.variant_id}: {type(error).__name__}: {error}")
            return False
        self.after_change(_last_turn_steps(game) if staged else ())
        return True

    def before_action(self) -> None:
        """A new action ends running animations and the hint on show."""
        self.scene.animator.finish()
        self.scene.clear_mark(Mark.HINT)

    def after_change(self, steps: Sequence[Sequence[Event]] = ()) -> None:
        self.scene.sync(steps=steps)
        self.changed.emit()


def _last_turn_steps(game: Game) -> list[list[Event]]:
    """The events of each step of the turn just made (or redone)."""
    if not game.history:
        return []
    turn = game.history[-1]
    return split_steps(turn.events, turn.steps)
