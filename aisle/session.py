"""The life of the game on the table: when it counts in the statistics, and save-and-resume.

The rules, in one place so the window stays thin and they can be tested without Qt:

- A game counts once the player has made a move in it. A win is recorded the moment it happens,
  once, even if the player undoes and wins again.
- Starting another game counts the one on the table as a loss if it was started and not won.
- Restart replays the same deal and does not count a new game: the deal stays owed, so leaving
  it later still counts once.
- Quitting saves a game in progress (not counted); the next start resumes it exactly. A won or
  untouched game leaves no save, except a deal the player asked for by its number
  (`keep_untouched`): it comes back, still owing nothing (and, resumed untouched, is kept again).
  A lost game is counted on quitting, like an abandoned one.
- The game is also saved after every change (`autosave`, called by the window), by a background
  thread (aisle.autosave) that writes only the newest save waiting: play never waits, and a
  killed Aisle resumes the last move made. The save-file's life (written, removed) goes through
  that one thread, in order; the turning points wait for it.
- Counting is kill-safe: before the statistics count the game on the table, the save is
  rewritten with a "counting" note (the game's played count before); a start that finds such a
  save finishes the count if the statistics do not have it, and never resumes it. So a game is
  counted once, even if Aisle is killed between the two writes.
- A read-only session (another Aisle owns the data folder) writes nothing: no save, no
  statistics.
- A saved game that is not resumed (another game was asked for on the command line) is
  abandoned when the new game starts, and counts like any abandoned game.
- A saved game of a game that is not installed, or whose plugin fails to restore or show it,
  is kept waiting, not counted (see aisle.waiting), and offered again once it can be played.
"""

from __future__ import annotations

import json
import logging
import os
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aisle import waiting
from aisle.autosave import Autosaver
from aisle.engine.game import Game, Status, VariantError
from aisle.i18n import TN, T, Text
from aisle.save_watch import SaveWatch, new_stamp, stale_save, stamp_of
from aisle.stats import STATS_FILE, Statistics, WinReport, win_report
from aisle.storage import (
    VERSION,
    DataError,
    check_version,
    read_json,
    remove_file,
    resolve_folder,
    set_aside,
    settings_dir,
    write_bytes_atomic,
)

if TYPE_CHECKING:
    from aisle.variant import Variant

log = logging.getLogger(__name__)

SAVE_FILE = "saved-game.json"

