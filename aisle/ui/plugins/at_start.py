"""Whether a start needs every plugin at once, or only when the player reaches past the table.

The first table needs only its own game's plugin (aisle.registry.loading.find_variant). The other
games are needed for what the player opens later (a menu, Select Game, the statistics, help), so
they load then, in the background, and a player who only plays on never pays for them in time
or memory. Three things cannot wait for the player: a table left empty for a game that is not
one of Aisle's own, plugin wheels in the plugins folder (a new one is asked about at start, a
damaged one is reported), and saved games that waited for their game (offered at start).
"""

from __future__ import annotations

from pathlib import Path


def wanted_at_start(table_empty: bool, data_folder: Path | None) -> bool:
    """Whether every plugin should load right after the first frame."""
    if table_empty:
        return True
    from aisle.registry.wheel_folder import wheel_files

    if wheel_files():
        return True
    if data_folder is None:
        return False
    from aisle.waiting import FOLDER

    try:
        return any((data_folder / FOLDER).glob("*.json"))
    except OSError:  # unreadable: the full load meets it again, and reports it
        return True
