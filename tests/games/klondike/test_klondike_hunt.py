"""Klondike's beam hunt (aisle.solver.beam, on Klondike's levels): its steps in place are the hunch's
that click nothing, a click plays as the engine's, it wins deal 1 (which no other hunt wins in
the time) and its wins replay through `Game.play`, it never calls a deal lost, it begins no
pass its budget has no room for, only single-card deals have it, and its estimate charges what
it says."""

from __future__ import annotations

import pytest
from aisle_klondike.solving import beam_estimate as estimate
from klondike_random_play import model_of, played_positions

from aisle.engine import Deal, Game
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_game
from aisle.testing.solver_model import beam_hunt, wins_when_played


def _positions() -> list[Game]:
    found: list[Game] = []
    for seed in range(1, 7):
        found += played_positions(seed, {}, 150, lambda _, turn: turn % 3 == 0)
    return found


def test_the_steps_in_place_are_the_hunchs_that_click_nothing_and_play_as_they_say() -> None:
    checked = 0
    for game in _positions():
        model = model_of(game)
        state = model.start()
        in_place = model.level_steps(state)
        clicking_nothing = [(step, child) for step, child in model.hunch(state)
                            if step[0] != "waste" or step[1] == 0]
        assert in_place == clicking_nothing
        for step, child in in_place:
            assert model.played(state, step) == child
            replay = copy_game(game)
            for action in model.actions(state, step):
                replay.play(action)
            assert model_of(replay).key(model_of(replay).start()) == model.key(child)
        checked += len(in_place)
    assert checked > 100


def test_a_click_plays_as_the_engine_s_a_redeal_too() -> None:
    clicks = redeals = 0
    for game in _positions():
        model = model_of(game)
        state = model.start()
        clicked = model.next_level(state)
        if clicked is None:
            assert not game.variant.legal_actions(game.board).count(Deal())
            continue
        step, child = clicked
        assert model.actions(state, step) == (Deal(),)
        assert model.played(state, step) == child
        replay = copy_game(game)
        replay.play(Deal())
        assert model_of(replay).start()[:6] == child[:6]  # the stock's place too, not only the key
        clicks += 1
        redeals += child[5] > state[5]
    assert clicks > 50
    assert redeals > 0


def test_the_hunt_wins_deal_1_and_its_win_replays_through_the_engine() -> None:
    # Deal 1: no other hunt won it in 300 s; the beam wins it keeping 1,024 positions a level.
    game = new_game("klondike", 1)
    verdict, hunt = beam_hunt(game, 400_000)
    assert verdict is Verdict.WON and wins_when_played(game, hunt.solution)


def test_the_solver_wins_deal_1() -> None:
    result = solve(new_game("klondike", 1), Budget(120.0, positions=400_000))
    assert result.verdict is Verdict.WON


def test_the_hunt_never_calls_a_deal_lost() -> None:
    # Deal 38 is lost (the exhaustive search proves it): the hunt only says it does not know.
    verdict, hunt = beam_hunt(new_game("klondike", 38), 30_000)
    assert verdict is Verdict.UNKNOWN and not hunt.solution


def test_the_hunt_begins_no_pass_its_budget_has_no_room_for() -> None:
    # Deal 5's passes never keep all they find; a pass costs about four times the one before,
    # so the hunt stops after the last one that fits, well short of the cap (at the cap it
    # would stop in the middle of a pass).
    verdict, hunt = beam_hunt(new_game("klondike", 5), 60_000)
    assert verdict is Verdict.UNKNOWN
    assert 0 < hunt.positions < 45_000


@pytest.mark.parametrize(("deal", "hunts"), [("single", True), ("three", False), ("no-redeals", False),
                                              ("unlimited", False)])
def test_only_single_card_deals_with_a_redeal_limit_have_the_hunt(deal: str, hunts: bool) -> None:
    # Unlimited redeals: the levels would never end; one pass: the staged hunt does this.
    model = model_of(new_game("klondike", 1, {"deal": deal}))
    assert (model.own_hunt_share > 0) is hunts


def test_the_estimate_charges_face_down_cards_cards_not_up_and_the_stock() -> None:
    state = model_of(new_game("klondike", 1)).start()
    downs = sum(state[1])
    assert downs == 21 and len(state[3]) == 24
    assert estimate(state) == 10 * 21 + 2 * 52 + 24
    up = (state[0], state[1], (1, 0, 0, 0), state[3][1:], 0, 0, state[6])
    assert estimate(up) == estimate(state) - 2 - 1
