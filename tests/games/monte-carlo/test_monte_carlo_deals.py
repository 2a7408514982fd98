"""Monte Carlo's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_monte_carlo import MonteCarlo
from aisle_monte_carlo.game import GRID, STOCK

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.testing import conformance
from aisle.testing.conformance import position

test_monte_carlo_conforms = conformance(MonteCarlo)

#: Computed once from our shuffle and written down: the grid's first row and the stock's next card.
GOLDEN = {
    1: "2H QD 2D QS 8C | 9S",
    2: "5C JS 4C 4H 7D | 8H",
    2026: "QD 9S 9H 6H 3H | JH",
}


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


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("monte-carlo", seed)
    assert first_row(game) == GOLDEN[seed]
    assert all(game.slot(slot).cards[0].face_up for slot in GRID) and len(game.slot(STOCK).cards) == 27
    assert str(game.status_text) == "Stock left: 27"


@pytest.mark.parametrize(("seed", "status", "score"), [(1, Status.LOST, 42), (3, Status.LOST, 2),
                                                       (4, Status.WON, 52), (5, Status.WON, 52)])
def test_whole_games_played_by_the_hints(seed: int, status: Status, score: int) -> None:
    game = play_by_hints(seed)
    assert (game.status, game.score) == (status, score)
    if status is Status.LOST:
        assert game.legal_actions() == [] and game.hint() is None
