"""Statistics per game and option combination: played, won, streaks, times, fewest moves.

Kept in ``statistics.json`` in the data folder and written at once after every change. An
entry that cannot be read is left out and the original file is kept aside with a message; the
usable entries are kept, so a damaged file never wipes the player's record silently.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aisle.engine.records import as_dict, record
from aisle.i18n import T, Text
from aisle.storage import (
    VERSION,
    check_version,
    error_text,
    keep_damaged,
    read_json,
    resolve_folder,
    salvage_message,
    write_json_atomic,
)

log = logging.getLogger(__name__)

STATS_FILE = "statistics.json"
#: No one plays a billion games; a larger count is damage or mischief.
MAX_COUNT = 10**9
#: A winning time beyond ten years of play is not real.
MAX_SECONDS = 10 * 365 * 86400.0
MAX_ENTRIES = 10_000
_MAX_ID = 200
_MAX_OPTIONS = 50

#: A game id and its sorted option values: the statistics of one way to play.
Key = tuple[str, tuple[tuple[str, str], ...]]


def stats_key(variant_id: str, options: Mapping[str, str]) -> Key:
    return variant_id, tuple(sorted((str(k), str(v)) for k, v in options.items()))


@record
class StatsEntry:
    """The record of one game with one set of options."""

    played: int
    won: int
    current_streak: int
    best_streak: int
    #: Winning games only.
    best_time: float | None
    worst_time: float | None
    fewest_moves: int | None

    def __init__(self, played: int = 0, won: int = 0, current_streak: int = 0,
                 best_streak: int = 0, best_time: float | None = None,
                 worst_time: float | None = None, fewest_moves: int | None = None) -> None:
        self.played = played
        self.won = won
        self.current_streak = current_streak
        self.best_streak = best_streak
        self.best_time = best_time
        self.worst_time = worst_time
        self.fewest_moves = fewest_moves

    @property
    def win_rate(self) -> float | None:
        """Won games as a fraction of played ones; None before the first game."""
        return self.won / self.played if self.played else None

    def add(self, won: bool, seconds: float, moves: int) -> None:
        self.played += 1
        if not won:
            self.current_streak = 0
            return
        self.won += 1
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        seconds = min(max(0.0, seconds), MAX_SECONDS) if math.isfinite(seconds) else 0.0
        self.best_time = seconds if self.best_time is None else min(self.best_time, seconds)
        self.worst_time = seconds if self.worst_time is None else max(self.worst_time, seconds)
        moves = max(0, moves)
        self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)


def totals(entries: list[StatsEntry]) -> StatsEntry:
    """All games at once: games played and won added up, the best streak of any; the figures
    that cannot be added across games (current streak, times, moves) are left empty."""
    return StatsEntry(played=sum(entry.played for entry in entries),
                      won=sum(entry.won for entry in entries),
                      best_streak=max((entry.best_streak for entry in entries), default=0))


@record
class WinReport:
    """What the win box tells about a win just counted: the game's figures, the player's
    streak, and which of their records it beat (never on a first win: there was none)."""

    seconds: float
    moves: int
    score: int
    max_score: int
    streak: int
    first_win: bool
    best_time: bool
    fewest_moves: bool

    def __init__(self, seconds: float, moves: int, score: int, max_score: int, streak: int,
                 first_win: bool, best_time: bool, fewest_moves: bool) -> None:
        self.seconds = seconds
        self.moves = moves
        self.score = score
        self.max_score = max_score
        self.streak = streak
        self.first_win = first_win
        self.best_time = best_time
        self.fewest_moves = fewest_moves


def win_report(before: StatsEntry, after: StatsEntry, seconds: float, moves: int,
               score: int, max_score: int) -> WinReport:
    """The report of a win that turned `before` into `after`."""
    first = before.won == 0
    return WinReport(seconds, moves, score, max_score, after.current_streak, first,
                     not first and before.best_time is not None and after.best_time is not None
                     and after.best_time < before.best_time,
                     not first and before.fewest_moves is not None and after.fewest_moves is not None
                     and after.fewest_moves < before.fewest_moves)


class Statistics:
    """All statistics, bound to their file; `record` and `reset` save at once."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self._entries: dict[Key, StatsEntry] = {}
        self._problems: list[Text] = []
        #: Changes not on disk yet (a failed write); they must not be replaced by the file.
        self._unsaved = False
        self._seen: tuple[int, int] | None = None

    @property
    def path(self) -> Path:
        return resolve_folder(self.folder) / STATS_FILE

    @classmethod
    def load(cls, folder: Path | None = None) -> tuple[Statistics, list[Text]]:
        """The statistics on disk, and messages about anything that could not be used."""
        stats = cls(folder)
        problems = stats._read()
        return stats, problems + stats.take_problems()

    # -- looking -------------------------------------------------------------------------------
    def entry(self, variant_id: str, options: Mapping[str, str]) -> StatsEntry:
        """A copy of the statistics of one game and options (zeros when never played)."""
        found = self._entries.get(stats_key(variant_id, options))
        return StatsEntry(**as_dict(found)) if found is not None else StatsEntry()

    def recorded(self) -> list[tuple[str, dict[str, str]]]:
        """Every (game id, options) that has statistics."""
        return [(variant_id, dict(options)) for variant_id, options in sorted(self._entries)]

    def take_problems(self) -> list[Text]:
        """Messages about files that could not be read or written since the last call."""
        problems, self._problems = self._problems, []
        return problems

    # -- changing ------------------------------------------------------------------------------
    def record(
        self, variant_id: str, options: Mapping[str, str], won: bool, seconds: float, moves: int
    ) -> None:
        """Count one finished (or abandoned) game and save at once."""
        self._refresh()
        key = stats_key(variant_id, options)
        self._entries.setdefault(key, StatsEntry()).add(won, seconds, moves)
        self._save()

    def reset(self, variant_id: str, options: Mapping[str, str]) -> None:
        """Forget the statistics of one game and options (the dialog asks first)."""
        self._refresh()
        self._entries.pop(stats_key(variant_id, options), None)
        self._save()

    def flush(self) -> None:
        """Write what a failed write left in memory only (on quitting: its last chance)."""
        if self._unsaved:
            self._save()

    # -- the file ------------------------------------------------------------------------------
    def _read(self) -> list[Text]:
        path = self.path
        result = read_json(path, check_version)
        self._note_file()
        if result.data is None:
            return [result.problem] if result.problem is not None else []
        entries, dropped = entries_from(result.data)
        self._entries = entries
        if not dropped:
            return []
        # The original goes aside for the player; the usable entries are written back at once,
        # so they survive even if nothing else is recorded in this session.
        moved = keep_damaged(path)
        if moved is not None:
            self._save()
        return [salvage_message(path, moved, dropped)]

    def _refresh(self) -> None:
        """Pick up what another running Aisle wrote since we read the file, so it is kept."""
        if self._unsaved or self._file_signature() == self._seen:
            return
        self._problems.extend(self._read())

    def _save(self) -> None:
        try:
            write_json_atomic(self.path, self.to_json())
        except (OSError, ValueError) as error:
            log.warning("cannot write %s: %s", self.path, error)
            self._unsaved = True
            self._problems.append(T(
                "The statistics could not be saved to {path}: {error}", path=str(self.path),
                error=error_text(error)))
            return
        self._unsaved = False
        self._note_file()

    def _file_signature(self) -> tuple[int, int] | None:
        try:
            status = self.path.stat()
        except OSError:
            return None
        return status.st_mtime_ns, status.st_size

    def _note_file(self) -> None:
        self._seen = self._file_signature()

    def to_json(self) -> dict[str, Any]:
        games = [
            {"game": variant_id, "options": dict(options), **as_dict(entry)}
            for (variant_id, options), entry in sorted(self._entries.items())
        ]
        return {"version": VERSION, "games": games}


