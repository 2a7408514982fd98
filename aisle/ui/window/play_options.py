"""The player's ways of playing, remembered in the settings: click to move (a click picks
cards up, the next puts them down) and automatic moves to the foundations (after each move,
the cards the game calls safe go up by themselves, in the same undo step).

Kept apart from the window, which only creates this and hands each new game to `apply`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aisle.engine.game import Game
    from aisle.ui.window.main_window import MainWindow


class PlayOptions:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        acts, settings = window.acts, window.settings
        acts.auto_up.setChecked(settings.auto_up)
        acts.click_to_move.setChecked(settings.click_to_move)
        window.view.mouse.click_to_move = settings.click_to_move
        acts.auto_up.toggled.connect(self.set_auto_up)
        acts.click_to_move.toggled.connect(self.set_click_to_move)

    def apply(self, game: Game) -> None:
        """A game put on the table plays the way the player chose."""
        game.auto_up = self.window.settings.auto_up

    def set_auto_up(self, on: bool) -> None:
        # From the next move on: switching it on moves nothing by itself (that would be a
        # turn the player did not make).
        self.window.settings.auto_up = on
        if self.window.game is not None:
            self.window.game.auto_up = on

    def set_click_to_move(self, on: bool) -> None:
        self.window.settings.click_to_move = on
        self.window.view.mouse.click_to_move = on
        self.window.player.clear_selection()
