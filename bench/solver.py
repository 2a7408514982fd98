"""The solver on every game and option: how many deals it decides, and how fast, on one core.

For each game and option, deals FIRST..LAST (default 1-100) are solved from the start with the
budget per deal below (30 s for Spider Three Decks, else 10 s). Prints decided (won + lost),
won, lost, unknown, median and total seconds; with KDE's `kpat` on the PATH, its `--solve`
figures for the same deal numbers follow where KPatience has the game (its deals are its own:
the numbers match, the cards do not).

`--games kit` stands for every game described with the kit that the kit's solver model covers
(aisle/kit/solver_model.py). `--positions N` caps each deal at N positions as well: with a time
budget too large to be reached, the verdicts no longer depend on the machine or its load.
`--cpu` counts the budget and the times in CPU seconds of the solving process (as the window
does), which a busy machine stretches less than the wall clock.

`--each` also prints every deal's verdict, positions and seconds as soon as it ends, to tell which
deals a change decided or lost (and what a run cut short had found).

Run: python bench/solver.py [FIRST-LAST] [--games klondike,cruel|kit] [--option deal=three]
     [--budget SECONDS] [--positions N] [--cpu] [--jobs N] [--each]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.solve_cli import parse_seeds
from aisle.solver import Budget, Verdict, solve

#: Seconds per deal: the targets' budgets (issue 14).
BUDGETS = {"spider-three-decks": 30.0}
DEFAULT_BUDGET = 10.0
#: Our game id and options -> KPatience's game name for `kpat --solve` (games it has).
KPAT_GAMES = {("klondike", "single"): "klondike", ("klondike", "three"): "klondike"}


def solve_one(game_id: str, options: dict[str, str], seed: int, budget: float,
              positions: int | None = None, cpu: bool = False) -> tuple[Verdict, float, int]:
    result = solve(new_game(game_id, seed, options), Budget(budget, positions, cpu=cpu))
    return result.verdict, result.seconds, result.positions


def run_aisle(game_id: str, options: dict[str, str], seeds: list[int], budget: float,
              jobs: int = 1, positions: int | None = None, cpu: bool = False,
              each: bool = False) -> dict[str, float]:
    count = len(seeds)
    arguments = ([game_id] * count, [options] * count, list(seeds), [budget] * count, [positions] * count,
                 [cpu] * count)
    results: list[tuple[Verdict, float, int]] = []
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        solved = pool.map(solve_one, *arguments) if pool is not None else map(solve_one, *arguments)
        for seed, result in zip(seeds, solved, strict=True):
            results.append(result)
            if each:  # as each deal ends: a run cut short on a busy machine still tells its deals
                verdict, seconds, searched = result
                print(f"  deal {seed:>4}: {verdict.value:<7} {searched:>9} positions {seconds:>7.2f}s",
                      flush=True)
    verdicts = [verdict for verdict, _, _ in results]
    times = [seconds for _, seconds, _ in results]
    won = verdicts.count(Verdict.WON)
    lost = verdicts.count(Verdict.LOST)
    return {"decided": won + lost, "won": won, "lost": lost, "unknown": verdicts.count(Verdict.UNKNOWN),
            "median": statistics.median(times), "total": sum(times),
            "positions": statistics.median(positions for _, _, positions in results),
            "rate": sum(positions for _, _, positions in results) / max(sum(times), 1e-9)}


def run_kpat(game: str, seeds: list[int]) -> str | None:
    """KPatience's own summary of `kpat --solve` over the same deal numbers, if installed."""
    kpat = shutil.which("kpat")
    if kpat is None:
        return None
    started = time.monotonic()
    counts = {"won": 0, "lost": 0, "unknown": 0}
    for seed in seeds:
        done = subprocess.run([kpat, "--solve", str(seed), "--gametype", game], capture_output=True,
                              text=True, timeout=600)
        text = (done.stdout + done.stderr).lower()
        if re.search(r"\bnot solvable|unsolvable|lost\b", text):
            counts["lost"] += 1
        elif re.search(r"\bsolvable|won\b", text):
            counts["won"] += 1
        else:
            counts["unknown"] += 1
    return (f"kpat: decided {counts['won'] + counts['lost']}, won {counts['won']}, lost {counts['lost']}, "
            f"unknown {counts['unknown']}, total {time.monotonic() - started:.1f} s")


