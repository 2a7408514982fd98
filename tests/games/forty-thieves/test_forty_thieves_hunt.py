"""Forty Thieves' beam hunt (aisle.solver.beam, its estimates in
plugins/aisle_forty_thieves/beam_estimates.py): the steps it takes are the model's own and play as
the engine does, its wins replay through `Game.play`, it never calls a
deal lost, and its estimates charge what they say."""

from __future__ import annotations

import pytest
from aisle_forty_thieves.beam_estimates import Weighing, disorder, weighed
from aisle_forty_thieves.solving import FortyThievesModel
from test_forty_thieves_setup import arranged

from aisle.engine import Deal, Game
from aisle.registry.games import new_game
from aisle.solver import Verdict
from aisle.solver.position import copy_game
from aisle.testing.solver_model import beam_hunt, random_positions, start_key, wins_when_played


def model_of(game: Game) -> FortyThievesModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, FortyThievesModel)
    return model


def test_the_level_steps_are_the_hunchs_that_deal_nothing() -> None:
    checked = 0
    for game in random_positions((new_game("forty-thieves", seed) for seed in range(1, 6)), 60):
        model = model_of(game)
        state = model.start()
        in_place = {step for step, _ in model.level_steps(state)}
        assert in_place == {step for step, _ in model.hunch(state) if not step[3]}
        checked += len(in_place)
    assert checked > 100


def test_a_click_alone_plays_as_the_engine_does_its_safe_cards_following() -> None:
    checked = 0
    for game in random_positions((new_game("forty-thieves", seed) for seed in range(1, 11)), 40):
        model = model_of(game)
        state = model.start()
        if len(state[2]) == state[3]:
            assert model.next_level(state) is None and not model.has_next_level(state)
            continue  # the stock is dealt out
        assert model.has_next_level(state)
        entered = model.next_level(state)
        assert entered is not None
        step, child = entered
        replay = copy_game(game)
        actions = model.actions(state, step)
        assert actions[0] == Deal()
        for action in actions:
            replay.play(action)
        assert start_key(replay) == model.key(child)
        checked += 1
    assert checked > 5


def test_a_click_that_shows_a_safe_card_sends_it_up() -> None:
    game = arranged({"foundation-1": "AH", "foundation-2": "AH", "tableau-1": "KS", "tableau-2": "9C 5D",
                     "stock": "7C 2H"})  # the 2 comes first
    model = model_of(game)
    entered = model.next_level(model.start())
    assert entered is not None
    step, child = entered
    assert child[3] == 0 and sum(child[1]) == 3  # the 2 of hearts went on up from the waste
    replay = copy_game(game)
    for action in model.actions(model.start(), step):
        replay.play(action)
    assert start_key(replay) == model.key(child)


@pytest.mark.parametrize("seed", [6, 12, 18])
def test_the_hunts_wins_replay_through_the_engine(seed: int) -> None:
    game = new_game("forty-thieves", seed)
    verdict, hunt = beam_hunt(game, 200_000)
    assert verdict is Verdict.WON and wins_when_played(game, hunt.solution)


def test_the_hunt_never_calls_a_deal_lost() -> None:
    # Deal 1 is lost (the exhaustive search proves it): the hunt stops with its budget, or
    # when a wider pass could see no more, and says only that it does not know.
    verdict, hunt = beam_hunt(new_game("forty-thieves", 1), 20_000)
    assert verdict is Verdict.UNKNOWN
    assert not hunt.solution


def test_disorder_charges_each_card_out_of_sequence_and_each_above_a_lower_one_of_its_suit() -> None:
    hearts, spades = 2 * 16, 3 * 16
    in_sequence = bytes((hearts + 9, hearts + 8, hearts + 7))
    assert disorder(in_sequence, 2, 4) == 0
    # 5S on the 7H: out of sequence; the 9H on the 5S: out of sequence, and above the 7H
    mixed = bytes((hearts + 7, spades + 5, hearts + 9))
    assert disorder(mixed, 2, 4) == 2 + 2 + 4
    assert disorder(mixed, 1, 10) == 1 + 1 + 10


def test_an_estimate_charges_cards_not_up_the_waste_and_empty_piles() -> None:
    game = arranged({"tableau-1": "9C", "tableau-2": "5D", "waste": "KD", "stock": "QD"})
    model = model_of(game)
    state = model.start()
    plain = Weighing(card=0, waste=0, gap=0, block=0, waste_gap=0, waste_block=0, depth=0, empty=0)
    assert weighed(model, plain)(state) == 0
    assert weighed(model, Weighing(card=1, waste=0, gap=0, block=0, waste_gap=0, waste_block=0, depth=0,
                                   empty=0))(state) == 104 - sum(state[1])
    assert weighed(model, Weighing(card=0, waste=5, gap=0, block=0, waste_gap=0, waste_block=0, depth=0,
                                   empty=0))(state) == 5
    assert weighed(model, Weighing(card=0, waste=0, gap=0, block=0, waste_gap=0, waste_block=0, depth=0,
                                   empty=3))(state) == -3 * 8
