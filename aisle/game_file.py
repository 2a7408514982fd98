"""A game in a file of its own: Game ▸ Save Game As… and Open Saved Game… (no Qt here).

The file holds exactly what `Game.to_json` writes, the format of every save of Aisle (the game,
the deal number, the options and every move; see aisle.engine.save), as indented JSON. Its name
ends in ``.aisle.json``; any JSON file in that format opens, and so does the ``saved-game.json``
Aisle keeps for resuming (the game inside it is taken).

Opening reads the file and replays its moves. A file that cannot be used raises
`GameFileError` with a message for the player that names the file and what is wrong: it cannot
be read, it is no regular file (a device or a pipe) or far too large, it is not a saved game, a
newer Aisle wrote it, its game is not installed, its options are not offered, or its moves do
not replay (damaged, or another version of the game).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aisle.bounded_read import FileTooLargeError, NotAFileError, read_bounded
from aisle.engine.game import Game
from aisle.engine.save import FORMAT, game_from_json
from aisle.engine.save import VERSION as FORMAT_VERSION
from aisle.i18n import T, Text
from aisle.storage import MAX_FILE_BYTES, parse_json, write_json_atomic

if TYPE_CHECKING:
    from aisle.variant import Variant

#: The ending of a saved game's file name.
SUFFIX = ".aisle.json"


class GameFileError(Exception):
    """A file that cannot be opened as a game; `message` tells the player why."""

    def __init__(self, message: Text) -> None:
        super().__init__(message.msgid)
        self.message = message


def suggested_name(game: Game) -> str:
    """A file name for `game`: its id and deal number ("klondike-1234.aisle.json")."""
    return f"{game.variant_id}-{game.seed}{SUFFIX}"


def with_suffix(path: Path) -> Path:
    """`path`, with the ending added unless the player typed a JSON name already."""
    return path if path.name.lower().endswith(".json") else path.with_name(path.name + SUFFIX)


def write_game(game: Game, path: Path) -> None:
    """Write `game` to `path` (atomically; raises OSError when it cannot be written)."""
    write_json_atomic(path, json.loads(game.to_json()))


def read_game(path: Path, variants: Mapping[str, type[Variant]] | None = None) -> Game:
    """The game saved in `path`, replayed; raises `GameFileError` naming the problem.

    `variants` are the games that may be opened (None: the installed ones)."""
    name = str(path)
    try:
        # Never a pipe (it would wait for a writer forever) or a device (/dev/zero never ends).
        raw = read_bounded(path, MAX_FILE_BYTES)
    except NotAFileError:
        raise GameFileError(T("The file {path} is not a regular file (it may be a device, a "
                              "pipe or a socket), so it cannot be a saved game.",
                              path=name)) from None
    except FileTooLargeError:
        raise GameFileError(T("The file {path} is far too large to be a saved game.",
                              path=name)) from None
    except OSError:
        raise GameFileError(T("The file {path} cannot be read. Check that it still exists and "
                              "that you may read it.", path=name)) from None
    try:
        data = parse_json(raw)
    except ValueError:
        data = None
    saved = _saved_game(data)
    if saved is None:
        raise GameFileError(T("The file {path} is not a game saved by Aisle, or it is damaged.",
                              path=name))
    version = saved.get("version")
    if type(version) is int and version > FORMAT_VERSION:
        raise GameFileError(T("The file {path} was saved by a newer version of Aisle. Update "
                              "Aisle to open it.", path=name))
    variant_id = saved.get("variant")
    if not isinstance(variant_id, str):
        raise GameFileError(T("The file {path} is not a game saved by Aisle, or it is damaged.",
                              path=name))
    variant = _variant(variant_id, variants)
    if variant is None:
        raise GameFileError(T("The file {path} holds a game of {game}, which is not installed. "
                              "Install the plugin that offers it, then open the file again.",
                              path=name, game=variant_id[:80]))
    options = saved.get("options")
    try:
        variant.resolve_options(options if isinstance(options, dict) else {})
    except ValueError:
        raise GameFileError(T("The file {path} holds a game of {game} with options that this "
                              "version of the game does not offer.", path=name,
                              game=variant.name)) from None
    try:
        return game_from_json(json.dumps(saved), {variant_id: variant}.__getitem__)
    except Exception:  # a save that does not replay, or a plugin that fails while replaying
        raise GameFileError(T("The moves saved in {path} cannot be replayed: the file is "
                              "damaged, or it was saved with another version of {game}.",
                              path=name, game=variant.name)) from None


def _saved_game(data: Any) -> dict[str, Any] | None:
    """The game inside a parsed file: the file itself, or the game of a resume save."""
    if isinstance(data, dict) and isinstance(data.get("game"), dict):
        data = data["game"]
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return data
    return None


def _variant(variant_id: str, variants: Mapping[str, type[Variant]] | None) -> type[Variant] | None:
    if variants is not None:
        return variants.get(variant_id)
    from aisle.registry.loading import find_variant

    info = find_variant(variant_id)
    return info.variant if info is not None else None
