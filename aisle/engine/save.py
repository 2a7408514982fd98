"""Saving and restoring a game as versioned JSON.

A save holds the deal (game id, deal number, options) and the actions of the history and the
redo list; restoring deals again and replays them, so a save can never describe a position the
rules would not allow. The position itself is stored as well and must match after the replay.

An action followed by automatic moves to the foundations carries them under "auto" (each a
move's [source, count, target]): they are replayed as they were made, whatever the player's
choice of automatic moves is when the save is opened. Format 2 added them and Send All Up; a
save that uses neither is written as format 1, which older versions read.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from aisle.engine.actions import Action, Move, action_from_json
from aisle.engine.game import Game, IllegalAction, VariantError, check_seed
from aisle.engine.save_text import FORMAT, VERSION, game_to_json, position

if TYPE_CHECKING:
    from aisle.variant import Variant

__all__ = ["FORMAT", "MAX_ACTIONS", "VERSION", "SaveError", "game_from_json", "game_to_json"]

#: Far more turns than any real game has; guards against hostile files.
MAX_ACTIONS = 100_000


class SaveError(ValueError):
    """A saved game that cannot be restored; the message says why."""


def _turn_from_json(item: Any) -> tuple[Action, list[Move] | None]:
    """The action of a saved turn and its automatic moves (None: the turn had none)."""
    if not isinstance(item, dict) or "auto" not in item:
        return action_from_json(item), None
    rest = {key: value for key, value in item.items() if key != "auto"}
    moves = item["auto"]
    if not isinstance(moves, list) or len(moves) > 1000:
        raise ValueError(f"bad automatic moves {moves!r:.60}")
    return action_from_json(rest), [_move_from_json(value) for value in moves]


def _move_from_json(value: Any) -> Move:
    action = action_from_json({"move": value})
    if not isinstance(action, Move):
        raise ValueError(f"bad automatic move {value!r:.60}")
    return action


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise SaveError(f"the saved game has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SaveError(f"the saved game's {key!r} has the wrong type")
    return value


def game_from_json(text: str | bytes, variant_of: Callable[[str], type[Variant]]) -> Game:
    """Restore a saved game, its game's class found by `variant_of` (KeyError: not installed);
    raises `SaveError` with the reason for any bad input."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveError(f"not a saved game (not JSON: {error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a saved game of Aisle")
    version = _field(data, "version", int)
    if version > VERSION:
        raise SaveError(f"the game was saved by a newer Aisle (format {version}, we read {VERSION})")
    if version < 1:
        raise SaveError(f"unknown save format {version}")
    variant_id = _field(data, "variant", str)
    try:
        variant = variant_of(variant_id)
        seed = check_seed(_field(data, "seed", int))
    except KeyError:
        raise SaveError(f"the saved game is of an unknown game {variant_id!r:.60}") from None
    except ValueError as error:
        raise SaveError(str(error)) from None
    options = _field(data, "options", dict)
    history = _field(data, "history", list)
    redo = _field(data, "redo", list)
    moves = _field(data, "moves", int)
    elapsed = _field(data, "elapsed", (int, float))
    if len(history) + len(redo) > MAX_ACTIONS:
        raise SaveError("the saved game has implausibly many turns")
    if not 0 <= moves <= 10 * MAX_ACTIONS:
        raise SaveError("the saved game's move count is out of range")
    if not (math.isfinite(elapsed) and 0 <= elapsed < 10 * 365 * 86400):
        raise SaveError("the saved game's time is out of range")
    try:
        game = Game.new(variant, seed, options)
        for item in [*history, *redo]:
            action, auto = _turn_from_json(item)
            # Without saved automatic moves a turn had none: replayed with none.
            game.play(action, auto if auto is not None else ())
        for _ in redo:
            game.undo()
    except (IllegalAction, ValueError) as error:
        raise SaveError(f"the saved game does not replay: {error}") from None
    except VariantError as error:
        raise SaveError(f"the game's plugin failed while restoring: {error}") from None
    if "position" in data and data["position"] != position(game):
        raise SaveError("the saved position does not match its moves")
    game.moves = moves
    game.elapsed = float(elapsed)
    return game
