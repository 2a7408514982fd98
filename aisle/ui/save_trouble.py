"""Telling the player about files that could not be saved, as play goes on (not only at the start).

The session decides what to say (a failed write is said once; see aisle.save_watch); the window
shows it in its usual message box.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aisle.storage import Settings
    from aisle.ui.main_window import MainWindow

log = logging.getLogger(__name__)


def tell_problems(window: MainWindow) -> None:
    """Show what the session could not save or read since the last look, if anything.

    Before the window is shown nothing is taken: the start-up report shows it all at once.
    """
    session = window.session
    if session is None or not window.isVisible():
        return
    problems = session.take_problems()
    if problems:
        window.report(problems)


def save_settings(settings: Settings) -> None:
    """Write the settings on quitting; a failure is logged, as there is no window left to say it
    in (a read-only folder was told about when it was first met)."""
    try:
        settings.save()
    except (OSError, ValueError) as error:
        log.warning("cannot save the settings: %s", error)
