"""Saved games waiting for their game to come back.

A saved game of a game that is not installed now, or whose plugin failed to restore or show it,
is not set aside for good: it is kept here, not counted, and offered again once the game can be
played (installed again, or its plugin updated to another version).

Each waiting game is one file ``<data folder>/waiting-games/<game id>.json``:
``{"version": 1, "blocked_by": ..., "save": {...}}`` where "save" is the session's frame exactly
as in saved-game.json, and "blocked_by" is the distribution and version of the plugin that
failed with it ("aisle-golf 1.0.0"), or null when the game was not installed.

A game under way that a start with another game on the command line left is kept here too
(``"left": true``), so nothing of the player's is lost; it is offered at the next start.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from aisle.storage import VERSION, DataError, check_version, read_json, remove_file, write_json_atomic

if TYPE_CHECKING:
    from aisle.registry.collect import VariantInfo

log = logging.getLogger(__name__)

FOLDER = "waiting-games"


class Waiting(NamedTuple):
    """One saved game waiting for its game."""

    path: Path
    variant_id: str
    #: The plugin ("distribution version") that failed with it; None: it was not installed.
    blocked_by: str | None
    #: The session's frame of the save (version, game, counted, owed, ...).
    save: dict[str, Any]
    #: Left under way by a start with another game (not kept for a game that failed).
    left: bool = False


def plugin_version(info: VariantInfo) -> str:
    """How `blocked_by` names the plugin of a game."""
    return f"{info.distribution} {info.version}"


def keep(data_folder: Path, save: dict[str, Any], blocked_by: str | None = None,
         left: bool = False) -> Path:
    """Keep a save's frame waiting for its game (`left`: a game under way left by a start with
    another game); returns the file. Raises OSError or ValueError when it cannot be written."""
    variant_id = _variant_of(save)
    folder = data_folder / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{variant_id}.json"
    number = 1
    while target.exists():
        number += 1
        target = folder / f"{variant_id}-{number}.json"
    frame: dict[str, Any] = {"version": VERSION, "blocked_by": blocked_by, "save": save}
    if left:
        frame["left"] = True
    write_json_atomic(target, frame)
    return target


def waiting_games(data_folder: Path) -> list[Waiting]:
    """Every waiting game, oldest file name first. An unreadable file is set aside (and
    logged): it cannot be offered."""
    folder = data_folder / FOLDER
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        return []
    found: list[Waiting] = []
    for path in paths:
        result = read_json(path, _check)  # a problem is logged (and the file set aside) there
        if result.data is not None:
            blocked_by, save, left = result.data
            found.append(Waiting(path, _variant_of(save), blocked_by, save, left))
    return found


def offers(data_folder: Path, installed: Mapping[str, VariantInfo]) -> list[Waiting]:
    """The waiting games that can be offered now: their game is installed, and not with the
    very plugin version that failed with it."""
    return [entry for entry in waiting_games(data_folder)
            if entry.variant_id in installed
            and entry.blocked_by != plugin_version(installed[entry.variant_id])]


def hold(entry: Waiting, blocked_by: str | None) -> None:
    """Keep `entry` waiting for a plugin other than `blocked_by`, which failed with it again."""
    try:
        write_json_atomic(entry.path, {"version": VERSION, "blocked_by": blocked_by,
                                       "save": entry.save})  # failed with its game: no longer "left"
    except (OSError, ValueError) as error:
        log.warning("cannot keep %s waiting: %s", entry.path, error)


def forget(entry: Waiting) -> OSError | None:
    """Remove a waiting game (it was resumed or thrown away)."""
    return remove_file(entry.path)


def _variant_of(save: dict[str, Any]) -> str:
    game = save.get("game")
    variant_id = game.get("variant") if isinstance(game, dict) else None
    if not isinstance(variant_id, str) or not variant_id:
        raise DataError("the save names no game")
    # Kept to a file name: a game id is lowercase letters, digits and dashes.
    return "".join(c if c.isalnum() or c == "-" else "_" for c in variant_id[:80])


def _check(data: Any) -> tuple[str | None, dict[str, Any], bool]:
    frame = check_version(data)
    blocked_by, save, left = frame.get("blocked_by"), frame.get("save"), frame.get("left", False)
    if (not (blocked_by is None or isinstance(blocked_by, str)) or not isinstance(save, dict)
            or not isinstance(left, bool)):
        raise DataError("not a waiting game")
    _variant_of(save)
    return blocked_by, save, left
