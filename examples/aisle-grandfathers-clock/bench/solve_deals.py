"""Prints how the kit's solver decides Grandfather's Clock's deals (a feasibility figure, not a
test): verdict, positions and CPU seconds per deal.

    nice -n 19 python examples/aisle-grandfathers-clock/bench/solve_deals.py --seeds 1-20 --seconds 10
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisle.engine import Game
from aisle.solver import Budget, Verdict, solve

from aisle_grandfathers_clock import GrandfathersClock


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="1-20")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--positions", type=int, default=None)
    args = parser.parse_args()
    low, high = (int(part) for part in args.seeds.split("-"))
    budget = Budget(seconds=args.seconds, positions=args.positions, cpu=True)
    counts = {verdict: 0 for verdict in Verdict}
    total = 0.0
    print(f"{'deal':>4}  {'verdict':<8} {'positions':>10} {'cpu s':>7} {'moves':>6}")
    for seed in range(low, high + 1):
        result = solve(Game.new(GrandfathersClock, seed), budget)
        counts[result.verdict] += 1
        total += result.seconds
        print(f"{seed:>4}  {result.verdict.name:<8} {result.positions:>10} {result.seconds:>7.2f} "
              f"{len(result.solution):>6}", flush=True)
    print(", ".join(f"{verdict.name} {count}" for verdict, count in counts.items()),
          f"- {total:.1f} CPU s in all")


if __name__ == "__main__":
    main()
