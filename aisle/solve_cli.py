"""`aisle solve`: run the solver over a range of deals and report each verdict and a summary.

    aisle solve --game klondike --option deal=three --seeds 1-100 --budget 10 --jobs 2
    aisle solve --game freecell --seeds 1-1000 --positions 200000

`--budget` is wall-clock seconds, so a busy computer decides fewer deals; `--positions N` caps
each deal at N positions instead (with no `--budget` it is the only limit): the same verdicts on
any computer, however busy.

One line per deal (won / lost / unknown, seconds, positions, solution length), then a summary;
`--json` prints the same as one JSON document, `--show` lists each solution's moves.
Bad arguments print a clear message and exit with status 2, like the rest of the command line.

Each deal is solved in a worker process (aisle.solver.background), one per job, kept for the
next deal: a game's solver code that never returns is ended once past its budget, one that eats
memory is stopped, and the deal says unknown with the reason instead of hanging the command.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from aisle import i18n
from aisle.cli_numbers import positive_number, quoted, whole_number
from aisle.cli_parser import TranslatedParser
from aisle.engine.actions import Action, Deal, DoubleClick, Move
from aisle.engine.game import MAX_SEED, Game
from aisle.i18n import TN, _, format_fixed
from aisle.solver import Budget, Verdict
from aisle.solver.background import DEFAULT_SOLVE, Answer, BackgroundSolver, wait_for_any

#: More deals than anyone would ask for in one run; guards against typos such as 1-1000000000.
MAX_DEALS = 100_000
#: The longest budget a deal may have: one day.
MAX_BUDGET = 86_400
#: The most positions a deal may be given (far beyond any memory).
MAX_POSITIONS = 10**12
#: The budget's seconds when there is none.
DEFAULT_SECONDS = "10"
#: The solver the workers run ("module:function"); tests put theirs here.
SOLVE_PATH = DEFAULT_SOLVE
#: Longest wait (seconds) between looks at the workers when none has anything to say.
_TICK = 1.0


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
    parser.add_argument("--budget", metavar="SECONDS", help=_(
        "seconds per deal on the clock, more than 0 and at most {most} (default 10, or no limit "
        "with --positions)").format(most=MAX_BUDGET))
    parser.add_argument("--positions", metavar="N", help=_(
        "positions per deal at most: the same verdicts however busy the computer is "
        "(default: no limit)"))
    # More jobs than cores would only share the cores (each job's process holds its own
    # memory), so more are refused rather than quietly cut down.
    parser.add_argument("--jobs", metavar="N", default="1", help=_(
        "deals solved at once, each in its own process: from 1 to the number of processor "
        "cores ({cores} here; default 1)").format(cores=cores()))
    # Read before parsing (aisle.cli_parser.choose_language); here so that it is allowed.
    parser.add_argument("--lang", metavar="LANG", help=_("the language: {codes}").format(
        codes=", ".join(i18n.LANGUAGES)))
    parser.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    parser.add_argument("--show", action="store_true", help=_("list the moves of each solution"))
    return parser


def cores() -> int:
    return os.cpu_count() or 1


def parse_seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        # [0-9], not \d: \d takes any script's digits.
        match = re.fullmatch(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?", part)
        if not match:
            raise ValueError(_("The deals must look like 7, 1-100 or 1-5,9, not “{text}”.").format(
                text=quoted(text)))
        first, last = (_seed(number) for number in (match[1], match[2] or match[1]))
        if last < first or len(seeds) + last - first + 1 > MAX_DEALS:
            raise ValueError(_("The deals must run upwards, from 0 to {max}, at most {count} of them, "
                               "not “{text}”.").format(max=MAX_SEED, count=MAX_DEALS, text=quoted(text)))
        seeds.extend(range(first, last + 1))
    return list(dict.fromkeys(seeds))  # a deal named twice is solved once


def _seed(text: str) -> int:
    seed = whole_number(text, MAX_SEED)
    if seed is None:
        raise ValueError(_("The deal number must be a whole number from 0 to {max}, not “{text}”.")
                         .format(max=MAX_SEED, text=quoted(text)))
    return seed


def parse_budget(text: str) -> float:
    seconds = positive_number(text, MAX_BUDGET)
    if seconds is None:
        raise ValueError(_("The budget must be a number of seconds, more than 0 and at most {most}, "
                           "not “{text}”.").format(most=MAX_BUDGET, text=quoted(text)))
    return seconds


def parse_positions(text: str | None) -> int | None:
    if text is None:
        return None
    positions = whole_number(text, MAX_POSITIONS)
    if not positions:
        raise ValueError(_("--positions must be a whole number from 1 to {most}, not “{text}”.").format(
            most=MAX_POSITIONS, text=quoted(text)))
    return positions


def parse_jobs(text: str) -> int:
    jobs = whole_number(text, cores())
    if not jobs:
        # TRANSLATORS: {cores} is the number of processor cores of the computer.
        raise ValueError(_("--jobs must be a whole number from 1 to {cores}, the number of this "
                           "computer's processor cores, not “{text}”.").format(
                               cores=cores(), text=quoted(text)))
    return jobs


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise ValueError(_("An option must look like KEY=VALUE, not “{text}”.").format(text=pair))
        options[key.strip()] = value.strip()
    return options


def deal_record(game: Game, answer: Answer, show: bool) -> dict[str, Any]:
    """What is printed about one deal (a plain dict, as JSON shows it)."""
    result = answer.result
    record: dict[str, Any] = {
        "seed": game.seed, "verdict": result.verdict.value, "seconds": round(result.seconds, 3),
        "positions": result.positions, "moves": len(result.solution),
    }
    if answer.problem is not None:
        record["problem"] = answer.problem
    if show and result.verdict is Verdict.WON:
        record["solution"] = list(describe(game, result.solution))
    return record


def describe(game: Game, solution: Sequence[Action]) -> Iterator[str]:
    """Each action of a solution in words, replayed on a copy of the game to name the cards."""
    from aisle.registry.games import restore_game
    from aisle.variant import card_name

    replay = restore_game(game.to_json(), {game.variant_id: type(game.variant)})
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
    if args.lang is not None and args.lang not in i18n.LANGUAGES:
        parser.error(_("unknown language “{lang}”; choose one of: {codes}").format(
            lang=quoted(args.lang), codes=", ".join(i18n.LANGUAGES)))
    try:
        seeds = parse_seeds(args.seeds)
        options = parse_options(args.option)
        positions = parse_positions(args.positions)
        # With a cap on positions and no time given, the positions alone end a deal's search.
        seconds = (parse_budget(args.budget) if args.budget is not None
                   else MAX_BUDGET if positions is not None else parse_budget(DEFAULT_SECONDS))
        jobs = parse_jobs(args.jobs)
    except ValueError as problem:
        parser.error(str(problem))
    from aisle.registry.games import variant_class
    from aisle.registry.loading import unknown_game
    from aisle.variant import OptionError

    try:
        variant = variant_class(args.game)
    except KeyError:
        parser.error(unknown_game(args.game).translate())
    try:
        variant.resolve_options(options)
    except OptionError as problem:
        parser.error(problem.why.translate())
    try:
        records = _run(args.game, seeds, options, Budget(seconds, positions), jobs, args.show,
                       quiet=args.json)
    except KeyboardInterrupt:  # the workers are ended on the way out
        return 130
    summary = summarize(records)
    if args.json:
        json.dump({"game": args.game, "options": options, "budget": seconds, "positions": positions,
                   "deals": records, "summary": summary}, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        shown = {**summary, "median": format_fixed(summary["median"], 2),
                 "total": format_fixed(summary["total"], 1)}
        print(TN("summary: {deals} deal: {won} won, {lost} lost, {unknown} unknown; "
                 "median {median} s, total {total} s",
                 "summary: {deals} deals: {won} won, {lost} lost, {unknown} unknown; "
                 "median {median} s, total {total} s", summary["deals"], **shown))
    return 0


def _run(game_id: str, seeds: list[int], options: dict[str, str], budget: Budget, jobs: int,
         show: bool, quiet: bool) -> list[dict[str, Any]]:
    """Solve the deals (in `jobs` processes), printing each line as it comes unless `quiet`."""
    solvers = [BackgroundSolver(SOLVE_PATH) for _job in range(min(jobs, len(seeds)))]
    try:
        return _collect(_solved(solvers, game_id, seeds, options, budget, show), quiet)
    finally:
        for solver in solvers:
            solver.close()


def _solved(solvers: Sequence[BackgroundSolver], game_id: str, seeds: Sequence[int],
            options: dict[str, str], budget: Budget, show: bool) -> Iterator[dict[str, Any]]:
    """Each deal's record, in the order of `seeds`, each deal solved by the first free solver."""
    from aisle.registry.games import new_game

    waiting = deque(enumerate(seeds))
    #: What each busy solver is on: the deal's place in `seeds`, and its game.
    on: dict[int, tuple[int, Game]] = {}
    done: dict[int, dict[str, Any]] = {}
    following = 0
    while following < len(seeds):
        for number, solver in enumerate(solvers):
            if number not in on and waiting:
                place, seed = waiting.popleft()
                game = new_game(game_id, seed, options)
                solver.submit(game, budget)
                on[number] = place, game
        wait_for_any([solvers[number] for number in on], _TICK)
        for number in list(on):
            answer = solvers[number].poll()
            if answer is not None:
                place, game = on.pop(number)
                done[place] = deal_record(game, answer, show)
        while following in done:
            yield done.pop(following)
            following += 1


def _collect(results: Iterator[dict[str, Any]], quiet: bool) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for record in results:
        records.append(record)
        if not quiet:
            print(line(record), flush=True)
            if "problem" in record:
                print(f"  {record['problem']}")
            for number, text in enumerate(record.get("solution", ()), 1):
                print(f"  {number:4}. {text}")
    return records


def line(record: dict[str, Any]) -> str:
    words = {"won": _("won"), "lost": _("lost"), "unknown": _("unknown")}
    return _("deal {seed}: {verdict}, {seconds} s, {positions} positions, {moves} moves").format(
        seed=record["seed"], verdict=words[record["verdict"]],
        seconds=format_fixed(record["seconds"], 2),
        positions=record["positions"], moves=record["moves"])


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    times = [record["seconds"] for record in records]
    count = {verdict.value: sum(1 for r in records if r["verdict"] == verdict.value) for verdict in Verdict}
    return {"deals": len(records), "won": count["won"], "lost": count["lost"], "unknown": count["unknown"],
            "median": statistics.median(times) if times else 0.0, "total": sum(times)}
