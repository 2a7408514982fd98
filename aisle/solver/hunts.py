"""`solve`: the solver's one entry point."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aisle.engine.actions import Action
from aisle.engine.game import Game, IllegalAction, Status
from aisle.solver import clock
from aisle.solver.lost_patterns import exhaustive_search
from aisle.solver.model import SolverModel
from aisle.solver.model_search import BestFirst, ModelSearch
from aisle.solver.position import copy_board, copy_game
from aisle.solver.restarts import RestartingHunt
from aisle.solver.result import Budget, Result, Verdict
from aisle.solver.search import Search, SolverError
from aisle.solver.staged import StagedSearch
from aisle.source_text import source_text

#: The share of the time a model's coarse proof of a loss may take (`SolverModel.hopeless`).
HOPELESS_SHARE = 0.2
#: The share of the time a variant's quick first search may take (see `solver_quick_steps`).
QUICK_SHARE = 0.3
#: The share of the time for the first hunt for a win (the exhaustive search's first share
#: is the model's `proof_share`).
FIRST_HUNT = 0.1
#: How many times as many positions as each shaken run the first run of the hunt on a light
#: model gets (`aisle.solver.restarts.FIRST_KEEPS`): fewer than the other hunt's, as it looks
#: at positions several times faster, and its wins come more often from the shaken runs
#: (Klondike deal 84: 98,000 positions, against over 180,000 with the other hunt's share).
LIGHT_FIRST_KEEPS = 2.0
DEFAULT_BUDGET = Budget()
#: The share of a deal's memory (`Budget.memory_mb`) the tables of positions may fill together
#: (the exhaustive search's and the hunt running beside it): the rest is for what their estimate
#: leaves out (the model's tables of worked-out figures, a table's growth by doubling, memory the
#: hunts before gave back in pieces). Forty Thieves' deal 4 at 120 s then peaks at about the
#: budget; with the whole of it, at 1.4 times it.
TABLES_SHARE = 0.8


def solve(game: Game, budget: Budget = DEFAULT_BUDGET, stop: Callable[[], bool] | None = None,
          *, checked: bool = False) -> Result:
    """Whether `game` can be won from its current position, with full knowledge of the cards.

    The game passed in is never changed: the search runs on a copy. The solution replays
    through `Game.play` with automatic moves off (`game.auto_up` False): it names every move.
    `stop` is asked now and then; when it answers True the search ends with `Verdict.UNKNOWN`.
    With `checked`, every step a game's solver knowledge offers is first checked against the
    rules (for tests; a game's model is checked by `aisle.testing.solver_model` instead).
    The player's `game.auto_up` is ignored: the search never makes automatic moves.
    The budget's seconds are wall-clock seconds, or CPU seconds with `budget.cpu`; the result's
    `seconds` are on the same clock.
    """
    with clock.counting(budget.cpu):
        return _solve(game, budget, stop, checked)


def _solve(game: Game, budget: Budget, stop: Callable[[], bool] | None, checked: bool) -> Result:
    started = clock.now()
    if game.status is not Status.PLAYING:
        verdict = Verdict.WON if game.status is Status.WON else Verdict.LOST
        return Result(verdict, (), 0, clock.now() - started)
    variant = type(game.variant)(game.options)
    board = copy_board(game.board)
    deadline = started + budget.seconds
    model = variant.solver_model(board)
    if model is not None:
        return _solve_model(game, model, budget, stop, started)
    positions = 0
    if variant.solver_quick_steps(board) is not None:
        quick = Search(variant, board, budget, stop, started + budget.seconds * QUICK_SHARE,
                       checked, quick=True)
        verdict = quick.run()
        positions = quick.positions
        if verdict is Verdict.WON or (stop is not None and stop()):
            return _result(game, verdict, quick, positions, started)
        if budget.positions is not None:
            budget = Budget(budget.seconds, max(budget.positions - positions, 1), budget.memory_mb,
                            budget.cpu)
    search = Search(variant, board, budget, stop, deadline, checked)
    verdict = search.run()
    return _result(game, verdict, search, positions + search.positions, started)


def _result(game: Game, verdict: Verdict, search: Search, positions: int, started: float) -> Result:
    solution: tuple[Action, ...] = ()
    if verdict is Verdict.WON:
        solution = tuple(action for step in search.path for action in step)
        _check_solution(game, solution)
    return Result(verdict, solution, positions, clock.now() - started)


def _check_solution(game: Game, solution: tuple[Action, ...]) -> None:
    """Replay the solution through the engine: a win the rules do not confirm is a bug."""
    replay = copy_game(game)
    try:
        for action in solution:
            replay.play(action)
    except IllegalAction as refused:
        raise SolverError(
            f"{game.variant_id}: the solution breaks a rule: {source_text(refused.why_not)}") from refused
    if replay.status is not Status.WON:
        raise SolverError(f"{game.variant_id}: the solution does not win ({replay.status})")


def _solve_model(game: Game, model: SolverModel[Any, Any], budget: Budget, stop: Callable[[], bool] | None,
                 started: float) -> Result:
    """The model's coarse proof of a loss (cheap, and it settles deals whose spaces are far
    too large to search), the model's own hunt when it has one, a short hunt for a win
    (depth-first with the model's hunch: most wins come at once), a short start of the
    exhaustive depth-first search (the model's `proof_share`: it proves small spaces lost at
    once),
    a depth-first hunt on the model's `light` version when it has one (its costly dead-end
    tests left out: many more positions), the rest of the hunts (the depth-first one going on,
    then best-first when the model can estimate), then the exhaustive search again, from where
    it stopped, with the rest: the hunts find most wins far sooner, the exhaustive search
    proves the losses."""
    if model.hopeless(started + budget.seconds * HOPELESS_SHARE, stop):
        return Result(Verdict.LOST, (), 0, clock.now() - started)
    hunch = model.hunch(model.start()) is not None
    guided = model.estimate(model.start()) is not None
    hunch_share, guided_share = model.hunt_shares
    tables_mb = int(budget.memory_mb * TABLES_SHARE)
    memory = tables_mb // 2
    exhaustive = exhaustive_search(model, budget, stop, started + budget.seconds)  # budget: set each turn
    plan: list[tuple[ModelSearch, float]] = []
    own = model.own_hunt(_share(budget, model.own_hunt_share, memory), stop) if model.own_hunt_share else None
    if own is not None:
        plan.append((own, model.own_hunt_share))
    hunt: ModelSearch | None = None
    first = 0.0
    if hunch:
        hunt = (RestartingHunt(model, _share(budget, hunch_share, memory), stop, 0.0) if model.restarts
                else ModelSearch(model, _share(budget, hunch_share, memory), stop, 0.0, hunch=True))
        first = FIRST_HUNT if model.first_hunt_share is None else model.first_hunt_share
        plan.append((hunt, min(first, hunch_share)))
    light = model.light() if model.light_share > 0 else None
    if light is not None and light.hunch(light.start()) is not None:
        plan.append((RestartingHunt(light, _share(budget, model.light_share, memory), stop, 0.0,
                                    LIGHT_FIRST_KEEPS), model.light_share))
    reordered = model.reordered() if model.reordered_share > 0 else None
    if reordered is not None and reordered.hunch(reordered.start()) is not None:
        plan.append((RestartingHunt(reordered, _share(budget, model.reordered_share, memory), stop, 0.0),
                     model.reordered_share))
    if (hunch or guided) and not model.prunes and model.proof_share > 0:  # a model that prunes proves nothing
        plan.append((exhaustive, model.proof_share))
    if hunt is not None and hunch_share > first:
        plan.append((hunt, hunch_share - first))
    if guided and guided_share > 0 and model.stage(model.start()) is not None:
        staged = StagedSearch(model, _share(budget, guided_share, memory), stop, 0.0, hunch)
        plan.append((staged, guided_share))
    elif guided and guided_share > 0:
        # one best-first hunt for each of the model's estimates, in turn, each with its part
        for estimate, part in model.estimates():
            each = guided_share * part
            hunt_by = BestFirst(model, _share(budget, each, memory), stop, 0.0, hunch, estimate=estimate)
            plan.append((hunt_by, each))
    plan.append((exhaustive, 1.0))
    #: Each search's last turn in the plan: after it, its tables are let go (a hunt's table
    #: would otherwise stay beside the exhaustive search's, doubling the memory a deal takes).
    last_turn = {id(search): turn for turn, (search, _share) in enumerate(plan)}
    verdict = Verdict.UNKNOWN
    search = exhaustive
    hunted = 0
    end = started
    for turn, (search, share) in enumerate(plan):
        if isinstance(search, RestartingHunt) and any(
                isinstance(other, RestartingHunt) and other.exhausted for other, _ in plan):
            if last_turn[id(search)] == turn:
                search.release()
            continue  # both hunts take the same steps: one has seen them all, and no win
        end = min(end + budget.seconds * share, started + budget.seconds)
        if search is exhaustive:
            last = share == 1.0
            cap = None
            if budget.positions is not None:
                # the exhaustive search counts its own positions; the hunts' come off its budget
                cap = max(budget.positions - hunted if last else int(budget.positions * share), 1)
            # Before its last turn it leaves the hunts still to come their half of the tables' share.
            search.budget = Budget(budget.seconds, cap, tables_mb if last else tables_mb - memory, budget.cpu)
        else:
            _fit_beside(search, tables_mb - exhaustive.memory_mb())
        before = search.positions
        verdict = search.run(end)
        if search is not exhaustive:
            hunted += search.positions - before
            if last_turn[id(search)] == turn:
                search.release()
        if verdict is not Verdict.UNKNOWN or (stop is not None and stop()):
            break
    solution = search.solution if verdict is Verdict.WON else ()
    if solution:
        _check_solution(game, solution)
    return Result(verdict, solution, hunted + exhaustive.positions, clock.now() - started)


def _fit_beside(search: ModelSearch, room_mb: float) -> None:
    """Keep a hunt within the memory the exhaustive search's table leaves of the tables' share:
    that table stays between its turns, so the two together keep to it."""
    held = search.budget
    if room_mb < held.memory_mb:
        search.budget = Budget(held.seconds, held.positions, max(int(room_mb), 1), held.cpu)


def _share(budget: Budget, share: float, memory_mb: int) -> Budget:
    positions = None if budget.positions is None else max(int(budget.positions * share), 1)
    return Budget(budget.seconds * share, positions, memory_mb, budget.cpu)
