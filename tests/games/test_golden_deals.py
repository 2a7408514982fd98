"""Every built-in game's deals, pinned: tests/games/<id>/golden.json lists, for a few seeds and
option combinations, every slot of the deal ("~" before a face-down card), computed once from
our shuffle and checked by eye against the rules. A change to the shuffle, a deal or a layout
shows here, game by game; the files are data, so a new game adds a file, not a test."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from aisle.engine import Game
from aisle.registry.games import new_game, variant_class

HERE = Path(__file__).resolve().parent
PYPROJECT = HERE.parent.parent / "pyproject.toml"


def built_in_games() -> list[str]:
    """The game ids pyproject.toml registers (the built-in plugins)."""
    entry_points = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["entry-points"]
    return sorted(entry_points["aisle"])


def options_from(key: str) -> dict[str, str]:
    """"suits=two,deal=single" → {"suits": "two", "deal": "single"}; "" → the defaults."""
    return dict(part.split("=", 1) for part in key.split(",")) if key else {}


def pinned_deals() -> list[tuple[str, str, int, dict[str, str]]]:
    cases = []
    for path in sorted(HERE.glob("*/golden.json")):
        table = json.loads(path.read_text(encoding="utf-8"))
        for key, deals in table.items():
            for seed, slots in deals.items():
                cases.append((path.parent.name, key, int(seed), slots))
    return cases


def layout(game: Game) -> dict[str, str]:
    return {slot.id: " ".join(("" if card.face_up else "~") + card.code for card in slot.cards)
            for slot in game.slots}


@pytest.mark.parametrize(("game_id", "options", "seed", "slots"), pinned_deals(),
                         ids=lambda value: value if isinstance(value, (str, int)) else "")
def test_the_deal_is_the_pinned_one(game_id: str, options: str, seed: int,
                                    slots: dict[str, str]) -> None:
    assert layout(new_game(game_id, seed, options_from(options))) == slots


@pytest.mark.parametrize("game_id", built_in_games())
def test_every_built_in_game_has_pinned_deals(game_id: str) -> None:
    table = json.loads((HERE / game_id / "golden.json").read_text(encoding="utf-8"))
    defaults = {option.key: option.default for option in variant_class(game_id).options}
    pinned = [key for key in table if {**defaults, **options_from(key)} == defaults]
    assert pinned, "the default options are pinned (as \"\" or by their values)"
    assert all(len(table[key]) >= 3 for key in pinned), "three seeds at least"
