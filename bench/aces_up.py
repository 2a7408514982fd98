"""The solver on the plugin guide's worked example, Aces Up (examples/aisle-aces-up), imported
from its source folder (bench/solver.py sees only installed games): decided (won + lost), won,
lost, unknown and the median seconds of deals FIRST..LAST, one deal at a time, with the budget
per deal below, in CPU seconds of this process (`--positions N` caps each deal as well).

Run: python bench/aces_up.py [FIRST-LAST] [--budget SECONDS] [--positions N] [--each]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from aisle.engine import Game
from aisle.solver import Budget, Verdict, solve

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aisle-aces-up"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", default="1-20")
    parser.add_argument("--budget", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--positions", type=int, default=None, help="positions per deal at most")
    parser.add_argument("--each", action="store_true", help="print every deal's verdict too")
    args = parser.parse_args()
    sys.path.insert(0, str(EXAMPLE))
    from aisle_aces_up import AcesUp

    first, _, last = args.deals.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    verdicts: list[Verdict] = []
    times: list[float] = []
    for seed in seeds:
        result = solve(Game.new(AcesUp, seed), Budget(args.budget, args.positions, cpu=True))
        verdicts.append(result.verdict)
        times.append(result.seconds)
        if args.each:
            print(f"deal {seed}: {result.verdict.name.lower()}, {result.positions} positions, "
                  f"{result.seconds:.2f} s", flush=True)
    won, lost = verdicts.count(Verdict.WON), verdicts.count(Verdict.LOST)
    print(f"aces-up deals {seeds.start}-{seeds.stop - 1}, {args.budget:.0f} s CPU each: "
          f"decided {won + lost}, won {won}, lost {lost}, unknown {verdicts.count(Verdict.UNKNOWN)}, "
          f"median {statistics.median(times):.2f} s, total {sum(times):.1f} s")


if __name__ == "__main__":
    main()
