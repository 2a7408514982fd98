"""Accordion's deals (pinned), its registration, whole games played by the hints, the solver's
model against the engine, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_accordion import Accordion
from aisle_accordion.game import LINE

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.testing.solver_model import cross_check

test_accordion_conforms = conformance(Accordion)

#: Computed once from our shuffle and written down: the first and last twelve cards of the line.
GOLDEN = {
    1: "7S 10H KD 3H 10C 8D 5S JH 6S 4H 6C AH … 2D 5H 8H AC QD 10D 7D 2H 7H 4C QS AS",
    2: "5C 8S JC 6C 8H QS 2S 3H JD 2H KH KD … 3S 4D 10S 9D 4C 8D 10C 3C AC 7D QC KC",
    2026: "5D 7S 3D 4C 2H KD AH JC 4D 8C 9S JH … KS QC 5H 8D 2D JD AD 6H 9D 10H 4H 10S",
}


def play_by_hints(seed: int) -> Game:
    game = new_game("accordion", seed)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
        assert position(game) not in seen
        seen.add(position(game))
    return game


def test_the_entry_point_registers_accordion() -> None:
    info = available_variants()["accordion"]
    assert info.variant is Accordion and info.plugin == "accordion"


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    game = new_game("accordion", seed)
    cards = [game.slot(slot).cards[0].code for slot in LINE]
    assert " ".join([*cards[:12], "…", *cards[-12:]]) == GOLDEN[seed]
    assert all(game.slot(slot).cards[0].face_up for slot in LINE) and game.score == 0


@pytest.mark.parametrize(("seed", "score"), [(1, 46), (2, 39), (6, 48)])
def test_whole_games_played_by_the_hints_end_lost(seed: int, score: int) -> None:
    game = play_by_hints(seed)
    assert (game.status, game.score, len(game.history)) == (Status.LOST, score, score)
    assert game.legal_actions() == [] and game.hint() is None


def test_the_solver_model_agrees_with_the_engine() -> None:
    assert cross_check(Accordion, None, seeds=(1, 2), steps=50) > 60
