"""Clock's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_clock import Clock

from aisle.engine import Game, Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position

test_clock_conforms = conformance(Clock)


def play_by_hints(seed: int) -> Game:
    game = new_game("clock", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
        assert position(game) not in seen
        seen.add(position(game))
    return game


def test_the_entry_point_registers_clock() -> None:
    info = available_variants()["clock"]
    assert info.variant is Clock and info.plugin == "clock"


@pytest.mark.parametrize(("seed", "status", "score"), [(1, Status.LOST, 47), (3, Status.LOST, 20),
                                                       (4, Status.WON, 48), (5, Status.WON, 48)])
def test_whole_games_played_by_the_hints(seed: int, status: Status, score: int) -> None:
    game = play_by_hints(seed)
    assert (game.status, game.score, len(game.history)) == (status, score, score)