def kit_games() -> list[str]:
    """The games described with the kit whose rules the kit's solver model plays."""
    from aisle.kit.solver_model import unknown_rules
    from aisle.kit.variant import KitVariant

    found = []
    for game_id, info in available_variants().items():
        if issubclass(info.variant, KitVariant):
            variant = info.variant(info.variant.option_combinations()[0])
            if unknown_rules(variant) is None:
                found.append(game_id)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", default="1-100", help="deal numbers: 7, 1-100 or 1-5,9")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--budget", type=float, default=None, help="seconds per deal for every game")
    parser.add_argument("--positions", type=int, default=None,
                        help="positions per deal at most (with a large --budget: the same verdicts anywhere)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="only the option combinations with this value (may be repeated)")
    parser.add_argument("--cpu", action="store_true",
                        help="count the budget and the times in CPU seconds, as the window does")
    parser.add_argument("--jobs", type=int, default=1,
                        help="deals solved at once, one process each")
    parser.add_argument("--each", action="store_true",
                        help="also print every deal's verdict, positions and seconds")
    args = parser.parse_args()
    try:
        seeds = parse_seeds(args.deals)
    except ValueError as error:
        parser.error(str(error))
    wanted = [g for g in args.games.split(",") if g]
    if "kit" in wanted:
        wanted += kit_games()
    variants = available_variants()
    unknown_games = [game_id for game_id in wanted if game_id not in variants]
    if unknown_games:
        parser.error(f"no such game: {', '.join(unknown_games)}")
    wanted_options = [pair.partition("=") for pair in args.option]
    offered = {(option.key, choice.value) for game_id in (wanted or variants)
               for option in variants[game_id].variant.options for choice in option.choices}
    for key, equals, value in wanted_options:
        if not equals or (key, value) not in offered:
            parser.error(f"--option {key}{equals}{value}: no chosen game has this option and value")
    clock = "CPU" if args.cpu else "wall-clock"
    print(f"deals {args.deals}, one core per deal, {args.jobs} at once, {clock} seconds")
    print(f"{'game / option':<36} {'budget':>6} {'decided':>7} {'won':>4} {'lost':>4} {'unknown':>7} "
          f"{'median':>7} {'total':>8} {'positions/s':>11} {'median positions':>16}")
    for game_id, info in sorted(variants.items()):
        if wanted and game_id not in wanted:
            continue
        for options in info.variant.option_combinations():
            if any(options.get(key) != value for key, _, value in wanted_options):
                continue
            budget = args.budget or BUDGETS.get(game_id, DEFAULT_BUDGET)
            figures = run_aisle(game_id, options, seeds, budget, args.jobs, args.positions, args.cpu,
                                args.each)
            label = game_id + "".join(f" {key}={value}" for key, value in options.items())
            print(f"{label:<36} {budget:>5.0f}s {figures['decided']:>7} {figures['won']:>4} "
                  f"{figures['lost']:>4} {figures['unknown']:>7} {figures['median']:>6.2f}s "
                  f"{figures['total']:>7.1f}s {figures['rate']:>11.0f} {figures['positions']:>16.0f}",
                  flush=True)
            kpat_game = KPAT_GAMES.get((game_id, options.get("deal", "")))
            if kpat_game:
                line = run_kpat(kpat_game, seeds)
                print(f"{'':<36} {line}" if line else f"{'':<36} kpat: not installed, skipped")


if __name__ == "__main__":
    main()
