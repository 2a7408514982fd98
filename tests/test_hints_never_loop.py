"""Following the hints never comes back to a position: for many deals of every game and option,
with and without automatic moves, hints are followed until they suggest nothing, and no
position (cards, faces and the game's own values) is ever reached twice."""

from __future__ import annotations

import json
from collections.abc import Hashable

import pytest
from toy_game import ToyGame

from aisle.engine import Game, Status
from aisle.registry.loading import available_variants
from aisle.variant import Variant

#: The built-in games of this project get the long run; games added later a shorter one.
BUILT_IN = {"klondike", "cruel", "doublets", "spider-three-decks"}
HINTS_PER_DEAL = 300


def position(game: Game) -> Hashable:
    cards = tuple(tuple((card.id, card.face_up) for card in slot.cards) for slot in game.slots)
    return cards, json.dumps(game.state, sort_keys=True)


def follow_hints(game: Game) -> tuple[int, str | None]:
    """Follow the hints from the deal; the number followed, and a description of the first
    position reached again (None: none was)."""
    seen = {position(game): 0}
    for step in range(1, HINTS_PER_DEAL + 1):
        hint = game.hint()
        if hint is None or hint.action is None or game.status is not Status.PLAYING:
            return step - 1, None
        game.play(hint.action)
        reached = position(game)
        if reached in seen:
            return step, (f"hint {step} ({hint.text.translate()}) went back to the position "
                          f"after hint {seen[reached]}")
        seen[reached] = step
    return HINTS_PER_DEAL, None


def _cases() -> list[tuple[type[Variant], dict[str, str], bool, int]]:
    cases = []
    for info in available_variants().values():
        for options in info.variant.option_combinations():
            long_run = info.id in BUILT_IN
            cases.append((info.variant, options, False, 200 if long_run else 20))
            cases.append((info.variant, options, True, 30 if long_run else 10))
    cases.append((ToyGame, {}, False, 60))
    return cases


@pytest.mark.parametrize(("variant", "options", "auto_up", "deals"), _cases(),
                         ids=lambda value: getattr(value, "id", None) or json.dumps(value))
def test_following_hints_never_repeats_a_position(
    variant: type[Variant], options: dict[str, str], auto_up: bool, deals: int
) -> None:
    followed = 0
    for seed in range(1, deals + 1):
        game = Game.new(variant, seed, options)
        game.auto_up = auto_up
        count, repeated = follow_hints(game)
        assert repeated is None, f"deal {seed}: {repeated}"
        followed += count
    assert followed > deals  # the hints were followed, not refused from the start