# -- reading entries -----------------------------------------------------------------------------
def _count(value: Any) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"not a count: {value!r:.40}")
    return value


def _seconds(value: Any) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not (math.isfinite(value) and 0 <= value <= MAX_SECONDS):
        raise ValueError(f"not a time: {value!r:.40}")
    return float(value)


def _text(value: Any) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_ID:
        raise ValueError(f"not a name: {value!r:.40}")
    return value


def entry_from(item: Any) -> tuple[Key, StatsEntry]:
    """One entry of the file; raises ValueError for anything wrong or impossible."""
    if not isinstance(item, dict):
        raise ValueError("an entry is not an object")
    options = item.get("options", {})
    if not isinstance(options, dict) or len(options) > _MAX_OPTIONS:
        raise ValueError("bad options")
    key = stats_key(_text(item.get("game")), {_text(k): _text(v) for k, v in options.items()})
    moves = item.get("fewest_moves")
    entry = StatsEntry(
        played=_count(item.get("played")),
        won=_count(item.get("won")),
        current_streak=_count(item.get("current_streak", 0)),
        best_streak=_count(item.get("best_streak", 0)),
        best_time=_seconds(item.get("best_time")),
        worst_time=_seconds(item.get("worst_time")),
        fewest_moves=None if moves is None else _count(moves),
    )
    if not (entry.won <= entry.played and entry.current_streak <= entry.best_streak <= entry.won):
        raise ValueError("the counts contradict each other")
    if entry.best_time is not None and entry.worst_time is not None and (
            entry.best_time > entry.worst_time):
        raise ValueError("the best time is worse than the worst")
    return key, entry


def entries_from(data: dict[str, Any]) -> tuple[dict[Key, StatsEntry], int]:
    """The usable entries of a parsed file, and how many were not usable.

    Entries of games that are not installed are kept: the plugin may come back.
    """
    games = data.get("games", [])
    if not isinstance(games, list):
        return {}, 1
    entries: dict[Key, StatsEntry] = {}
    dropped = max(0, len(games) - MAX_ENTRIES)
    for item in games[:MAX_ENTRIES]:
        try:
            key, entry = entry_from(item)
        except ValueError:
            dropped += 1
            continue
        if key in entries:
            dropped += 1
            continue
        entries[key] = entry
    return entries, dropped
