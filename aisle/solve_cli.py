"""`aisle solve`: run the solver over a range of deals and report each verdict and a summary.

    aisle solve --game klondike --option deal=three --seeds 1-100 --budget 10 --jobs 2

One line per deal (won / lost / unknown, seconds, positions, solution length), then a summary;
`--json` prints the same as one JSON document, `--show` lists each solution's moves.
Bad arguments print a clear message and exit with status 2, like the rest of the command line.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from aisle.cli_parser import TranslatedParser
from aisle.engine.actions import Action, Deal, DoubleClick, Move
from aisle.engine.game import MAX_SEED, Game
from aisle.i18n import _
from aisle.solver import Budget, Verdict, solve

#: More deals than anyone would ask for in one run; guards against typos such as 1-1000000000.
MAX_DEALS = 100_000


class _Parser(TranslatedParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, _("aisle solve: error: {message}").format(message=message) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="aisle solve", description=_(
        "Solve deals with full knowledge of the cards: won (with a solution), lost (every "
        "position tried), or unknown (the budget ran out)."))
    parser.add_argument("--game", metavar="ID", required=True, help=_("the game (see aisle --list-games)"))
    parser.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                        help=_("a game option, such as deal=three (may be repeated)"))
    parser.add_argument("--seeds", metavar="RANGE", default="1-10",
                        help=_("the deal numbers: 7, 1-100 or 1-5,9 (default 1-10)"))
    parser.add_argument("--budget", metavar="SECONDS", type=float, default=10.0,
                        help=_("seconds per deal (default 10)"))
    parser.add_argument("--jobs", metavar="N", type=int, default=1,
                        help=_("deals solved at once, each in its own process (default 1)"))
    parser.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    parser.add_argument("--show", action="store_true", help=_("list the moves of each solution"))
    return parser


def parse_seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        if not match:
            raise ValueError(_("The deals must look like 7, 1-100 or 1-5,9, not “{text}”.").format(text=text))
        first = int(match[1])
        last = int(match[2]) if match[2] else first
        if last < first or last > MAX_SEED or len(seeds) + last - first + 1 > MAX_DEALS:
            raise ValueError(_("The deals must run upwards, from 0 to {max}, at most {count} of them, "
                               "not “{text}”.").format(max=MAX_SEED, count=MAX_DEALS, text=text))
        seeds.extend(range(first, last + 1))
    return seeds


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise ValueError(_("An option must look like KEY=VALUE, not “{text}”.").format(text=pair))
        options[key.strip()] = value.strip()
    return options


def solve_deal(game_id: str, seed: int, options: dict[str, str], seconds: float,
               show: bool) -> dict[str, Any]:
    """Solve one deal from its start; a plain dict, so that it crosses process boundaries."""
    game = Game.new(game_id, seed, options)
    result = solve(game, Budget(seconds))
    record: dict[str, Any] = {
        "seed": seed, "verdict": result.verdict.value, "seconds": round(result.seconds, 3),
        "positions": result.positions, "moves": len(result.solution),
    }
    if show and result.verdict is Verdict.WON:
        record["solution"] = list(describe(game, result.solution))
    return record


def describe(game: Game, solution: Sequence[Action]) -> Iterator[str]:
    """Each action of a solution in words, replayed on a copy of the game to name the cards."""
    from aisle.variant import card_name

    replay = Game.from_json(game.to_json())
    replay.auto_up = False  # solutions name every move themselves
    for action in solution:
        if isinstance(action, Move):
            source = replay.slot(action.source)
            cards = " ".join(card_name(card).translate() for card in source.cards[-action.count:])
            # The slots' names stand alone, as labels: no sentence has to decline them.
            # TRANSLATORS: {cards} are cards such as "Q♥ J♠"; {source} and {target} are slot
            # names such as "tableau pile 3" and "foundation 1", each standing alone.
            yield _("move {cards}: {source} → {target}").format(
                cards=cards, source=replay.variant.slot_name(source).translate(),
                target=replay.variant.slot_name(replay.slot(action.target)).translate())
        elif isinstance(action, Deal):
            yield _("click the stock")
        elif isinstance(action, DoubleClick):
            slot = replay.variant.slot_name(replay.slot(action.slot)).translate()
            # TRANSLATORS: {slot} is a slot name such as "tableau pile 3", standing alone.
            yield _("double-click: {slot}").format(slot=slot)
        else:
            yield _("send all playable cards to the foundations")
        replay.play(action)


def main(argv: Sequence[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        seeds = parse_seeds(args.seeds)
        options = parse_options(args.option)
    except ValueError as problem:
        parser.error(str(problem))
    if not 0 < args.budget <= 86_400:
        parser.error(_("The budget must be more than 0 and at most 86400 seconds."))
    if not 1 <= args.jobs <= 256:
        parser.error(_("--jobs must be a whole number from 1 to 256."))
    from aisle.engine.game import resolve_variant
    from aisle.hooks import available_variants
    from aisle.variant import OptionError

    try:
        variant = resolve_variant(args.game)
        variant.resolve_options(options)
    except KeyError:
        parser.error(_("unknown game “{game}”; known games: {games}").format(
            game=args.game, games=", ".join(sorted(available_variants())) or "-"))
    except OptionError as problem:
        parser.error(str(problem))
    records = _run(args.game, seeds, options, args.budget, args.jobs, args.show, quiet=args.json)
    summary = summarize(records)
    if args.json:
        json.dump({"game": args.game, "options": options, "budget": args.budget,
                   "deals": records, "summary": summary}, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(_("summary: {deals} deals: {won} won, {lost} lost, {unknown} unknown; "
                "median {median:.2f} s, total {total:.1f} s").format(**summary))
    return 0


def _run(game_id: str, seeds: list[int], options: dict[str, str], seconds: float, jobs: int,
         show: bool, quiet: bool) -> list[dict[str, Any]]:
    """Solve the deals (in `jobs` processes), printing each line as it comes unless `quiet`."""
    if jobs == 1:
        return _collect((solve_deal(game_id, seed, options, seconds, show) for seed in seeds), quiet)
    count = len(seeds)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return _collect(pool.map(solve_deal, [game_id] * count, seeds, [options] * count,
                                 [seconds] * count, [show] * count), quiet)


def _collect(results: Iterator[dict[str, Any]], quiet: bool) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for record in results:
        records.append(record)
        if not quiet:
            print(line(record), flush=True)
            for number, text in enumerate(record.get("solution", ()), 1):
                print(f"  {number:4}. {text}")
    return records


def line(record: dict[str, Any]) -> str:
    words = {"won": _("won"), "lost": _("lost"), "unknown": _("unknown")}
    return _("deal {seed}: {verdict}, {seconds:.2f} s, {positions} positions, {moves} moves").format(
        seed=record["seed"], verdict=words[record["verdict"]], seconds=record["seconds"],
        positions=record["positions"], moves=record["moves"])


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    times = [record["seconds"] for record in records]
    count = {verdict.value: sum(1 for r in records if r["verdict"] == verdict.value) for verdict in Verdict}
    return {"deals": len(records), "won": count["won"], "lost": count["lost"], "unknown": count["unknown"],
            "median": statistics.median(times) if times else 0.0, "total": sum(times)}
