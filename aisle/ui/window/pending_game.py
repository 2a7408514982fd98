"""The game a start left for later, dealt once every plugin is loaded.

When the game to show is known only once the plugins are in (a saved game of a plugin's game,
or the last game played when a plugin offers it; see aisle.launch), the window shows at once
with its table empty and "Games are still loading", and gets the game here: the saved game if
it can be resumed now, else the game a start would deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aisle.ui.window.main_window import MainWindow


def deal_pending_game(window: MainWindow) -> None:
    """Put the game that waited for the plugins on a table that is still empty."""
    session = window.session
    if window.game is not None:
        if session is not None:
            session.resume_later = False  # another game was chosen meanwhile: it stays
        return
    if session is not None and session.resume_later:
        problem = session.resume()
        problems = ([problem] if problem is not None else []) + session.take_problems()
        if problems:
            window.report(problems)
        if session.game is not None:
            window.show_game(session.game)
            return
    variant_id = window.default_game()
    seed, window.pending_seed = window.pending_seed, None
    if variant_id is not None and variant_id not in window.guard.broken_games:
        window.start_game(variant_id, seed)
