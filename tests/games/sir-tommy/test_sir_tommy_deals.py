"""Sir Tommy's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_sir_tommy import SirTommy

from aisle.engine import Game, Status
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position

test_sir_tommy_conforms = conformance(SirTommy)


def first_cards(game: Game) -> str:
    return " ".join(card.code for card in reversed(game.slot("stock").cards[-12:]))


def play_by_hints(seed: int) -> Game:
    game = new_game("sir-tommy", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
        assert position(game) not in seen
        seen.add(position(game))
    return game


def test_the_entry_point_registers_sir_tommy() -> None:
    info = available_variants()["sir-tommy"]
    assert info.variant is SirTommy and info.plugin == "sir-tommy"


@pytest.mark.parametrize(("seed", "status", "score"), [(1, Status.LOST, 32), (6, Status.LOST, 49),
                                                       (13, Status.WON, 52)])
def test_whole_games_played_by_the_hints(seed: int, status: Status, score: int) -> None:
    game = play_by_hints(seed)
    assert (game.status, game.score) == (status, score)
