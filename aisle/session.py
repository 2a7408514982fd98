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
- A saved game of a game that is not installed, or whose plugin fails to restore or show it,
  is kept waiting, not counted (see aisle.waiting), and offered again once it can be played.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aisle import waiting
from aisle.engine.game import Game, Status, VariantError
from aisle.i18n import T, Text
from aisle.save_watch import SaveWatch, new_stamp, stale_save
from aisle.stats import STATS_FILE, Statistics
from aisle.storage import (
    VERSION,
    DataError,
    check_version,
    read_json,
    remove_file,
    resolve_folder,
    set_aside,
    settings_dir,
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
        #: The solver showed the player how to win this deal: a win is then not theirs.
        self._assisted = False
        self._problems: list[Text] = []
        #: Files that could not be written; the player is told once.
        self.watch = SaveWatch()

    @property
    def path(self) -> Path:
        return resolve_folder(self.folder) / SAVE_FILE

    @property
    def marker_folder(self) -> Path:
        """Where quitting notes which save it left (see aisle.save_watch)."""
        return settings_dir() if self.folder is None else self.folder

    @property
    def counted(self) -> bool:
        """Whether the game on the table is already in the statistics."""
        return self._counted

    @property
    def assisted(self) -> bool:
        """Whether the solver played for the player in this deal (Show Me How)."""
        return self._assisted

    def mark_assisted(self) -> None:
        """The solver plays for the player: winning this deal no longer counts as a win (it
        counts as a loss, once, like any game not won). Kept through restarts and saves."""
        self._assisted = True

    def take_problems(self) -> list[Text]:
        """Messages about saves or statistics that could not be used or written, since the last
        call. Failed writes are told once, in one message. The first call (at the start) also
        cleans up after a killed Aisle and checks that the data folder can be written."""
        problems, self._problems = self._problems, []
        self.watch.look_at_folder(resolve_folder(self.folder), [SAVE_FILE, STATS_FILE],
                                  self.marker_folder)
        return self.watch.sift(problems + self.stats.take_problems(), self.stats.path)

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
            return self._keep_waiting(data, None, lambda kept: T(
                "The saved game is a game of {game}, which is not installed now. It is kept as "
                "{kept} and will be offered again once {game} is installed.", game=missing,
                kept=kept))
        try:
            game = Game.from_json(json.dumps(data["game"]), self.variants)
        except Exception as error:  # a save that does not replay, or a plugin that breaks
            log.warning("cannot resume %s: %r", path, error)
            if isinstance(error.__context__ or error, VariantError):
                reason = str(error)
                return self._keep_waiting(data, _plugin_of(data["game"]), lambda kept: T(
                    "The saved game could not be restored, because its game's plugin failed: "
                    "{error}. It is kept as {kept} and will be offered again once the plugin is "
                    "updated.", error=reason, kept=kept))
            moved = set_aside(path)
            if moved is None:
                return T("The saved game in {path} could not be restored; a new game starts.",
                         path=str(path))
            return T("The saved game in {path} could not be restored. It was kept as {moved}, "
                     "and a new game starts.", path=str(path), moved=str(moved))
        self._take(game, data)
        older = stale_save(self.marker_folder, path, data["stamp"])
        if older is not None:
            self._problems.append(older)
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
        self._assisted = False
        # The save was of the deal just left, which is settled now.
        self._remove_save()

    def restart(self, again: Game | None = None) -> None:
        """The same deal from the start (`again`, when the caller has dealt it already); not a
        new game in the statistics."""
        if self.game is None:
            return
        self._owed = self._owes()
        self.game = again if again is not None else self.game.restarted()

    def note_change(self) -> None:
        """Call after every play, undo and redo: a win is recorded the moment it happens."""
        game = self.game
        if game is not None and game.status is Status.WON and not self._counted:
            self._record(game, won=True)
            self._remove_save()

    def close(self) -> None:
        """On quitting: save a game in progress for the next start; settle a finished one.
        Either way, note which save was left, so the next start knows an older one."""
        game = self.game
        if game is None:
            return
        if game.status is Status.PLAYING and (self._owes() or self._counted):
            stamp = new_stamp()
            error = self.save(stamp)
        else:
            self._settle()
            stamp, error = None, self._remove_save()
        self.watch.mark_quit(self.marker_folder, self.path, stamp, error)

    def save(self, stamp: str | None = None) -> OSError | ValueError | None:
        """Write the game on the table for resuming (the window may also call it now and then);
        returns the error when it could not be written (the player is told once)."""
        if self.game is None:
            return None
        data = {
            "version": VERSION,
            "game": json.loads(self.game.to_json()),
            "counted": self._counted,
            "owed": self._owes(),
            "assisted": self._assisted,
            "stamp": stamp or new_stamp(),
        }
        try:
            write_json_atomic(self.path, data)
        except (OSError, ValueError) as error:
            log.warning("cannot write %s: %s", self.path, error)
            self.watch.failed(self.path, error)
            return error
        return None

    def _remove_save(self) -> OSError | None:
        error = remove_file(self.path)
        if error is not None:
            self.watch.failed(self.path, error)
        return error

    # -- games waiting for their plugin (see aisle.waiting) -------------------------------------
    def put_off(self, blocked_by: str | None) -> Text | None:
        """The game on the table could not be shown because its plugin (`blocked_by`, as
        `waiting.plugin_version` says it; None: Aisle itself) failed: keep it waiting, not
        counted, and leave the table empty. What the player is told is among the problems
        (`take_problems`), and returned."""
        game = self.game
        if game is None:
            return None
        self.save()
        result = read_json(self.path, _check_save)
        if result.data is None:
            told = result.problem
        else:
            told = self._keep_waiting(result.data, blocked_by, lambda kept: T(
                "The saved game of {game} could not be shown, because its plugin failed. It is "
                "kept as {kept} and will be offered again once the plugin is updated.",
                game=game.variant_id, kept=kept))
        self.game = None
        if told is not None:
            self._problems.append(told)
        return told

    def restore_waiting(self, entry: waiting.Waiting) -> Game | Text:
        """The game of a waiting save, replayed (nothing changes here until `adopt_waiting`);
        a message when it cannot be restored (then it waits until its plugin changes)."""
        try:
            return Game.from_json(json.dumps(_check_save(entry.save)["game"]), self.variants)
        except Exception as error:
            log.warning("cannot restore %s: %r", entry.path, error)
            waiting.hold(entry, _plugin_of(entry.save.get("game", {})))
            return T("The waiting game in {path} could not be restored: {error}",
                     path=str(entry.path), error=str(error))

    def adopt_waiting(self, entry: waiting.Waiting, game: Game) -> None:
        """`game`, restored from `entry`, is on the table now: the game there before is left
        (and counted if due), and the waiting file goes."""
        self._settle()
        self._take(game, _check_save(entry.save))
        waiting.forget(entry)
        self._remove_save()  # of the game just left, which is settled now

    def drop_waiting(self, entry: waiting.Waiting) -> None:
        """Throw a waiting game away; it counts like any game left unfinished."""
        figures = _figures(entry.save.get("game", {}))
        if figures is not None and not entry.save.get("counted") and (
                entry.save.get("owed") or figures[2] > 0):
            variant_id, options, moves, elapsed = figures
            self.stats.record(variant_id, options, False, elapsed, moves)
        waiting.forget(entry)

    def _keep_waiting(self, frame: dict[str, Any], blocked_by: str | None,
                      told: Callable[[str], Text]) -> Text:
        """Keep the save in `frame` waiting instead of the save file; `told(kept)` says so."""
        try:
            kept = waiting.keep(resolve_folder(self.folder), {"version": VERSION, **frame},
                                blocked_by)
        except (OSError, ValueError) as error:
            log.warning("cannot keep the saved game waiting: %s", error)
            moved = set_aside(self.path)
            self.game = None
            return T("The saved game in {path} could not be restored. It was kept as {moved}, "
                     "and a new game starts.", path=str(self.path), moved=str(moved or self.path))
        self.game = None
        self._counted = self._owed = False
        self._remove_save()
        return told(str(kept))

    # -- inside --------------------------------------------------------------------------------
    def _take(self, game: Game, frame: dict[str, Any]) -> None:
        """Put a restored game on the table with the flags of its save's (checked) frame."""
        self.game = game
        self._counted = frame["counted"]
        self._owed = frame["owed"]
        self._assisted = frame["assisted"]

    def _owes(self) -> bool:
        """Whether the game on the table must still be counted when it is left."""
        game = self.game
        return game is not None and not self._counted and (game.started or self._owed)

    def _settle(self) -> None:
        game = self.game
        if game is not None and self._owes():
            self._record(game, won=game.status is Status.WON)

    def _record(self, game: Game, won: bool) -> None:
        self.stats.record(game.variant_id, game.options, won and not self._assisted, game.elapsed,
                          game.moves)
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
        missing = self._missing_game(result.data["game"])
        if missing is not None:  # it could not have been resumed: it waits for its game
            self._problems.append(self._keep_waiting(result.data, None, lambda kept: T(
                "The saved game is a game of {game}, which is not installed now. It is kept as "
                "{kept} and will be offered again once {game} is installed.", game=missing,
                kept=kept)))
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
        self._remove_save()

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


def _plugin_of(saved: dict[str, Any]) -> str | None:
    """The plugin (as `waiting.plugin_version` names it) of a saved game's game, if installed."""
    from aisle.hooks import find_variant

    variant_id = saved.get("variant")
    info = find_variant(variant_id) if isinstance(variant_id, str) else None
    return waiting.plugin_version(info) if info is not None else None


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
    assisted = frame.get("assisted", False)
    if not (isinstance(counted, bool) and isinstance(owed, bool) and isinstance(assisted, bool)):
        raise DataError("bad flags")
    # Saves of Aisle 0.1 have no stamp.
    stamp = frame.get("stamp")
    return {"game": game, "counted": counted, "owed": owed, "assisted": assisted,
            "stamp": stamp if isinstance(stamp, str) else None}
