"""Writing a game as the text of a save (read back by `aisle.engine.save`).

An action followed by automatic moves to the foundations carries them under "auto" (each a
move's [source, count, target]). Format 2 added them and Send All Up; a save that uses neither
is written as format 1, which older versions read.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aisle.engine.actions import SendAllUp, action_to_json

if TYPE_CHECKING:
    from aisle.engine.game import Game, Turn

FORMAT = "aisle-game"
VERSION = 2


def position(game: Game) -> list[list[Any]]:
    return [[slot.id, [[card.id, card.face_up] for card in slot.cards]] for slot in game.slots]


def _turn_to_json(turn: Turn) -> Any:
    data = action_to_json(turn.action)
    if turn.auto:
        data["auto"] = [[move.source, move.count, move.target] for move in turn.auto]
    return data


def game_to_json(game: Game) -> str:
    turns = [*game.history, *game.future]
    newer = any(turn.auto or isinstance(turn.action, SendAllUp) for turn in turns)
    data = {
        "format": FORMAT,
        "version": VERSION if newer else 1,
        "variant": game.variant.id,
        "seed": game.seed,
        "options": game.options,
        "history": [_turn_to_json(turn) for turn in game.history],
        "redo": [_turn_to_json(turn) for turn in reversed(game.future)],
        "moves": game.moves,
        "elapsed": round(game.elapsed, 3),
        "position": position(game),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