#: What the save file is to hold: its content and stamp, or None for no save at all.
Content = tuple[bytes, str] | None
WriteError = OSError | ValueError


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
        #: The report of the game's win once it is counted (for the win box); None before.
        self.last_win: WinReport | None = None
        #: A restart of a started deal: it counts when left even if no move was made since.
        self._owed = False
        #: The solver showed the player how to win this deal: a win is then not theirs.
        self._assisted = False
        #: The player asked for this deal by its number: quitting keeps it even untouched.
        self._asked_for = False
        self._problems: list[Text] = []
        #: Files that could not be written; the player is told once.
        self.watch = SaveWatch()
        #: Nothing is written: another Aisle owns the data folder (see aisle.instance_lock).
        self.read_only = False
        #: A game under way in the save, left unresumed (the command line asked for another
        #: game or deal), is kept waiting rather than counted lost (see aisle.waiting).
        self.keep_left_game = False
        #: The waiting games kept so in this run: offered at the next start, not in this one.
        self.kept_now: set[str] = set()
        #: What the player is told that is no problem (a game kept for later), until taken.
        self._notes: list[Text] = []
        #: The one thread that writes the save (and the window's settings).
        self.writer = Autosaver()
        #: Called by the writer thread after a failed write, so the window can tell it at once.
        self.on_write_failure: Callable[[], None] | None = None
        #: This session's name in the stamps of its saves (see aisle.save_watch).
        self._name = new_stamp()
        self._saves = 0
        #: Failed writes of the writer thread, for `watch` (only the GUI thread touches it).
        self._failures: deque[tuple[Path, WriteError]] = deque()
        #: Failed writes of the settings file, the same way.
        self._settings_failures: deque[tuple[Path, OSError]] = deque()
        #: The outcome of the writer's last write or removal of the save.
        self._last_error: WriteError | None = None

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
        self.autosave()

    def take_notes(self) -> list[Text]:
        """What the player is told that is no problem (a game kept for later), once."""
        notes, self._notes = self._notes, []
        return notes

    def take_problems(self) -> list[Text]:
        """Messages about saves or statistics that could not be used or written, since the last
        call. Failed writes are told once, in one message. The first call (at the start) also
        cleans up after a killed Aisle and checks that the data folder can be written."""
        self._note_failures()
        problems, self._problems = self._problems, []
        if not self.read_only:
            self.watch.look_at_folder(resolve_folder(self.folder), [SAVE_FILE, STATS_FILE],
                                      self.marker_folder)
        return self.watch.sift(problems + self.stats.take_problems(), self.stats.path)

    # -- turning points ----------------------------------------------------------------------
    #: The save was left for later by `resume(wait=False)`: its game is known only once every
    #: plugin is loaded; the window resumes it then (`aisle.ui.table.dealer.Dealer.deal_pending`).
    resume_later = False

    def resume(self, wait: bool = True) -> Text | None:
        """Put the saved game in progress on the table; a message if the save was unusable.

        Without a usable save the table stays empty (the window then deals a new game). With
        `wait` False, a save of a game not found without loading every plugin is left as it is,
        and `resume_later` set.
        """
        self.resume_later = False
        path = self.path
        result = read_json(path, _check_save)
        if result.data is None:
            return result.problem
        data: dict[str, Any] = result.data
        if not wait and self.variants is None and not _known_now(data["game"]):
            self.resume_later = True
            return None
        missing = self._missing_game(data["game"])
        if missing is not None:
            return self._keep_waiting(data, None, lambda kept: T(
                "The saved game is a game of {game}, which is not installed now. It is kept as "
                "{kept} and will be offered again once {game} is installed.", game=missing,
                kept=kept))
        from aisle.registry.games import restore_game  # the registry: loaded on first use

        try:
            game = restore_game(json.dumps(data["game"]), self.variants)
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
        self.last_win = None
        self._owed = False
        self._assisted = False
        self._asked_for = False
        # The save was of the deal just left, which is settled now; a game that comes with
        # moves (opened from a file) is saved at once.
        if self._keeps_save():
            self._store(self._content())
        elif self.writer.has_job(SAVE_FILE) or os.path.lexists(self.path):
            self._remove_save()
        # else nothing is saved, nor about to be: the writer (a thread) is not woken for it

    def restart(self, again: Game | None = None) -> None:
        """The same deal from the start (`again`, when the caller has dealt it already); not a
        new game in the statistics."""
        if self.game is None:
            return
        self._owed = self._owes()
        self.game = again if again is not None else self.game.restarted()
        self.autosave()

    def note_change(self) -> None:
        """Call after every play, undo and redo: a win is recorded the moment it happens."""
        game = self.game
        if game is not None and game.status is Status.WON and not self._counted:
            self._record(game, won=True)
            self._remove_save()

    def autosave(self) -> None:
        """After every change: hand the save of the game as it stands to the writer thread, which
        writes it at once if idle (only the newest save waiting is written). Play never waits."""
        if self.read_only or self.game is None:
            return
        try:
            keep = self._keeps_save()
        except Exception as error:  # the game cannot say how it stands: the save stays as it is
            log.warning("no autosave: %r", error)
            return
        self._put(self._content() if keep else None)

    def checkpoint(self) -> None:
        """Save now and wait until the save is on disk (the desktop session is ending)."""
        self.autosave()
        self._wait()

    def close(self) -> None:
        """On quitting: save a game in progress (or a deal asked for by its number, played or
        not) for the next start; settle a finished one. Either way, note which save was left,
        so the next start knows an older one."""
        if self.read_only:
            return
        game = self.game
        if game is None:
            self.stats.flush()  # what a full or read-only disk kept in memory: once more
            return
        if game.status is Status.PLAYING and (self._owes() or self._counted or self._asked_for):
            content = self._content()
            stamp, error = content[1], self._store(content)
        else:
            self._settle()
            stamp, error = None, self._remove_save()
        self.stats.flush()
        self.watch.mark_quit(self.marker_folder, self.path, stamp, error)
        self.writer.close()

    def save(self) -> WriteError | None:
        """Write the game on the table for resuming, and wait; returns the error when it could
        not be written (the player is told once)."""
        if self.game is None or self.read_only:
            return None
        return self._store(self._content())

    def _remove_save(self) -> WriteError | None:
        return self._store(None)

    # -- the save file, written by the writer thread ---------------------------------------------
    def _keeps_save(self) -> bool:
        """Whether the game on the table is to be kept in the save file (asks its status)."""
        game = self.game
        return (game is not None and game.status is not Status.WON
                and (self._owes() or self._counted))

    def _content(self, counting: dict[str, Any] | None = None) -> tuple[bytes, str]:
        """The save of the game on the table as it is now, taken on the GUI thread (the game's
        own JSON is cheap; the writer thread does the rest)."""
        assert self.game is not None
        stamp = self._next_stamp()
        return _encode(self.game.to_json(), self._counted, self._owes(), self._assisted, stamp,
                       counting), stamp

    def _next_stamp(self) -> str:
        self._saves += 1
        return stamp_of(self._name, self._saves)

    def _put(self, content: Content) -> None:
        """Have the save file become `content`, in the background."""
        if self.read_only:
            return
        path, marker_folder = self.path, self.marker_folder
        self.writer.put(SAVE_FILE, lambda: self._write(path, marker_folder, content))

    def _store(self, content: Content) -> WriteError | None:
        """Have the save file become `content`, and wait; the error if it failed."""
        if self.read_only:
            return None
        self._put(content)
        return self._wait()

    def _wait(self) -> WriteError | None:
        self.writer.flush()
        self._note_failures()
        return self._last_error

    def _write(self, path: Path, marker_folder: Path, content: Content) -> None:
        """Write or remove the save (in the writer thread); a failure is noted for the player."""
        error: WriteError | None
        if content is None:
            stamp, error = None, remove_file(path)
        else:
            data, stamp = content
            self.watch.mark_live(marker_folder, path, self._name)
            try:
                write_bytes_atomic(path, data)
                error = None
            except OSError as problem:
                log.warning("cannot write %s: %s", path, problem)
                error = problem
        self._last_error = error
        if error is None:
            return
        self.watch.mark_failed(marker_folder, path, stamp, error)
        self._failures.append((path, error))
        if self.on_write_failure is not None:
            self.on_write_failure()

    def settings_not_written(self, path: Path, error: OSError) -> None:
        """The settings file could not be written (the writer thread): the player is told
        once, as of a settings folder that cannot be written (the file alone may be locked)."""
        self._settings_failures.append((path, error))
        if self.on_write_failure is not None:
            self.on_write_failure()

    def _note_failures(self) -> None:
        """Hand the writer thread's failures to `watch` (on the GUI thread)."""
        while self._failures:
            path, error = self._failures.popleft()
            self.watch.failed(path, error)
        while self._settings_failures:
            self.watch.settings_failed(*self._settings_failures.popleft())

    # -- games waiting for their plugin (see aisle.waiting) -------------------------------------
    def put_off(self, blocked_by: str | None) -> Text | None:
        """The game on the table could not be shown because its plugin (`blocked_by`, as
        `waiting.plugin_version` says it; None: Aisle itself) failed: keep it waiting, not
        counted, and leave the table empty. What the player is told is among the problems
        (`take_problems`), and returned."""
        game = self.game
        if game is None:
            return None
        if self.read_only:  # the Aisle that owns the data folder keeps it waiting
            self.game = None
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
        from aisle.registry.games import restore_game

        try:
            return restore_game(json.dumps(_check_save(entry.save)["game"]), self.variants)
        except Exception as error:
            log.warning("cannot restore %s: %r", entry.path, error)
            waiting.hold(entry, _plugin_of(entry.save.get("game", {})))
            return T("The waiting game in {path} could not be restored: {error}",
                     path=str(entry.path), error=str(error))

    def adopt_waiting(self, entry: waiting.Waiting, game: Game) -> None:
        """`game`, restored from `entry`, is on the table now: the game there before is left
        (and counted if due), and the waiting file goes."""
        self._settle()
        self._take(game, _settled(_check_save(entry.save)))
        if self.read_only:
            return
        # Forgotten first: a kill in between may lose the game, never bring it twice.
        waiting.forget(entry)
        self._store(self._content() if self._keeps_save() else None)

    def drop_waiting(self, entry: waiting.Waiting) -> None:
        """Throw a waiting game away; it counts like any game left unfinished."""
        if self.read_only:
            return
        figures = _figures(entry.save.get("game", {}))
        # Forgotten first: a kill in between may miss the count, never count it twice.
        waiting.forget(entry)
        if figures is not None and not entry.save.get("counted") and (
                entry.save.get("owed") or figures[2] > 0):
            variant_id, options, moves, elapsed = figures
            self.stats.record(variant_id, options, False, elapsed, moves)

    def _keep_waiting(self, frame: dict[str, Any], blocked_by: str | None,
                      told: Callable[[str], Text], left: bool = False) -> Text:
        """Keep the save in `frame` waiting instead of the save file; `told(kept)` says so."""
        try:
            kept = waiting.keep(resolve_folder(self.folder), {"version": VERSION, **frame},
                                blocked_by, left)
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
        if frame["counting"] is not None:
            # Aisle was killed while this game was being counted: it was over, so it is not
            # resumed; the next game's start finishes the count (see _settle_saved).
            self.game = None
            return
        self.game = game
        self._counted = frame["counted"]
        self._owed = frame["owed"]
        self._assisted = frame["assisted"]
        # Only a deal asked for by its number is saved untouched (`close`): kept again.
        self._asked_for = not (game.started or self._owed or self._counted)

    def keep_untouched(self) -> None:
        """The deal on the table was asked for by its number: quitting keeps it for the next
        start even before its first move (a deal at random is simply dealt anew)."""
        self._asked_for = True

    def _owes(self) -> bool:
        """Whether the game on the table must still be counted when it is left."""
        game = self.game
        return game is not None and not self._counted and (game.started or self._owed)

    def _settle(self) -> None:
        game = self.game
        if game is not None and self._owes():
            self._record(game, won=game.status is Status.WON)

    def _record(self, game: Game, won: bool) -> None:
        won = won and not self._assisted
        self._counted = True
        self._owed = False
        if self.read_only:
            return
        entry = self.stats.entry(game.variant_id, game.options)
        # The save says first that the game is being counted, then the statistics count it:
        # a kill in between is finished at the next start, never counted twice.
        self._store(self._content(counting={"played": entry.played, "won": won}))
        self.stats.record(game.variant_id, game.options, won, game.elapsed, game.moves)
        if won:
            self.last_win = win_report(entry, self.stats.entry(game.variant_id, game.options),
                                       game.elapsed, game.moves, game.score, game.max_score)

    def _settle_saved(self) -> None:
        """Count a saved game in progress that is being abandoned without resuming it.

        Only the figures are needed, so the game is not replayed (its plugin may be gone).
        """
        if self.read_only:
            return
        result = read_json(self.path, _check_save)
        if result.problem is not None:
            self._problems.append(result.problem)
        if result.data is None:
            return
        if result.data["counting"] is not None:
            self._finish_counting(result.data)
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
        frame = result.data
        if self.keep_left_game and not frame["counted"] and (frame["owed"] or moves > 0):
            seed = frame["game"].get("seed")

            kept_it: list[str] = []

            def told(kept: str) -> Text:
                kept_it.append(kept)
                self.kept_now.add(kept)
                # TRANSLATORS: {game} is the game's name ("Klondike"), {deal} its deal number.
                return TN("The game of {game} under way (deal {deal}, {n} move made) was kept "
                          "for later, since Aisle was started with another game; it is offered at "
                          "the next start.", "The game of {game} under way (deal {deal}, {n} moves "
                          "made) was kept for later, since Aisle was started with another game; "
                          "it is offered at the next start.", moves, game=GameName(variant_id),
                          deal=str(seed) if isinstance(seed, int) else "?")

            said = self._keep_waiting(frame, None, told, left=True)
            # Kept: a note; not kept (the folder cannot be written): a problem, as said.
            (self._notes if kept_it else self._problems).append(said)
            return
        if not frame["counted"] and (frame["owed"] or moves > 0):
            # The same two steps as `_record`: the save notes the count, then it is made.
            stamp = self._next_stamp()
            counting = {"played": self.stats.entry(variant_id, options).played, "won": False}
            self._store((_encode(json.dumps(frame["game"]), True, False, frame["assisted"],
                                 stamp, counting), stamp))
            self.stats.record(variant_id, options, False, elapsed, moves)
        self._remove_save()

    def _finish_counting(self, frame: dict[str, Any]) -> None:
        """A save left by an Aisle killed while it counted its game: count the game unless
        the statistics have it already (their played count moved on), and let the save go."""
        counting = frame["counting"]
        figures = _figures(frame["game"])
        if figures is not None:
            variant_id, options, moves, elapsed = figures
            if self.stats.entry(variant_id, options).played == counting["played"]:
                self.stats.record(variant_id, options, counting["won"], elapsed, moves)
        self._remove_save()

    def _missing_game(self, saved: dict[str, Any]) -> str | None:
        """The id of the saved game when no plugin offers it now."""
        variant_id = saved.get("variant")
        if not isinstance(variant_id, str):
            return None  # the engine reports a malformed save itself
        if self.variants is not None:
            found = variant_id in self.variants
        else:
            from aisle.registry.loading import find_variant

            # While the start waits for the plugins, asking would wait too: a save left then
            # (another game was chosen meanwhile) waits for its game, and is offered once in.
            found = find_variant(variant_id, wait=not self.resume_later) is not None
        return None if found else variant_id[:80]


