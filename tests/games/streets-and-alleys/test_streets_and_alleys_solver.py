"""Streets and Alleys and the kit's solver model: a run travels through the empty piles as one
step of the hunts (`aisle.kit.solver_super`), played as single moves the engine allows, and the model's
verdicts agree with a plain search of the game's own actions (`aisle.testing.plain_search`)."""

from __future__ import annotations

import random

from arranged_table import arranged

from aisle.engine import Game, Move
from aisle.kit.solver_model import KitModel
from aisle.solver import Verdict
from aisle.testing.plain_search import verdicts_against_plain_search
from aisle.testing.solver_model import check_position

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: Spades and hearts up to the five; a run of four (10H down to 7S) on the six of spades, the
#: Jack of spades to take it, and two empty piles to carry it through.
RUN_OF_FOUR = {
    "foundation-1": " ".join(rank + "C" for rank in RANKS),
    "foundation-2": " ".join(rank + "D" for rank in RANKS),
    "foundation-3": " ".join(rank + "H" for rank in RANKS[:5]),
    "foundation-4": " ".join(rank + "S" for rank in RANKS[:5]),
    "tableau-1": "6S 10H 9S 8H 7S", "tableau-2": "JS", "tableau-4": "8S", "tableau-5": "9H",
    "tableau-6": "10S",
}


def model_of(game: Game) -> KitModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KitModel)
    return model


def test_a_run_travels_through_the_empty_piles_in_one_step() -> None:
    game = arranged("streets-and-alleys", RUN_OF_FOUR, "tableau-3")
    model = model_of(game)
    assert model.runs.active
    state = model.start()
    # The hunts take runs as steps (the exhaustive search reaches the same positions by single
    # moves: the open builders' model, aisle/kit/solver_open.py, leaves them to the hunts).
    runs = {model.actions(state, step) for step, _ in model.hunch(state) if step[1] > 1}
    four = [actions for actions in runs
            if Move("tableau-1", 1, "tableau-2") in actions and len(actions) >= 7]
    assert four, runs
    assert all(action.count == 1 for actions in runs for action in actions if isinstance(action, Move))
    # Every step, the runs' too, reaches the position the model says when the engine plays it.
    check_position(game)


def test_runs_wait_for_an_empty_pile() -> None:
    slots = {**RUN_OF_FOUR, "tableau-7": "QS", "tableau-8": "JH"}
    game = arranged("streets-and-alleys", slots, "tableau-3")
    model = model_of(game)
    assert all(step[1] == 1 for step, _ in model.children(model.start()))


def small_game(seed: int) -> Game:
    """Each suit up to a random rank from the Ace; the cards above it spread at random over the
    eight piles, some left empty."""
    chooser = random.Random(seed)
    slots: dict[str, str] = {}
    rest: list[str] = []
    for number, suit in enumerate("CDHS", 1):
        height = chooser.randint(11, 13)
        slots[f"foundation-{number}"] = " ".join(rank + suit for rank in RANKS[:height])
        rest += [rank + suit for rank in RANKS[height:]]
    chooser.shuffle(rest)
    piles = [f"tableau-{n}" for n in range(1, 9)]  # the first few only: the rest stay empty
    layout: dict[str, list[str]] = {pile: [] for pile in piles[:chooser.randint(2, 4)]}
    for code in rest:
        layout[chooser.choice(list(layout))].append(code)
    last = rest[-1]
    slots.update({pile: " ".join(codes) for pile, codes in layout.items() if codes and last not in codes})
    holder = next(pile for pile, codes in layout.items() if last in codes)
    codes = layout[holder]
    slots.update({holder: " ".join(codes[:-1])} if codes[:-1] else {})
    return arranged("streets-and-alleys", slots, holder)


def test_the_models_wins_agree_with_a_plain_search() -> None:
    # With empty piles at hand such small positions are all won (lost ones are the dead-end
    # tests' business, tests/test_kit_dead_end_give_back.py): the solver, runs and all, must find
    # each win the plain search finds.
    verdicts = verdicts_against_plain_search((small_game(seed) for seed in (5, 9, 11)), limit=2_000,
                                             wanted=3)
    assert len(verdicts) >= 3 and set(verdicts) == {Verdict.WON}
