"""Monte Carlo's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_monte_carlo import MonteCarlo
from aisle_monte_carlo.game import GRID, STOCK

from aisle.engine import Game, Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position

test_monte_carlo_conforms = conformance(MonteCarlo)


def first_row(game: Game) -> str:
    row = " ".join(game.slot(slot).cards[0].code for slot in GRID[:5])
    return f"{row} | {game.slot(STOCK).cards[-1].code}"


def play_by_hints(seed: int) -> Game:
    game = new_game("monte-carlo", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
        assert position(game) not in seen
        seen.add(position(game))
    return game


def test_the_entry_point_registers_monte_carlo() -> None:
    info = available_variants()["monte-carlo"]
    assert info.variant is MonteCarlo and info.plugin == "monte-carlo"


@pytest.mark.parametrize(("seed", "status", "score"), [(1, Status.LOST, 42), (3, Status.LOST, 2),
                                                       (4, Status.WON, 52), (5, Status.WON, 52)])
def test_whole_games_played_by_the_hints(seed: int, status: Status, score: int) -> None:
    game = play_by_hints(seed)
    assert (game.status, game.score) == (status, score)
    if status is Status.LOST:
        assert game.legal_actions() == [] and game.hint() is None