def _known_now(saved: dict[str, Any]) -> bool:
    """Whether a saved game's game is known without waiting for plugins (one of Aisle's own,
    or every plugin is loaded); a malformed save is "known" (`resume` reports it)."""
    from aisle.registry.loading import find_variant, plugins_ready

    variant_id = saved.get("variant")
    return (not isinstance(variant_id, str) or plugins_ready()
            or find_variant(variant_id, wait=False) is not None)


def _plugin_of(saved: dict[str, Any]) -> str | None:
    """The plugin (as `waiting.plugin_version` names it) of a saved game's game, if installed."""
    from aisle.registry.loading import find_variant

    variant_id = saved.get("variant")
    info = find_variant(variant_id) if isinstance(variant_id, str) else None
    return waiting.plugin_version(info) if info is not None else None


class GameName:
    """A game's name in a text, looked up each time the text is shown: a note made at the
    start (before the game's plugin is imported) shows the name once the window tells it,
    after its first frame, and in the language shown then; the id while it is unknown."""

    def __init__(self, variant_id: str) -> None:
        self.variant_id = variant_id

    def __format__(self, spec: str) -> str:
        from aisle.registry.loading import find_variant

        info = find_variant(self.variant_id, wait=False)
        return format(info.name.translate() if info is not None else self.variant_id, spec)

    def __repr__(self) -> str:  # a Text's equality compares its parameters' repr
        return f"GameName({self.variant_id!r})"


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
    counting = frame.get("counting")
    if counting is not None and not (
            isinstance(counting, dict) and type(counting.get("played")) is int
            and counting["played"] >= 0 and isinstance(counting.get("won"), bool)):
        raise DataError("bad counting note")
    # Saves of Aisle 0.1 have no stamp.
    stamp = frame.get("stamp")
    return {"game": game, "counted": counted, "owed": owed, "assisted": assisted,
            "stamp": stamp if isinstance(stamp, str) else None, "counting": counting}


def _settled(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame whose count was under way when Aisle was killed, as a counted game (a waiting
    game can be such a save, kept before the count was finished)."""
    if frame["counting"] is None:
        return frame
    return {**frame, "counting": None, "counted": True, "owed": False}


def _encode(game: str, counted: bool, owed: bool, assisted: bool, stamp: str,
            counting: dict[str, Any] | None) -> bytes:
    """The save file's content; `game` is the game's JSON text, put in as it is (parsing and
    encoding it again would cost more than writing it)."""
    head = json.dumps({"version": VERSION, "counted": counted, "owed": owed,
                       "assisted": assisted, "stamp": stamp, "counting": counting})
    return f'{head[:-1]}, "game": {game}}}\n'.encode()
