"""Canfield's own solver model (plugins/aisle_canfield/solving.py) against the engine (the
cross-check, on random games and along won games, where the reserve runs out and piles empty),
against the rules' full list of moves (its steps reach every position a legal move reaches), and
against a plain search that tries every legal action (`aisle.testing.plain_search`) on small
positions near the end of a game."""

from __future__ import annotations

import random

import pytest
from aisle_canfield import Canfield
from aisle_canfield.solving import CanfieldModel, safe_up
from test_canfield import arrange

from aisle.engine import Deal, Game
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict
from aisle.solver.model_search import BestFirst
from aisle.testing.plain_search import verdicts_against_plain_search
from aisle.testing.solver_model import check_along_a_win, cross_check, random_positions

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def model_of(game: Game) -> CanfieldModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, CanfieldModel)
    return model


@pytest.mark.parametrize("seeds", [(1, 2, 3), (4, 5, 6), (7, 8, 9)])
def test_the_model_plays_as_the_engine_does(seeds: tuple[int, ...]) -> None:
    assert cross_check(Canfield, seeds=seeds, steps=150) > 150


@pytest.mark.parametrize("seed", [3, 10, 22])
def test_positions_along_a_won_game_are_checked_too(seed: int) -> None:
    # The reserve running out, piles left empty, cards going up and coming down: positions
    # random play rarely reaches.
    check_along_a_win(new_game("canfield", seed), positions=200_000, every=5, first=2)


def test_steps_reach_every_position_a_legal_move_reaches() -> None:
    # The search tries fewer moves than the rules allow: every position a legal card move
    # reaches must be one its steps reach (piles alike), or the position itself (a whole pile
    # onto an empty one, a card down that goes straight back up), unless a safe card's going
    # up is the only step; clicks are folded into the steps that play from the waste.
    checked = 0
    for game in random_positions((new_game("canfield", seed) for seed in range(1, 9)), 60):
        model = model_of(game)
        state = model.start()
        children = model.children(state)
        if len(children) == 1 and children[0][0][2] == 9 and children[0][0][0] != 5:
            continue  # a safe card going up, by design alone
        keys = {model.key(child) for _, child in children} | {model.key(state)}
        for action, child in model.legal(state):
            if isinstance(action, Deal):
                continue
            settled = child
            while (steps := model.children(settled)) and len(steps) == 1 and steps[0][0][2] == 9:
                settled = steps[0][1]  # the safe card the step was followed by
            assert model.key(child) in keys or model.key(settled) in keys, (game.seed, action)
            checked += 1
    assert checked > 200


def test_a_card_goes_up_safely_only_once_nothing_can_need_it() -> None:
    # Heights by suit (clubs, diamonds, hearts, spades), ranks counted from the base card.
    assert not safe_up(0 * 16 + 1, bytes((0, 4, 4, 4)))  # a base card never goes up by itself
    assert safe_up(0 * 16 + 2, bytes((1, 1, 1, 0)))  # a 2 once both red suits have started
    assert not safe_up(0 * 16 + 2, bytes((1, 1, 0, 0)))
    assert safe_up(1 * 16 + 5, bytes((4, 4, 3, 4)))  # a red 5: both black 4s up, the other red 3
    assert not safe_up(1 * 16 + 5, bytes((4, 4, 2, 4)))
    assert not safe_up(1 * 16 + 5, bytes((3, 4, 3, 4)))


def small_game(seed: int) -> Game:
    """Two suits left to finish from a random base: one from its fourth to sixth card, one from
    its twelfth; those cards spread at random over the reserve (two or three), the four piles
    and the stock."""
    chooser = random.Random(seed)
    base = chooser.randrange(13)
    ranks = [RANKS[(base + step) % 13] for step in range(13)]
    low, high = chooser.sample("SHDC", 2)
    heights = dict.fromkeys("SHDC", 13) | {low: chooser.randint(4, 6), high: 11}
    piles = {f"foundation-{n}": " ".join(rank + suit for rank in ranks[:heights[suit]])
             for n, suit in enumerate("SHDC", 1)}
    rest = [rank + suit for suit in "SHDC" for rank in ranks[heights[suit]:]]
    chooser.shuffle(rest)
    reserve = chooser.randint(2, 3)
    piles["reserve"] = " ".join(["~" + code for code in rest[:reserve - 1]] + rest[reserve - 1:reserve])
    rest = rest[reserve:]
    for number in range(1, 5):
        piles[f"tableau-{number}"], rest = rest[0], rest[1:]
    return arrange(piles, " ".join(rest))


def test_the_models_verdicts_agree_with_a_plain_search() -> None:
    verdicts = verdicts_against_plain_search((small_game(seed) for seed in range(2, 40)), limit=1_500,
                                             wanted=8)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts


def test_each_estimate_wins_a_deal_the_other_hunts_for_far_longer() -> None:
    # Why the best-first hunt goes by two estimates in turn (`CanfieldModel.estimates`).
    def wins(deal: int, by_piles: bool, positions: int) -> bool:
        model = model_of(new_game("canfield", deal))
        estimate = model.estimate_with_piles if by_piles else model.estimate
        hunt = BestFirst(model, Budget(600, positions=positions), None, float("inf"), estimate=estimate)
        return hunt.run() is Verdict.WON

    assert wins(40, False, 20_000) and not wins(40, True, 40_000)
    assert wins(2, True, 80_000) and not wins(2, False, 80_000)


def clubs_waiting(eight_over_six: bool) -> Game:
    """Spades and Hearts up, Diamonds to the Queen, Clubs to the Five (base: Ace); the reserve
    holds the Six and Eight of Clubs, the piles a King, Seven, Nine and Ten of Clubs, the stock
    the Jack and Queen of Clubs and the King of Diamonds."""
    piles = {"foundation-1": " ".join(rank + "S" for rank in RANKS),
             "foundation-2": " ".join(rank + "H" for rank in RANKS),
             "foundation-3": " ".join(rank + "D" for rank in RANKS[:12]),
             "foundation-4": " ".join(rank + "C" for rank in RANKS[:5]),
             "reserve": "~6C 8C" if eight_over_six else "~8C 6C",
             "tableau-1": "KC", "tableau-2": "7C", "tableau-3": "9C", "tableau-4": "10C"}
    return arrange(piles, "JC QC KD")


def test_a_reserve_card_over_the_one_its_suit_needs_is_lost_as_the_plain_search_finds() -> None:
    # With the Eight over the Six, only the Queen of Diamonds can come down (onto the King of
    # Clubs) and the Jack of Clubs go onto it: no pile ever empties, no Club goes up. With the
    # Six on top, the Clubs go up one after the other.
    verdicts = verdicts_against_plain_search((clubs_waiting(over) for over in (True, False)), wanted=2)
    assert verdicts == [Verdict.LOST, Verdict.WON]
