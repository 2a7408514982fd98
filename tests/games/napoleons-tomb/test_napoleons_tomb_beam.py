"""Napoleon's Tomb's levels for the beam hunt (aisle.solver.beam; with one card a click and one
pass, each click begins one): the steps within a level are the model's plays with no click, a
click plays as the engine's, the hunt runs only where the levels end, and its wins replay through
`Game.play` (deal 7, which the other hunts took 27 s to win)."""

from __future__ import annotations

import pytest
from aisle_napoleons_tomb.solving import CLICK, TombModel

from aisle.engine import Deal
from aisle.registry.games import new_game
from aisle.solver import Verdict
from aisle.solver.position import copy_game
from aisle.testing.solver_model import beam_hunt, own_model, random_positions, start_key, wins_when_played

SINGLE = {"deal": "single"}


def test_a_level_s_steps_are_the_plays_with_no_click_and_a_click_plays_as_the_engine_s() -> None:
    steps = clicks = 0
    games = (new_game("napoleons-tomb", seed, SINGLE) for seed in range(1, 6))
    for game in random_positions(games, 60):
        model = own_model(game, TombModel)
        state = model.start()
        in_level = model.level_steps(state)
        no_click = [(step, child) for step, child in model.children(state) if step[0] == 0]
        assert sorted(in_level) == sorted(no_click)
        for step, child in in_level:
            assert model.played(state, step) == child
            replay = copy_game(game)
            for action in model.actions(state, step):
                replay.play(action)
            assert start_key(replay) == model.key(child)
        steps += len(in_level)
        entered = model.next_level(state)
        if entered is None:
            assert Deal() not in game.variant.legal_actions(game.board)
            continue
        step, child = entered
        assert step == CLICK and model.actions(state, step) == (Deal(),)
        replay = copy_game(game)
        replay.play(Deal())
        assert start_key(replay) == model.key(child)
        clicks += 1
    assert steps > 50 and clicks > 20


@pytest.mark.parametrize(("options", "hunts"), [(SINGLE, True), ({"deal": "three"}, False)])
def test_only_one_card_a_click_has_the_hunt(options: dict[str, str], hunts: bool) -> None:
    # Three cards a click turn the waste over again: the levels would never end.
    assert (own_model(new_game("napoleons-tomb", 1, options), TombModel).own_hunt_share > 0) is hunts


def test_the_hunt_wins_deal_7_and_its_win_replays_through_the_engine() -> None:
    game = new_game("napoleons-tomb", 7, SINGLE)
    verdict, hunt = beam_hunt(game, 400_000)
    assert verdict is Verdict.WON and wins_when_played(game, hunt.solution)
