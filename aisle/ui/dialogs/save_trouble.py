"""Saving as play goes on, and telling the player about files that could not be saved.

The session decides what to say (a failed write is said once; see aisle.save_watch); the window
shows it in its usual message box, at once when the writer thread reports a failed autosave.
The settings are written by the same writer thread whenever they changed, so a killed Aisle
keeps them too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from aisle.storage import SETTINGS_FILE, resolve_settings_folder, write_bytes_atomic

if TYPE_CHECKING:
    from aisle.autosave import Autosaver
    from aisle.i18n import Text
    from aisle.session import Session
    from aisle.storage import Settings
    from aisle.ui.table.play import Player

log = logging.getLogger(__name__)

#: How problems are told to the player (the window's `report`: one message for them all).
Report = Callable[[list["Text"]], None]


def tell_problems(session: Session | None, shown: bool, report: Report) -> None:
    """Show what the session could not save or read since the last look, if anything.

    Before the window is `shown` nothing is taken: the start-up report shows it all at once.
    """
    if session is None or not shown:
        return
    problems = session.take_problems()
    if problems:
        report(problems)


class FailureRelay(QObject):
    """Brings the writer thread's word of a failed write to the GUI thread, where `tell` (the
    window's look at the session's problems) says it."""

    failed = Signal()

    def __init__(self, session: Session | None, tell: Callable[[], None], parent: QObject) -> None:
        super().__init__(parent)
        self._tell = tell
        # A slot of this object: from the writer's thread the call is queued to this one.
        self.failed.connect(self._failed)
        if session is not None:
            session.on_write_failure = self.failed.emit

    @Slot()
    def _failed(self) -> None:
        # Told from the event loop, never inside whatever was writing.
        QTimer.singleShot(0, self, self._tell)


class SettingsKeeper:
    """Writes the settings in the background whenever they changed (looked at after every
    change of the game), and at once when asked (quitting, logging out)."""

    def __init__(self, settings: Settings, writer: Autosaver | None,
                 failed: Callable[[Path, OSError], None] | None = None) -> None:
        self._settings = settings
        #: None: nothing is written (no session, or a read-only one).
        self._writer = writer
        #: Told of a write that failed (in the writer's thread), so the player hears of it.
        self._failed = failed
        #: What was last handed to the writer (None: nothing yet, or it failed).
        self._handed: bytes | None = None

    def look(self) -> None:
        """Hand the settings to the writer if they changed since they were last written."""
        if self._writer is None:
            return
        try:
            content = self._settings.encoded()
        except ValueError as error:
            log.warning("cannot save the settings: %s", error)
            return
        if content != self._handed:
            self._handed = content
            path = resolve_settings_folder(None) / SETTINGS_FILE
            self._writer.put(SETTINGS_FILE, lambda: self._write(path, content))

    def save_now(self) -> None:
        """Write the settings (if changed) and wait until they are on disk."""
        self.look()
        if self._writer is not None:
            self._writer.flush()

    def _write(self, path: Path, content: bytes) -> None:
        try:
            write_bytes_atomic(path, content)
        except OSError as error:
            log.warning("cannot save the settings: %s", error)
            self._handed = None  # tried again at the next look
            if self._failed is not None:
                self._failed(path, error)  # the player is told once


def save_now(session: Session | None, player: Player, keeper: SettingsKeeper) -> None:
    """Save the game and the settings and wait until they are on disk (the desktop session is
    ending, and Aisle may be stopped without closing); `player` asks the game the guarded way."""
    if session is not None:
        player.ask(lambda _game: session.checkpoint())
    keeper.save_now()
