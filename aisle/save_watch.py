"""When files cannot be written: say so once, and never resume an older save without saying so.

A read-only or full data folder must not cost the player a game silently. The session reports
every failed write here; the player is told once, with the file and the system's reason, and
plays on in memory. Writing is tried again after every move, so nothing more is lost once the
folder can be written again.

An older save is recognised by a stamp. Every save carries a new stamp, ``<session>.<n>``, and a
small marker file, kept in the settings folder (which may be writable when the data folder is
not), says which save the player last saw:

- while a session autosaves, the marker names the session: its newest save is what the player
  saw, whichever it is (so a save left by a killed Aisle resumes without a word); it is written
  once per session, not once per move;
- when a write fails, the marker names the stamp that could not be written, and the reason;
- on quitting, the marker names the stamp of the save left, or none.

A save the marker does not vouch for is older than what the player last saw; it is still resumed
(it is the game the files on disk know of), but the player is told.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from aisle.bounded_read import read_bounded
from aisle.i18n import T, Text
from aisle.storage import (
    PROBE_NAME,
    VERSION,
    error_text,
    parse_json,
    probe_folder,
    remove_stale_temporaries,
    write_json_atomic,
)

log = logging.getLogger(__name__)

#: The marker: which save the player last saw (see above), kept in the settings folder.
MARKER_FILE = "last-save.json"
_MAX_MARKER_BYTES = 64 * 1024


def new_stamp() -> str:
    """A new random name: of a session, or the whole stamp of a save of an older Aisle."""
    return os.urandom(8).hex()


class SaveWatch:
    """Failed writes of one session, and the one message about them."""

    def __init__(self) -> None:
        #: The first write that failed: the file (or folder) and the system's reason.
        self.failure: tuple[str, str] | None = None
        #: The message the player was given about it (once), else None.
        self.told: Text | None = None
        #: The message about a settings folder that cannot be written, until it is told.
        self.settings_told: Text | None = None
        self._settings_said = False
        self._looked = False
        #: The session the marker vouches for now (see `mark_live`); None: not one of ours.
        self._live: str | None = None
        #: The marker says a write failed (and nothing was saved since).
        self._failed = False

    def failed(self, path: Path, error: BaseException) -> None:
        """Note a write (or removal) that failed; the caller has logged it."""
        if self.failure is None:
            self.failure = (str(path), error_text(error))

    def look_at_folder(self, folder: Path, names: list[str], marker_folder: Path) -> None:
        """Once, at the start: delete old temporaries a killed Aisle left while saving one of
        `names` in `folder` (or the marker), and check that `folder` can be written, so a
        read-only folder is told before the first game is lost."""
        if self._looked:
            return
        self._looked = True
        remove_stale_temporaries(folder, [*names, PROBE_NAME])
        remove_stale_temporaries(marker_folder, [MARKER_FILE])
        error = probe_folder(folder)
        if error is not None:
            log.warning("cannot write in %s: %s", folder, error)
            self.failed(folder, error)
        # The settings' folder (the marker's too): a setting changed now would be lost unsaid.
        settings_error = probe_folder(marker_folder) if marker_folder != folder else None
        if settings_error is not None:
            log.warning("cannot write in %s: %s", marker_folder, settings_error)
            self.settings_failed(marker_folder, settings_error)

    def settings_failed(self, path: Path, error: BaseException) -> None:
        """The settings (their folder, or their file) cannot be written: told once."""
        if self._settings_said:
            return
        self._settings_said = True
        self.settings_told = T(
            "Your settings cannot be saved to {path}: {error}. Aisle uses what you change "
            "while it is open; changes that cannot be saved by the time you quit are lost.",
            path=str(path), error=error_text(error))

    def sift(self, problems: list[Text], stats_path: Path) -> list[Text]:
        """`problems` with messages about failed writes of the statistics taken out (they are
        noted as failures), and the one message about failed writes added the first time."""
        kept: list[Text] = []
        for problem in problems:
            if problem.params.get("path") == str(stats_path) and "error" in problem.params:
                if self.failure is None:
                    self.failure = (str(stats_path), str(problem.params["error"]))
                continue
            kept.append(problem)
        if self.settings_told is not None:  # (the folder is looked at once: told once)
            kept.append(self.settings_told)
            self.settings_told = None
        if self.failure is not None and self.told is None:
            path, error = self.failure
            self.told = T("Statistics and the game could not be saved to {path}: {error}. You can "
                          "go on playing: Aisle keeps everything while it is open and tries again "
                          "after each game and when you quit; what cannot be saved by then is "
                          "lost.", path=path, error=error)
            kept.append(self.told)
        return kept

    # -- the marker (see the module's notes) -----------------------------------------------------
    def mark_live(self, folder: Path, save: Path, session: str) -> None:
        """Before a save of `session` is written: its saves are the newest from now on. Written
        once, until a failed write or quitting says otherwise (called by the writer thread)."""
        if self._live != session and _write_marker(folder, save, session=session):
            self._live, self._failed = session, False

    def mark_failed(self, folder: Path, save: Path, stamp: str | None,
                    error: BaseException) -> None:
        """A save stamped `stamp` (None: its removal) could not be written (the writer thread).
        Said once: the saves failing after it leave the marker as true as it is."""
        if not self._failed:
            self._live = None
            self._failed = _write_marker(folder, save, stamp=stamp, error=error, on_quit=False)

    def mark_quit(self, folder: Path, save: Path, stamp: str | None,
                  error: BaseException | None) -> None:
        """Note what quitting left in `save`: the stamp of the save written (or tried), None
        when no game was left; `error` when it could not be written or removed."""
        self._live, self._failed = None, False
        _write_marker(folder, save, stamp=stamp, error=error)


def stamp_of(session: str, number: int) -> str:
    """The stamp of the `number`th save of `session` (see `new_stamp`)."""
    return f"{session}.{number}"


def stale_save(folder: Path, save: Path, stamp: str | None) -> Text | None:
    """A message when the save at `save` (stamped `stamp`) is not what the player last saw."""
    marker = _read_marker(folder / MARKER_FILE)
    if marker is None or marker.get("save") != str(save):
        return None
    session = marker.get("session")
    if isinstance(session, str):
        # A session that was autosaving: its newest save is what the player saw.
        if stamp is not None and stamp.partition(".")[0] == session:
            return None
    elif marker.get("stamp") == stamp:
        return None
    error = marker.get("error")
    if isinstance(error, str) and error and marker.get("quit") is False:
        return T("The game on the table is an older save: the last moves could not be saved to "
                 "{path}: {error}.", path=str(save), error=error[:200])
    if isinstance(error, str) and error:
        return T("The game on the table is an older save: when Aisle was last closed, the game "
                 "could not be saved to {path}: {error}.", path=str(save), error=error[:200])
    return T("The game on the table is an older save from {path}: the game played last was "
             "not saved.", path=str(save))


def _write_marker(folder: Path, save: Path, stamp: str | None = None,
                  error: BaseException | None = None, session: str | None = None,
                  on_quit: bool = True) -> bool:
    data: dict[str, Any] = {"version": VERSION, "save": str(save), "stamp": stamp,
                            "error": None if error is None else error_text(error),
                            "session": session, "quit": on_quit}
    try:
        write_json_atomic(folder / MARKER_FILE, data)
    except (OSError, ValueError) as problem:
        log.warning("cannot write %s: %s", folder / MARKER_FILE, problem)
        return False
    return True


def _read_marker(path: Path) -> dict[str, Any] | None:
    """The marker, or None when there is none or it is unusable (then it is only logged: it
    is a hint, not the player's data)."""
    try:
        data = parse_json(read_bounded(path, _MAX_MARKER_BYTES))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        log.warning("ignoring %s: %s", path, error)
        return None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    return data
