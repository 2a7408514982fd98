"""Forty Thieves' own solver model (plugins/aisle_forty_thieves/solving.py) against the engine (the
cross-check, on random games and along won games, where piles empty and runs move), against the
rules' full list of moves (its steps reach every position a legal move reaches), and, with its
dead-end test (plugins/aisle_forty_thieves/dead_ends.py), against a plain search that tries every
legal action (`aisle.testing.plain_search`) on small positions near the end of a game."""

from __future__ import annotations

import random

import pytest
from aisle_forty_thieves import FortyThieves
from aisle_forty_thieves.dead_ends import lost
from aisle_forty_thieves.solving import UP, WASTE, FortyThievesModel, safe_up
from test_forty_thieves_setup import arranged

from aisle.engine import Deal, Game, Move
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict
from aisle.solver.model_search import ModelSearch
from aisle.solver.position import copy_game
from aisle.testing.solver_model import (
    check_along_a_win,
    cross_check,
    random_positions,
    start_key,
)


def model_of(game: Game) -> FortyThievesModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, FortyThievesModel)
    return model


@pytest.mark.parametrize("seeds", [(1, 2, 3), (4, 5, 6), (7, 8, 9)])
def test_the_model_plays_as_the_engine_does(seeds: tuple[int, ...]) -> None:
    assert cross_check(FortyThieves, seeds=seeds, steps=150) > 150


@pytest.mark.parametrize("seed", [6, 13])
def test_positions_along_a_won_game_are_checked_too(seed: int) -> None:
    # Piles emptied and filled, runs moved, the stock dealt out, every card going up: positions
    # random play rarely reaches.
    check_along_a_win(new_game("forty-thieves", seed), positions=100_000, every=4)


def test_steps_reach_every_position_a_legal_move_reaches() -> None:
    # The search tries fewer moves than the rules allow: every position a legal card move
    # reaches must be one its steps reach (piles and twins alike), once the safe cards that
    # follow it have gone up, or the position itself (a pile's only card into an empty pile);
    # clicks are folded into the steps that play from the waste, and a run going up is its
    # cards going up one step each.
    checked = 0
    for game in random_positions((new_game("forty-thieves", seed) for seed in range(1, 11)), 120):
        model = model_of(game)
        state = model.start()
        children = model.children(state)
        if len(children) == 1 and children[0][0][0] < 0:
            continue  # the safe cards waiting in the position go up first, by design alone
        if lost(*state[:4]):
            continue  # a dead end (the test is checked below): no steps at all
        keys = {model.key(child) for _, child in children} | {model.key(state)}
        for action, child in model.legal(state):
            if isinstance(action, Deal) or (action.count > 1 and action.target.startswith("foundation")):
                continue
            assert model.key(model._settle(child)) in keys, (game.seed, action)
            checked += 1
    assert checked > 400


def test_runs_move_as_one_step_as_far_as_the_empty_piles_let_them() -> None:
    # Two, or three, Spades on pile 1 may go onto the other Queen or King of Spades.
    fillers = ["5D", "9C", "9C", "8D", "8D", "3H", "3H"]
    game = arranged({"tableau-1": "KS QS JS 10S", "tableau-2": "9D QS", "tableau-3": "4C KS",
                     **{f"tableau-{n}": code for n, code in zip(range(4, 11), fillers, strict=True)}})
    model = model_of(game)
    state = model.start()

    def runs(empties: int) -> set[tuple[int, int]]:
        piles = (*state[0][:10 - empties], *[b""] * empties)
        return {(step[1], step[2]) for step, _ in model.children((piles, *state[1:])) if step[0] == 0}

    assert runs(0) == set()  # one card at a time, and the Ten of Spades fits nowhere
    assert runs(1) == {(2, 1), (1, 9)}  # two onto the Queen, one into the empty pile
    assert runs(2) == {(2, 1), (3, 2), (1, 8), (2, 8)}  # three onto the King, two into an empty pile


def test_a_split_of_the_waste_is_spent_not_told_apart() -> None:
    # No redeal: of two positions alike but for the cards dealt, fewer dealt reaches the other.
    game = new_game("forty-thieves", 3)
    before = start_key(game)
    game.play(Deal())
    assert start_key(game) == before
    model = model_of(game)
    assert model.spent(model.start()) == 1


