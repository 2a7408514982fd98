"""Putting a game on the table: all or nothing.

A game is first asked everything the window will show of it (status, score, status line, what
the stock does): a plugin that fails there fails before anything changed, and the game on the
table stays. Then the window shows it with nothing kept from the game before (its focus,
selection, drag, hints, animations and end dialog belonged to other slots and cards). If that
fails all the same, the game before is put back as a whole. Only once the new game shows is it
handed to the session (`commit`), so statistics and the saved game never run ahead of the
table.

A game that cannot be shown is never the end of a start: a resumed save is kept waiting for its
plugin (see aisle.waiting), and an empty window deals another game that works.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from aisle.engine.actions import Deal
from aisle.engine.game import Game, Status
from aisle.launch import FIRST_GAME
from aisle.registry.faults import culprit_of
from aisle.registry.loading import find_variant, games_so_far

if TYPE_CHECKING:
    from aisle.ui.window.main_window import MainWindow

log = logging.getLogger(__name__)


def probe(game: Game) -> None:
    """Ask `game` what the window shows of it; a plugin's fault raises here (VariantError)."""
    if game.status is Status.PLAYING and game.variant.has_deal_action:
        game.why_not(Deal())
    _ = (game.score, game.max_score, game.status_text)


def switch_game(window: MainWindow, game: Game,
                commit: Callable[[], None] | None = None) -> bool:
    """Show `game` instead of the game on the table, as a whole or not at all; `commit` runs
    once it shows (the session takes it up). False when it could not be shown: then the game
    before is on the table again, or another game when there was none."""
    previous = window.game
    try:
        probe(game)
    except Exception as error:
        window.guard.failed(error)
        _not_shown(window, game, error)
        return False
    try:
        window.put_on_table(game)
    except Exception as error:
        window.guard.failed(error)
        _put_back(window, previous)
        _not_shown(window, game, error)
        return False
    if commit is not None:
        commit()
    window.settings.remember_game(game.variant_id)
    return True


def _put_back(window: MainWindow, previous: Game | None) -> None:
    try:
        window.put_on_table(previous, deal=False)
    except Exception:
        log.exception("the game before could not be put back; the table is left empty")
        window.put_on_table(None)


def _not_shown(window: MainWindow, game: Game, error: BaseException) -> None:
    """After `game` failed to show: a resumed save keeps waiting; an empty table gets another
    game."""
    window.guard.broken_games.add(game.variant_id)
    session = window.session
    if session is not None and session.game is game:
        culprit = culprit_of(error)
        session.put_off(f"{culprit.distribution} {culprit.version}" if culprit else None)
        window.tell_problems()
    if window.game is None:
        deal_another(window, game.variant_id)


def deal_another(window: MainWindow, failed: str) -> None:
    """Deal a game that has not failed in this run in place of `failed`, if there is one: the
    last one played, else Klondike, else the first installed."""
    excluded = {failed, *window.guard.broken_games}
    for candidate in (window.settings.last_game, FIRST_GAME, *sorted(games_so_far())):
        if candidate and candidate not in excluded and find_variant(candidate) is not None:
            window.start_game(candidate)
            return
