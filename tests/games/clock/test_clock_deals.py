"""Clock's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_clock import Clock

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.testing import conformance
from aisle.testing.conformance import position

test_clock_conforms = conformance(Clock)

#: Computed once from our shuffle and written down ("~" marks a face-down card): the Ace pile,
#: the Queen pile and the middle pile.
GOLDEN = {
    1: ["~6D ~5H ~6S ~KC", "~9D ~6C ~10D ~QS", "~9S ~3C ~7D 4C"],
    2: ["~AC ~3S ~6H ~10D", "~8S ~AD ~8H ~7C", "~AS ~6S ~QD 9C"],
    2026: ["~3D ~4H ~KS ~4D", "~5S ~5H ~KC ~JS", "~3C ~5D ~6S 9H"],
}


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


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("clock", seed)
    piles = [" ".join(("" if card.face_up else "~") + card.code
                      for card in game.slot(f"tableau-{rank}").cards) for rank in (1, 12, 13)]
    assert piles == GOLDEN[seed]
    assert [len(game.slot(f"tableau-{rank}").cards) for rank in range(1, 14)] == [4] * 13


@pytest.mark.parametrize(("seed", "status", "score"), [(1, Status.LOST, 47), (3, Status.LOST, 20),
                                                       (4, Status.WON, 48), (5, Status.WON, 48)])
def test_whole_games_played_by_the_hints(seed: int, status: Status, score: int) -> None:
    game = play_by_hints(seed)
    assert (game.status, game.score, len(game.history)) == (status, score, score)
