"""The solver on Spider Three Decks: the staged hunt (aisle/solver/staged.py) wins deals from the
start, the solutions replay to a win through the engine, and the model's positions along a
solution agree with the engine."""

from __future__ import annotations

import functools
from collections.abc import Hashable

from aisle_spider_three_decks.model import SpiderModel, card_code, pile_cost

from aisle.engine import Deal, Game, Status
from aisle.engine.actions import Action
from aisle.registry.games import new_game
from aisle.solver import Budget, Result, Verdict, solve
from aisle.solver.model import SolverModel
from aisle.solver.staged import StagedSearch
from aisle.testing.solver_model import check_position

#: Deals the staged hunt wins from the start well within this many positions (found by running
#: it); the budget counts positions, so the test does not depend on the machine's speed.
WON_DEALS = (28, 43)
POSITIONS = 150_000


@functools.cache
def solved(seed: int) -> Result:
    game = new_game("spider-three-decks", seed)
    result = solve(game, Budget(600, POSITIONS))
    assert game.status is Status.PLAYING and not game.history  # the game passed in is untouched
    return result


def model_of(game: Game) -> SpiderModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, SpiderModel)
    return model


def test_deals_are_won_from_the_start_and_replay_to_a_win() -> None:
    for seed in WON_DEALS:
        result = solved(seed)
        assert result.verdict is Verdict.WON, seed
        replay = new_game("spider-three-decks", seed)
        for action in result.solution:
            replay.play(action)
        assert replay.status is Status.WON
        # all nine deals of the stock are in the solution, and every run went up
        assert sum(isinstance(action, Deal) for action in result.solution) == 9
        assert all(slot.cards for slot in replay.board.slots[1:13])


def test_the_model_agrees_with_the_engine_along_a_solution() -> None:
    # A won line reaches what random play never does: runs going up, piles emptied, the stock
    # used up and the piles then alike.
    game = new_game("spider-three-decks", WON_DEALS[0])
    result = solved(WON_DEALS[0])
    assert result.verdict is Verdict.WON
    for number, action in enumerate(result.solution):
        if number % 25 == 0:
            check_position(game)
        game.play(action)
    check_position(game)
    assert game.status is Status.WON


def test_a_game_after_the_last_deal_is_solved_too() -> None:
    # From there the whole search is one stage, searched best-first to the end of the budget.
    game = new_game("spider-three-decks", WON_DEALS[0])
    solution = solved(WON_DEALS[0]).solution
    last_deal = max(number for number, action in enumerate(solution) if isinstance(action, Deal))
    for action in solution[:last_deal + 1]:
        game.play(action)
    assert not game.slot("stock").cards
    result = solve(game, Budget(600, POSITIONS))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert game.status is Status.WON


def test_stages_are_the_deals_and_the_estimate_prefers_order() -> None:
    game = new_game("spider-three-decks", 1)
    model = model_of(game)
    start = model.start()
    assert model.stage(start) == 102
    dealt = [child for step, child in model.children(start) if step == ("deal",)]
    assert [model.stage(child) for child in dealt] == [90]
    assert all(model.stage(child) == 102 for step, child in model.children(start) if step != ("deal",))
    # Same suit beats another suit one rank higher, which beats no order at all; a card face
    # down costs more than one out of order; an empty pile is worth more than a card on it.
    seven, six, other_six, other_nine = card_code(0, 7), card_code(0, 6), card_code(1, 6), card_code(1, 9)
    linked = pile_cost(bytes((seven, six)), 0)
    off_suit = pile_cost(bytes((seven, other_six)), 0)
    broken = pile_cost(bytes((seven, other_nine)), 0)
    assert linked < off_suit < broken
    assert pile_cost(bytes((seven, six)), 1) > broken
    assert pile_cost(b"", 0) < pile_cost(bytes((seven,)), 0)


# -- the staged search on a small made-up game ------------------------------------------------
Corridor = tuple[int, int]  # (stages left, where in the corridor)


class Corridors(SolverModel[Corridor, str]):
    """Two stages: walk a corridor of ten rooms ("+", "-"), then go through a door ("door") into
    the last stage, in the same room; there the only step is "finish", from room `exit` alone.
    The estimate likes low rooms, so the best ways out of the first stage are the worst."""

    prunes = True

    def __init__(self, exit_room: int) -> None:
        self.exit_room = exit_room

    def start(self) -> Corridor:
        return 1, 0

    def key(self, state: Corridor) -> Hashable:
        return state

    def estimate(self, state: Corridor) -> int:
        return state[1]

    def stage(self, state: Corridor) -> int:
        return state[0]

    def won(self, state: Corridor) -> bool:
        return state[0] < 0

    def children(self, state: Corridor) -> list[tuple[str, Corridor]]:
        left, room = state
        if left == 0:
            return [("finish", (-1, room))] if room == self.exit_room else []
        found = [("door", (0, room))]
        if room < 9:
            found.append(("+", (left, room + 1)))
        if room > 0:
            found.append(("-", (left, room - 1)))
        return found

    def actions(self, state: Corridor, step: str) -> tuple[Action, ...]:
        return (Deal(),) if step == "door" else ()

    def legal(self, state: Corridor) -> list[tuple[Action, Corridor]]:
        return []


def staged(model: Corridors, budget: Budget | None = None) -> StagedSearch:
    return StagedSearch(model, budget or Budget(60), None, 0.0)


def test_wider_passes_find_a_way_out_the_estimate_ranks_last() -> None:
    # The first pass keeps rooms 0-3 for the last stage, the next 0-7, the third all ten.
    search = staged(Corridors(exit_room=9))
    assert search.run(deadline=float("inf")) is Verdict.WON
    assert search.solution == (Deal(),)
    # nine steps "+", the door and the finish: one table of each stage, explored once each
    assert search.positions < 30


def test_a_staged_hunt_never_says_lost() -> None:
    # No room lets the game finish: once a pass has kept every way out, it gives up.
    assert staged(Corridors(exit_room=10)).run(deadline=float("inf")) is Verdict.UNKNOWN
    search = staged(Corridors(exit_room=9), Budget(60, positions=5))
    assert search.run(deadline=float("inf")) is Verdict.UNKNOWN
    assert search.positions <= 5