def test_twins_are_alike_and_so_are_the_piles_order() -> None:
    one = arranged({"tableau-1": "5H", "tableau-2": "9C 9C", "waste": "KD"})
    other = arranged({"tableau-3": "9C 9C", "tableau-7": "5H", "waste": "KD"})
    assert start_key(one) == start_key(other)
    moved = arranged({"tableau-1": "5H", "tableau-2": "9C", "tableau-3": "9C", "waste": "KD"})
    assert start_key(moved) != start_key(one)


def test_clicks_are_folded_into_the_play_from_the_waste() -> None:
    checked = 0
    for seed in range(1, 11):
        game = new_game("forty-thieves", seed)
        model = model_of(game)
        state = model.start()
        for step, child in model.children(state):
            if step[0] == WASTE and step[3] > 3:
                replay = copy_game(game)
                for action in model.actions(state, step):
                    replay.play(action)
                assert start_key(replay) == model.key(child)
                checked += 1
    assert checked > 10


def test_a_card_goes_up_safely_once_both_cards_below_it_are_up() -> None:
    # Heights by suit, the higher foundation first (clubs, diamonds, hearts, spades).
    heights = bytes((5, 4, 0, 0, 3, 2, 13, 13))
    assert safe_up(0 * 16 + 5, heights)  # both 4s of clubs up
    assert not safe_up(0 * 16 + 6, heights)  # one 5 of clubs up only
    assert safe_up(1 * 16 + 1, heights)  # an Ace always
    assert not safe_up(2 * 16 + 4, heights)  # one 3 of hearts up only
    assert safe_up(2 * 16 + 3, heights)


def test_safe_cards_go_up_as_part_of_the_step_before_them() -> None:
    game = arranged({"foundation-1": "AH", "foundation-2": "AH", "tableau-1": "KS 2H", "tableau-2": "9C 5D",
                     "tableau-3": "QD"})
    model = model_of(game)
    steps = model.children(model.start())
    assert [step for step, _ in steps] == [(-1, 0, UP, 0)]  # the 2 of hearts, at once
    actions = model.actions(model.start(), steps[0][0])
    assert actions == (Move("tableau-1", 1, "foundation-1"),)


def test_every_position_the_dead_end_test_calls_lost_is_lost_by_a_search_without_it() -> None:
    # Random games soon reach positions the test calls lost; the model's exhaustive search with
    # the test left out (its moves are the engine's, as the cross-check above shows) must see
    # every position reachable from each and find no win.
    proved = 0
    for game in random_positions((new_game("forty-thieves", seed) for seed in range(1, 9)), 150):
        model = model_of(game)
        state = model.start()
        if not lost(*state[:4]):
            continue
        model.check_dead = False
        search = ModelSearch(model, Budget(600, 30_000), None, float("inf"))
        assert search.run() is Verdict.LOST, game.seed
        proved += 1
    assert proved >= 50


def test_the_table_of_what_cards_do_up_there_agrees_with_the_rules() -> None:
    # `_fits` is looked up in place of working out, card by card, whether it fits a foundation
    # (one rank above either of its suit's) and whether it goes up safely (`safe_up`).
    from aisle_forty_thieves.solving import _FITS, _NO_FIT, _SAFE, _fits

    chooser = random.Random(7)
    for _ in range(200):
        heights = bytes(height for _ in range(4)
                        for height in sorted((chooser.randint(0, 13), chooser.randint(0, 13)), reverse=True))
        table = _fits(heights)
        for suit in range(4):
            for rank in range(1, 14):
                card = suit * 16 + rank
                fits = rank - 1 in heights[2 * suit:2 * suit + 2]
                expected = _SAFE if safe_up(card, heights) else _FITS if fits else _NO_FIT
                assert table[card] == expected, (heights, card)


def test_the_estimates_the_hunch_remembers_are_the_ones_worked_out() -> None:
    checked = 0
    for game in random_positions((new_game("forty-thieves", seed) for seed in range(1, 4)), 60):
        model = model_of(game)
        for _, child in model.hunch(model.start()):
            fresh = (tuple(bytes(pile) for pile in child[0]), *child[1:])  # equal, not the same
            assert model.estimate(child) == model._estimate(child) == model.estimate(fresh)
            checked += 1
    assert checked > 100
