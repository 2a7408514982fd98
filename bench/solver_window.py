"""The window's solver as the player meets it: the wall-clock time from the question to the
verdict through the worker process, and Winnable Deals Only's time to a proven deal.

Verdicts: deals FIRST..LAST of each game, asked one after another of one worker process with the
window's own budget (`aisle.ui.solver.watch.WATCH_BUDGET`, CPU seconds); the first question also
starts the worker, as the window's first does. Prints how many were decided, how many within
`--within` seconds (2 by default), the median and the slowest.

Winnable Deals Only: from `--tries` random deal numbers (seeded, so every run takes the same),
the loop of `aisle.ui.solver.deals.DealSearch` (each deal with `TRY_BUDGET`, as long as its
`keep_looking` allows) on a worker already running; prints the median and slowest time to a
proven deal, how often none was found, and how many deals a look tried.

The times are on the wall clock, so read them next to the load average printed with them.

Run: python bench/solver_window.py [FIRST-LAST] [--games freecell,yukon] [--tries 20] [--within 2]
     [--try-seconds 1] [--undecided 8]   (the window's values by default; others to compare)
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from aisle.engine import Game
from aisle.registry.games import new_game
from aisle.solver import Budget, Result, Verdict
from aisle.solver.background import BackgroundSolver, wait_for_any
from aisle.ui.solver.deals import TRY_BUDGET, UNDECIDED_TRIES, keep_looking
from aisle.ui.solver.watch import WATCH_BUDGET


def answer(solver: BackgroundSolver, game: Game, budget: Budget) -> tuple[Result, float]:
    """The worker's answer about the game, and the wall-clock seconds it took to come."""
    started = time.monotonic()
    solver.submit(game, budget)
    while True:
        wait_for_any([solver], 1.0)
        found = solver.poll()
        if found is not None:
            return found.result, time.monotonic() - started


def verdicts(game_id: str, seeds: range, within: float) -> str:
    seconds: list[float] = []
    decided = 0
    with BackgroundSolver() as solver:
        for seed in seeds:
            result, took = answer(solver, new_game(game_id, seed), WATCH_BUDGET)
            seconds.append(took)
            decided += result.verdict is not Verdict.UNKNOWN
    quick = sum(1 for took in seconds if took <= within)
    return (f"{game_id:<12} verdicts: {len(seconds)} deals, {decided} decided, {quick} within {within:g} s, "
            f"median {statistics.median(seconds):.2f} s, slowest {max(seconds):.2f} s "
            f"(the first includes the worker's start)")


def winnable_deals(game_id: str, tries: int, budget: Budget = TRY_BUDGET,
                   undecided: int = UNDECIDED_TRIES) -> str:
    chosen = random.Random(2026)
    seconds: list[float] = []
    deals: list[int] = []
    failed = 0
    with BackgroundSolver() as solver:
        answer(solver, new_game(game_id, 1), Budget(0.01))  # the worker is running, as in the window
        for _ in range(tries):
            seed = chosen.randrange(1, 1 << 31)
            started = time.monotonic()
            decided = tried = 0
            while True:
                result, _took = answer(solver, new_game(game_id, seed + tried), budget)
                tried += 1
                decided += result.verdict is not Verdict.UNKNOWN
                elapsed = time.monotonic() - started
                if result.verdict is Verdict.WON or not keep_looking(tried, decided, elapsed, undecided):
                    break
            failed += result.verdict is not Verdict.WON
            seconds.append(time.monotonic() - started)
            deals.append(tried)
    return (f"{game_id:<12} winnable deals only: {tries} looks, {tries - failed} found, "
            f"median {statistics.median(seconds):.2f} s, slowest {max(seconds):.2f} s, "
            f"deals tried: median {statistics.median(deals):g}, most {max(deals)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", default="1-100")
    parser.add_argument("--games", default="freecell,yukon", help="comma-separated game ids")
    parser.add_argument("--tries", type=int, default=20, help="looks for a winnable deal per game")
    parser.add_argument("--within", type=float, default=2.0, help="seconds a verdict should come in")
    parser.add_argument("--try-seconds", type=float, default=TRY_BUDGET.seconds,
                        help="CPU seconds each deal of Winnable Deals Only gets (the window's by default)")
    parser.add_argument("--undecided", type=int, default=UNDECIDED_TRIES,
                        help="undecided deals (none decided) after which a look gives up")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    print(f"load average {os.getloadavg()[0]:.2f}; budgets: verdict {WATCH_BUDGET.seconds:g} CPU s, "
          f"winnable deal {args.try_seconds:g} CPU s per try", flush=True)
    budget = Budget(seconds=args.try_seconds, cpu=True)
    for game_id in [game for game in args.games.split(",") if game]:
        print(verdicts(game_id, seeds, args.within), flush=True)
        print(winnable_deals(game_id, args.tries, budget, args.undecided), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
