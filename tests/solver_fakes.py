"""Stand-in solvers for tests: each answers in a fixed, known way, so tests of the background
process and of the window are deterministic. The worker process imports them by name
("solver_fakes:name"), as it imports the real solver."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from toy_game import ToyGame

from aisle.engine import Board, Game, Status
from aisle.engine.actions import Action
from aisle.registry.games import new_game
from aisle.solver.model import SolverModel
from aisle.solver.result import Budget, Result, Verdict

Stop = Callable[[], bool] | None

#: A search that never ends by itself gives up after this long (a test must never hang).
_FOREVER = 60.0


def history_length(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """LOST, reporting the position's number of turns and its deal number (proves what arrived)."""
    return Result(Verdict.LOST, (), len(game.history), float(game.seed))


def chatty(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """A plugin's solver that prints as it goes (to the standard output, and a half line)."""
    print("searching...", end="", flush=True)
    print('["answer", 1, {}]')
    return history_length(game, budget, stop)


def until_stopped(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Searches until asked to stop (or its budget ends): UNKNOWN."""
    ends = time.monotonic() + min(budget.seconds, _FOREVER)
    while time.monotonic() < ends and not (stop is not None and stop()):
        time.sleep(0.005)
    return Result(Verdict.UNKNOWN)


def deaf_on_deal_one(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Deal 1: searches for its whole budget and never listens to `stop`. Others: at once."""
    if game.seed == 1:
        time.sleep(min(budget.seconds, _FOREVER))
        return Result(Verdict.UNKNOWN)
    return history_length(game, budget, stop)


def deaf_briefly(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Answers after a short while, whatever `stop` says (so an old answer does come back)."""
    time.sleep(0.2)
    return history_length(game, budget, stop)


def broken(game: Game, budget: Budget, stop: Stop = None) -> Result:
    raise RuntimeError("the solver broke")


def dies(game: Game, budget: Budget, stop: Stop = None) -> Result:
    os._exit(3)


def short_search(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """A small but real search: every line of play up to a few turns deep (enough for the
    tests' tiny games); WON with the first winning line found, else UNKNOWN."""
    line: list[Action] = []

    def search(depth: int) -> bool:
        if game.status is Status.WON:
            return True
        if depth == 0 or game.status is not Status.PLAYING:
            return False
        for action in game.legal_actions():
            game.play(action)
            line.append(action)
            won = search(depth - 1)
            game.undo()
            if won:
                return True
            line.pop()
        return False

    for depth in range(1, 5):
        if search(depth):
            return Result(Verdict.WON, tuple(line), 0, 0.0)
    return Result(Verdict.UNKNOWN)


# -- for the window's tests ------------------------------------------------------------------
def until_stopped_only(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Searches until asked to stop, whatever its budget says: UNKNOWN."""
    return until_stopped(game, Budget(seconds=_FOREVER), stop)


def lost_at_the_start_slowly(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """The dealt position: LOST, after a while and deaf to `stop` (so the answer does come
    back, late). Any later position: WON at once."""
    if not game.history:
        time.sleep(0.3)
        return Result(Verdict.LOST)
    return Result(Verdict.WON)


def winnable_for_two_turns(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """WON for the dealt position and the next one, LOST from the second turn on."""
    return Result(Verdict.WON if len(game.history) < 2 else Verdict.LOST)


def won_when_seed_divisible_by_three(game: Game, budget: Budget, stop: Stop = None) -> Result:
    return Result(Verdict.WON if game.seed % 3 == 0 else Verdict.LOST)


def never_won(game: Game, budget: Budget, stop: Stop = None) -> Result:
    return Result(Verdict.LOST)


def won_not_by_the_hint(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """WON, the "solution" starting with a legal action the game's own hint does not suggest."""
    hint = game.hint()
    others = [action for action in game.legal_actions() if hint is None or action != hint.action]
    return Result(Verdict.WON, (others[-1],))


def never_decides(game: Game, budget: Budget, stop: Stop = None) -> Result:
    return Result(Verdict.UNKNOWN)


# -- hostile solver code: never returns, or eats memory ----------------------------------------
#: The most `hog` takes (a failing test must not eat the machine) and its steps.
HOG_LIMIT_MB = 3072
_HOG_STEP_MB = 50


def runaway(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Spins without ever looking at `stop` or its budget (for a minute, so a broken test ends)."""
    ends = time.monotonic() + _FOREVER
    while time.monotonic() < ends:
        pass
    return Result(Verdict.WON)  # never seen: the worker is ended long before


def hog(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Takes memory in steps of 50 MB, each written to (so it is resident too), up to
    `HOG_LIMIT_MB`: WON if it ever gets there (the cap failed)."""
    held: list[bytearray] = []
    while len(held) * _HOG_STEP_MB < HOG_LIMIT_MB:
        held.append(bytearray(_HOG_STEP_MB << 20))
        time.sleep(0.01)  # gives the watchdog (where there is one) its turns
    return Result(Verdict.WON)


def out_of_memory(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Runs out of memory at once, wherever it runs (no cap needed)."""
    raise MemoryError


def hog_on_deal_one(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Deal 1: `hog`; others: `history_length`."""
    return hog(game, budget, stop) if game.seed == 1 else history_length(game, budget, stop)


def runaway_on_deal_one(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Deal 1: `runaway`; others: `history_length`."""
    return runaway(game, budget, stop) if game.seed == 1 else history_length(game, budget, stop)


class RunawayToy(ToyGame):
    """A plugin's game whose solver hook never returns: the real solver asks it first."""

    id = "runaway-toy"

    def solver_model(self, board: Board) -> SolverModel[Any, Any] | None:
        runaway(new_game("klondike", 1), Budget())
        return None


class HogToy(ToyGame):
    """A plugin's game whose solver hook takes memory without end."""

    id = "hog-toy"

    def solver_model(self, board: Board) -> SolverModel[Any, Any] | None:
        hog(new_game("klondike", 1), Budget())
        return None


def serve_with_the_watchdog(*args: Any) -> None:
    """The worker as on a system that cannot cap the address space (macOS): only its
    watchdog keeps the memory in check."""
    from aisle.solver import memory_cap, worker

    memory_cap._ADDRESS_SPACE_ENFORCED = False
    worker.serve(*args)


# -- for the tests of budgets in CPU seconds -------------------------------------------------
#: A budget at least this long is the window's quiet second search (solver_watch.LONGER_BUDGET).
_LONGER = 30.0


def unknown_until_longer(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """A slow solver: after a short while, UNKNOWN within a short budget, LOST within a long
    one; its positions say whether the budget counted CPU seconds (1) or not (0)."""
    time.sleep(0.1)
    verdict = Verdict.LOST if budget.seconds >= _LONGER else Verdict.UNKNOWN
    return Result(verdict, (), int(budget.cpu))


def won_only_with_time(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """UNKNOWN within a short budget (every deal a search for a winnable deal tries), WON
    within the window's quiet longer one."""
    return Result(Verdict.WON if budget.seconds >= _LONGER else Verdict.UNKNOWN)


def sleeps_past_its_seconds(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Waits (using no CPU) well past its budget's seconds and their grace, then LOST."""
    time.sleep(budget.seconds + 1.5)
    return Result(Verdict.LOST)


def computes_for_ever(game: Game, budget: Budget, stop: Stop = None) -> Result:
    """Keeps a core busy and never looks at `stop` (until the test's own end)."""
    ends = time.monotonic() + _FOREVER
    count = 0
    while time.monotonic() < ends:
        count += 1
    return Result(Verdict.UNKNOWN, (), count)
