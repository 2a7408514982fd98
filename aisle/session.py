"""The life of the game on the table: when it counts in the statistics, and save-and-resume.

The rules, in one place so the window stays thin and they can be tested without Qt:

- A game counts once the player has made a move in it. A win is recorded the moment it happens,
  once, even if the player undoes and wins again.
- Starting another game counts the one on the table as a loss if it was started and not won.
- Restart replays the same deal and does not count a new game: the deal stays owed, so leaving
  it later still counts once.
- Quitting saves a game in progress (not counted); the next start resumes it exactly. A won or
  untouched game leaves no save; a lost one is counted on quitting, like an abandoned one.
- A saved game that is not resumed (another game was asked for on the command line) is
  abandoned when the new game starts, and counts like any abandoned game.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aisle.engine.game import Game, Status
from aisle.i18n import T, Text
from aisle.stats import Statistics
from aisle.storage import (
    VERSION,
    DataError,
    check_version,
    read_json,
    remove_file,
    resolve_folder,
    set_aside,
    write_json_atomic,
)

if TYPE_CHECKING:
    from aisle.variant import Variant

log = logging.getLogger(__name__)

SAVE_FILE = "saved-game.json"


class Session:
    """The current game and its bookkeeping; the window calls it at each turning point."""

    def __init__(
        self,
        stats: Statistics,
        folder: Path | None = None,
        variants: Mapping[str, type[Variant]] | None = None,
    ) -> None:
        self.stats = stats
        self.folder = folder
        #: The games a save may be of; None means the installed plugins.
        self.variants = variants
        self.game: Game | None = None
        #: The game is in the statistics already (it was won).
        self._counted = False
        #: A restart of a started deal: it counts when left even if no move was made since.
        self._owed = False
        self._problems: list[Text] = []

    @property
    def path(self) -> Path:
        return resolve_folder(self.folder) / SAVE_FILE

    @property
    def counted(self) -> bool:
        """Whether the game on the table is already in the statistics."""
        return self._counted

    def take_problems(self) -> list[Text]:
        """Messages about saves or statistics that could not be written, since the last call."""
        problems, self._problems = self._problems, []
        return problems + self.stats.take_problems()

    # -- turning points ----------------------------------------------------------------------
    def resume(self) -> Text | None:
        """Put the saved game in progress on the table; a message if the save was unusable.

        Without a usable save the table stays empty (the window then deals a new game).
        """
        path = self.path
        result = read_json(path, _check_save)
        if result.data is None:
            return result.problem
        data: dict[str, Any] = result.data
        missing = self._missing_game(data["game"])
        if missing is not None:
            moved = set_aside(path)
            return T("The saved game is a game of {game}, which is not installed now. The save "
                     "was kept as {moved}.", game=missing, moved=str(moved or path))
        try:
            game = Game.from_json(json.dumps(data["game"]), self.variants)
        except Exception as error:  # a save that does not replay, or a plugin that breaks
            log.warning("cannot resume %s: %r", path, error)
            moved = set_aside(path)
            if moved is None:
                return T("The saved game in {path} could not be restored; a new game starts.",
                         path=str(path))
            return T("The saved game in {path} could not be restored. It was kept as {moved}, "
                     "and a new game starts.", path=str(path), moved=str(moved))
        self.game = game
        self._counted = data["counted"]
        self._owed = data["owed"]
        return None

    def start(self, game: Game) -> None:
        """Put a new deal (or another game) on the table; the one there now is counted if due."""
        if game is self.game:
            return
        if self.game is None:
            # A saved game that was not resumed (a game chosen on the command line) is left now.
            self._settle_saved()
        self._settle()
        self.game = game
        self._counted = False
        self._owed = False
        # The save was of the deal just left, which is settled now.
        remove_file(self.path)

    def restart(self) -> None:
        """The same deal from the start; not a new game in the statistics."""
        if self.game is None:
            return
        self._owed = self._owes()
        self.game = self.game.restarted()

    def note_change(self) -> None:
        """Call after every play, undo and redo: a win is recorded the moment it happens."""
        game = self.game
        if game is not None and game.status is Status.WON and not self._counted:
            self._record(game, won=True)
            remove_file(self.path)

    def close(self) -> None:
        """On quitting: save a game in progress for the next start; settle a finished one."""
        game = self.game
        if game is None:
            return
        if game.status is Status.PLAYING and (self._owes() or self._counted):
            self.save()
            return
        self._settle()
        remove_file(self.path)

    def save(self) -> None:
        """Write the game on the table for resuming (the window may also call it now and then)."""
        if self.game is None:
            return
        data = {
            "version": VERSION,
            "game": json.loads(self.game.to_json()),
            "counted": self._counted,
            "owed": self._owes(),
        }
        try:
            write_json_atomic(self.path, data)
        except (OSError, ValueError) as error:
            log.warning("cannot write %s: %s", self.path, error)
            self._problems.append(T("The game could not be saved to {path}: {error}",
                                    path=str(self.path), error=str(error)))

    # -- inside --------------------------------------------------------------------------------
    def _owes(self) -> bool:
        """Whether the game on the table must still be counted when it is left."""
        game = self.game
        return game is not None and not self._counted and (game.started or self._owed)

    def _settle(self) -> None:
        game = self.game
        if game is not None and self._owes():
            self._record(game, won=game.status is Status.WON)

    def _record(self, game: Game, won: bool) -> None:
        self.stats.record(game.variant_id, game.options, won, game.elapsed, game.moves)
        self._counted = True
        self._owed = False

    def _settle_saved(self) -> None:
        """Count a saved game in progress that is being abandoned without resuming it.

        Only the figures are needed, so the game is not replayed (its plugin may be gone).
        """
        result = read_json(self.path, _check_save)
        if result.problem is not None:
            self._problems.append(result.problem)
        if result.data is None:
            return
        figures = _figures(result.data["game"])
        if figures is None:
            self._problems.append(T("The saved game in {path} could not be read, so it was not "
                                    "counted. It was kept as {moved}.", path=str(self.path),
                                    moved=str(set_aside(self.path) or self.path)))
            return
        variant_id, options, moves, elapsed = figures
        if not result.data["counted"] and (result.data["owed"] or moves > 0):
            self.stats.record(variant_id, options, False, elapsed, moves)
        remove_file(self.path)

    def _missing_game(self, saved: dict[str, Any]) -> str | None:
        """The id of the saved game when no plugin offers it now."""
        variant_id = saved.get("variant")
        if not isinstance(variant_id, str):
            return None  # the engine reports a malformed save itself
        if self.variants is not None:
            found = variant_id in self.variants
        else:
            from aisle.hooks import find_variant

            found = find_variant(variant_id) is not None
        return None if found else variant_id[:80]


def _figures(saved: dict[str, Any]) -> tuple[str, dict[str, str], int, float] | None:
    """Game id, options, moves and time of a saved game, read without replaying it."""
    variant_id, options = saved.get("variant"), saved.get("options")
    moves, elapsed = saved.get("moves"), saved.get("elapsed")
    if not (isinstance(variant_id, str) and isinstance(options, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
            and type(moves) is int and isinstance(elapsed, int | float)):
        return None
    return variant_id, options, moves, float(elapsed)


def _check_save(data: Any) -> dict[str, Any]:
    """The frame of a save: version, the embedded game (object or JSON text), two flags."""
    frame = check_version(data)
    game = frame.get("game")
    if isinstance(game, str):
        try:
            game = json.loads(game)
        except (ValueError, RecursionError):
            raise DataError("the embedded game is not JSON") from None
    if not isinstance(game, dict):
        raise DataError("no game in the save")
    counted, owed = frame.get("counted", False), frame.get("owed", False)
    if not (isinstance(counted, bool) and isinstance(owed, bool)):
        raise DataError("bad flags")
    return {"game": game, "counted": counted, "owed": owed}
