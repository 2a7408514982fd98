"""Sir Tommy's levels for the beam hunt (aisle.solver.beam; each card dealt begins one): the
steps within a level are the hunch's but the deal, a deal plays as the engine's, and the hunt's
wins replay through `Game.play` (deal 5, which the other hunts took 32 s to win)."""

from __future__ import annotations

from aisle_sir_tommy.solving import DEAL, TommyModel

from aisle.engine import Deal
from aisle.registry.games import new_game
from aisle.solver import Verdict
from aisle.solver.position import copy_game
from aisle.testing.solver_model import beam_hunt, own_model, random_positions, start_key, wins_when_played


def test_a_level_s_steps_are_the_hunch_s_but_the_deal_and_a_deal_plays_as_the_engine_s() -> None:
    steps = deals = 0
    for game in random_positions((new_game("sir-tommy", seed) for seed in range(1, 6)), 60):
        model = own_model(game, TommyModel)
        state = model.start()
        in_level = model.level_steps(state)
        assert in_level == [(step, child) for step, child in model.hunch(state) if step != DEAL]
        for step, child in in_level:
            assert model.played(state, step) == child
        steps += len(in_level)
        entered = model.next_level(state)
        assert model.has_next_level(state) == bool(state[3])
        if entered is None:
            continue
        step, child = entered
        assert model.actions(state, step) == (Deal(),) and model.played(state, step) == child
        replay = copy_game(game)
        replay.play(Deal())
        assert start_key(replay) == model.key(child)
        deals += 1
    assert steps > 50 and deals > 20


def test_the_hunt_wins_deal_5_and_its_win_replays_through_the_engine() -> None:
    game = new_game("sir-tommy", 5)
    verdict, hunt = beam_hunt(game, 200_000)
    assert verdict is Verdict.WON and wins_when_played(game, hunt.solution)
