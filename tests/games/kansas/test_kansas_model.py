"""Kansas' own solver model (plugins/aisle_kansas/solving.py) against the engine (the cross-check,
on random games and along a won game, where the reserve runs out and piles empty), against the
rules' full list of moves (its steps reach every position a legal move reaches), against a plain
search that tries every legal action (`aisle.testing.plain_search`) on small positions near the
end of a game, and against the kit's model on a whole deal."""

from __future__ import annotations

import random

import pytest
from aisle_kansas import Kansas
from aisle_kansas.solving import UP, WASTE, KansasModel, safe_up
from test_kansas_rules import made_game
from test_kansas_solver import KitKansas

from aisle.engine import Deal, Game
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_game
from aisle.testing.plain_search import verdicts_against_plain_search
from aisle.testing.solver_model import (
    check_along_a_win,
    cross_check,
    random_positions,
    start_key,
)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def model_of(game: Game) -> KansasModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KansasModel)
    return model


@pytest.mark.parametrize("seeds", [(1, 2, 3), (4, 5, 6), (7, 8, 9)])
def test_the_model_plays_as_the_engine_does(seeds: tuple[int, ...]) -> None:
    assert cross_check(Kansas, seeds=seeds, steps=150) > 150


def test_positions_along_a_won_game_are_checked_too() -> None:
    # The reserve running out, piles emptied and filled from the waste, the stock dealt out:
    # positions random play rarely reaches.
    check_along_a_win(new_game("kansas", 18), positions=100_000, every=3)


def test_steps_reach_every_position_a_legal_move_reaches() -> None:
    # The search tries fewer moves than the rules allow: every position a legal card move
    # reaches must be one its steps reach (piles alike), unless a safe card's going up is the
    # only step; clicks are folded into the steps that play from the waste.
    checked = 0
    for game in random_positions((new_game("kansas", seed) for seed in range(1, 9)), 80):
        model = model_of(game)
        state = model.start()
        children = model.children(state)
        if len(children) == 1 and children[0][0][2] == UP:
            continue  # a safe card going up, by design alone
        keys = {model.key(child) for _, child in children}
        for action, child in model.legal(state):
            if not isinstance(action, Deal):
                assert model.key(child) in keys, (game.seed, action)
                checked += 1
    assert checked > 200


def test_a_split_of_the_waste_is_spent_not_told_apart() -> None:
    # No redeal: of two positions alike but for the cards dealt, fewer dealt reaches the other.
    game = new_game("kansas", 3)
    before = start_key(game)
    game.play(Deal())
    assert start_key(game) == before
    model = model_of(game)
    assert model.spent(model.start()) == 1


def test_clicks_are_folded_into_the_play_from_the_waste() -> None:
    game = new_game("kansas", 5)
    model = model_of(game)
    state = model.start()
    far = [(step, child) for step, child in model.children(state) if step[0] == WASTE and step[3] > 3]
    assert far
    step, child = far[0]
    replay = copy_game(game)
    for action in model.actions(state, step):
        replay.play(action)
    assert start_key(replay) == model.key(child)


def test_a_card_goes_up_safely_only_once_every_card_of_the_rank_below_is_up() -> None:
    # Heights by suit, ranks counted from the base card.
    assert not safe_up(0 * 16 + 1, bytes((0, 13, 13, 13)))  # a base card never
    assert safe_up(0 * 16 + 2, bytes((1, 1, 1, 1)))
    assert not safe_up(0 * 16 + 2, bytes((1, 1, 1, 0)))
    assert safe_up(1 * 16 + 5, bytes((4, 4, 5, 4)))
    assert not safe_up(1 * 16 + 5, bytes((3, 4, 4, 4)))


def small_game(seed: int) -> Game:
    """Each suit built up from a random base to a height of its own (eight to eleven cards), the
    cards above spread at random over the reserve, the piles (one each), the waste and the stock
    (two at most: the waste's order is what wins or loses)."""
    chooser = random.Random(seed)
    base = chooser.randrange(13)
    ranks = [RANKS[(base + step) % 13] for step in range(13)]
    heights = {suit: chooser.randint(8, 11) for suit in "SHDC"}
    slots = {f"foundation-{n}": " ".join(rank + suit for rank in ranks[:heights[suit]])
             for n, suit in enumerate("SHDC", 1)}
    rest = [rank + suit for suit in "SHDC" for rank in ranks[heights[suit]:]]
    chooser.shuffle(rest)
    reserve = chooser.randint(1, 3)
    slots["reserve"] = " ".join(["~" + code for code in rest[:reserve]][:-1] + rest[reserve - 1:reserve])
    rest = rest[reserve:]
    for pile in ("tableau-1", "tableau-2", "tableau-3"):
        laid = 1
        slots[pile], rest = " ".join(rest[:laid]), rest[laid:]
    waste = len(rest) - chooser.randint(0, 2)
    slots["waste"] = " ".join(rest[:waste])
    slots["stock"] = " ".join("~" + code for code in rest[waste:])
    return made_game(slots)


def test_the_models_verdicts_agree_with_a_plain_search() -> None:
    # Heights apart: the safe moves up, the waste's cards under others, the reserve's last
    # cards and piles emptied by them.
    verdicts = verdicts_against_plain_search((small_game(seed) for seed in range(60)), limit=4_000,
                                             wanted=40)
    assert verdicts.count(Verdict.WON) >= 10 and verdicts.count(Verdict.LOST) >= 3


def test_a_whole_deal_lost_as_the_kits_model_finds() -> None:
    # Deal 4: both models search it through (the kit's with its own dead-end test).
    ours = solve(new_game("kansas", 4), Budget(120, positions=200_000))
    theirs = solve(Game(KitKansas(), 4, new_game("kansas", 4).board), Budget(120, positions=200_000))
    assert ours.verdict is theirs.verdict is Verdict.LOST
