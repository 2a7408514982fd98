"""Start-up of two versions side by side: an older commit (or tag) against the working tree.

    python bench/compare_startup.py 61edcd4 [--rounds 5] [--games klondike freecell spider-three-decks]

Each version is installed the way a player gets it (``pip install <tree>``, not editable) into a
virtual environment of its own (made once and kept under bench/.venvs/, keyed by the commit, so a
second comparison starts at once; the working tree is installed afresh every time). Then, in
one batch, the rounds run interleaved: a bare PySide6 window (menu bar, status bar, 52
rectangles: the floor no Qt program can go below), then each game with the old and the new
version (each first in every other round), each a fresh process. Each process reports the
time from its spawn to its table's first paint, and its resident memory 2 s after that.
Medians are printed with the ratio new/old and the ratio to the bare window. The machine's load
average is printed before and after: figures taken on a busy machine are worth little. To know
the noise, compare the working tree with itself once (``HEAD``, when nothing is uncommitted):
the ratios it prints are what "no change" looks like that day.

With ``--instructions`` (needs valgrind), each start also runs once under callgrind, which counts
the machine instructions executed from the spawn to the first painted table: a figure that the
machine's load does not change at all, so even a 1 % difference is real. It tells work apart from
waiting (input and output, page faults, threads): on 2026-12-05 Aisle's start executed about as
many instructions as the bare window (which builds PySide6's whole `Qt` namespace), though it
took 1.1x its time.

Warm starts: every version runs once, unmeasured, to compile its bytecode and fill its card
picture cache, as after an install and a first start. Each version has its own data, settings
and cache folders, so they never share a picture or a lock.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENVS = HERE / ".venvs"

sys.path.insert(0, str(HERE))
from ui import _BARE, start_arguments  # noqa: E402 - the same bare window bench/ui.py measures

from aisle.testing.start_probe import start_script  # noqa: E402

#: After the first paint: the time and the CPU seconds, then the longest the event loop stays away
#: from a 1 ms timer in the next 2 s (how long a first click could wait), then the memory.
_AISLE = start_script("""
def at_first_paint(QApplication, QTimer):
    print("PAINT", time.time(), time.process_time(), flush=True)
    ticks = [time.perf_counter()]
    global ticker
    ticker = QTimer()
    ticker.timeout.connect(lambda: ticks.append(time.perf_counter()))
    ticker.start(1)
    def memory():
        ticker.stop()
        stall = max(b - a for a, b in zip(ticks, ticks[1:] + [time.perf_counter()]))
        print("STALL", stall, flush=True)
        with open("/proc/self/status") as status:
            rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
        print("RSS", rss / 1024, flush=True)
        QApplication.quit()
    QTimer.singleShot(2000, memory)
""")


#: Ends the process at its first paint (for counting instructions to there and no further).
_AISLE_TO_PAINT = start_script("""
def at_first_paint(QApplication, QTimer):
    import os
    os._exit(0)
""")


def _run(command: list[str], **kwargs: object) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs).stdout  # type: ignore[call-overload, no-any-return]


def install(revision: str | None) -> Path:
    """The python of a virtual environment with `revision` installed (None: the working tree)."""
    if revision is None:
        name, source = "working-tree", ROOT
        target = VENVS / name
        if target.exists():
            _run(["rm", "-rf", str(target)])
    else:
        commit = _run(["git", "rev-parse", revision], cwd=ROOT).strip()
        name = commit[:12]
        target = VENVS / name
        if (target / "ready").exists():
            return target / "bin" / "python"
        source = Path(tempfile.mkdtemp(prefix=f"aisle-{name}-"))
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    print(f"installing {revision or 'the working tree'} into {target} …", flush=True)
    _run([sys.executable, "-m", "venv", str(target)])
    python = target / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(source)])
    (target / "ready").write_text(name, encoding="utf-8")
    return python


def _environment(folder: Path, label: str) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    for variable, sub in (("AISLE_DATA_DIR", "data"), ("AISLE_CACHE_DIR", "cache"),
                          ("XDG_CONFIG_HOME", "config"), ("HOME", "home")):
        path = folder / label / sub
        path.mkdir(parents=True, exist_ok=True)
        env[variable] = str(path)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPATH", None)
    return env


class Run(NamedTuple):
    """One start: seconds from spawn to the first painted table, the process's CPU seconds by
    then (a busy machine stretches the first, hardly the second), resident MiB 2 s later, and
    the longest the window was deaf in those 2 s (how long a first click could wait)."""

    paint: float
    cpu: float
    rss: float
    stall: float


def measure(python: Path, env: dict[str, str], code: str, *args: str) -> Run:
    start = time.time()
    out = _run([str(python), "-c", code, *args], env=env, cwd=env["AISLE_DATA_DIR"])
    paint, cpu = next((float(line.split()[1]), float(line.split()[2]))
                      for line in out.splitlines() if line.startswith("PAINT"))
    def found(word: str) -> float:
        return next((float(line.split()[1]) for line in out.splitlines()
                     if line.startswith(word)), float("nan"))

    return Run(paint - start, cpu, found("RSS"), found("STALL"))


_BARE_END = """print('PAINT', time.time(), time.process_time(), flush=True)
            from PySide6.QtCore import QTimer
            def memory():
                with open('/proc/self/status') as status:
                    rss = next(int(l.split()[1]) for l in status if l.startswith('VmRSS:'))
                print('RSS', rss / 1024, flush=True)
                app.quit()
            QTimer.singleShot(2000, memory)"""


def instructions(python: Path, env: dict[str, str], code: str, *args: str) -> int | None:
    """Machine instructions from the spawn to the exit (None: valgrind failed)."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(["valgrind", "--tool=callgrind",
                               f"--callgrind-out-file={folder}/out", str(python), "-c", code,
                               *args], env=dict(env, PYTHONHASHSEED="0"), cwd=env["AISLE_DATA_DIR"],
                              capture_output=True, text=True)
    found = [line.rsplit(":", 1)[1] for line in done.stderr.splitlines() if "Collected :" in line]
    return int(found[-1].strip()) if found else None


def _count_instructions(pythons: dict[str, Path], envs: dict[str, dict[str, str]],
                        bare_env: dict[str, str], games: list[str]) -> None:
    """One count per start (the counts do not vary from run to run), printed as a table."""
    bare_code = _bare_code().replace("QTimer.singleShot(2000, memory)",
                                     "import os; os._exit(0)")
    bare = instructions(pythons["new"], bare_env, bare_code)
    if bare is None:
        print("valgrind could not count the bare window's start")
        return
    print("\ninstructions to the first paint (callgrind; the load does not change them):")
    print(f"  {'bare PySide6':<28} {bare / 1e6:9.1f} M  1.000x")
    for game in games:
        counted = {version: instructions(pythons[version], envs[version], _AISLE_TO_PAINT,
                                         *start_arguments(game)) for version in ("old", "new")}
        for version, count in counted.items():
            shown = "failed" if count is None else f"{count / 1e6:9.1f} M  {count / bare:.3f}x"
            print(f"  {game + ' ' + version:<28} {shown}")
        if counted["old"] and counted["new"]:
            print(f"  {game}: new/old {counted['new'] / counted['old']:.3f}")


def _bare_code() -> str:
    """The floor: the bare window reports its first paint, and its memory 2 s later, as Aisle."""
    ending = "print(time.time(), flush=True)\n            app.quit()"
    assert ending in _BARE, "bench/ui.py's bare window changed: update _bare_code"
    return _BARE.replace(ending, _BARE_END)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revision", help="the older commit or tag")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", nargs="+", default=["klondike", "freecell", "spider-three-decks"])
    parser.add_argument("--instructions", action="store_true",
                        help="also count each start's instructions under valgrind (callgrind)")
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (e.g. apt-get install valgrind)")
    VENVS.mkdir(exist_ok=True)
    old, new = install(args.revision), install(None)
    if hasattr(os, "sync"):
        # A fresh install leaves hundreds of MiB (Qt's libraries) to be written out: measured
        # meanwhile, the version installed last would start slower for it.
        os.sync()
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        envs = {"old": _environment(folder, "old"), "new": _environment(folder, "new")}
        pythons = {"old": old, "new": new}
        bare_env = _environment(folder, "bare")
        measure(new, bare_env, _bare_code())
        for version in ("old", "new"):  # bytecode and picture caches, as after a first start
            for game in args.games:
                measure(pythons[version], envs[version], _AISLE, *start_arguments(game))
        times: dict[str, list[Run]] = {}
        for count in range(args.rounds):
            times.setdefault("bare PySide6", []).append(measure(new, bare_env, _bare_code()))
            # Each version goes first in every other round: neither gains by its place.
            order = ("old", "new") if count % 2 == 0 else ("new", "old")
            for game in args.games:
                for version in order:
                    times.setdefault(f"{game} {version}", []).append(
                        measure(pythons[version], envs[version], _AISLE, *start_arguments(game)))
        if args.instructions:  # the caches are warm: as the timed starts found them
            _count_instructions(pythons, envs, bare_env, args.games)
    print(f"load average after: {os.getloadavg()}")
    medians = {name: Run(*(statistics.median(getattr(run, field) for run in runs)
                           for field in Run._fields)) for name, runs in times.items()}
    bare = medians["bare PySide6"]
    print(f"\nmedians of {args.rounds} interleaved rounds ({args.revision} = old, working tree = new):")
    # Each start over the bare window's start of the same round: a machine that slows down or
    # speeds up during the batch moves both alike, so the median of these ratios wanders less
    # than the ratio of the medians.
    paired = {name: statistics.median(run.paint / floor.paint
                                      for run, floor in zip(runs, times["bare PySide6"], strict=True))
              for name, runs in times.items()}
    print(f"  {'':<28} {'first paint':>11} {'x bare':>7} {'paired':>7} {'CPU by then':>12} "
          f"{'x bare':>7} {'RSS MiB':>8} {'longest stall':>14}")
    for name, run in medians.items():
        stall = "" if run.stall != run.stall else f"{run.stall * 1000:11.0f} ms"  # NaN: bare
        print(f"  {name:<28} {run.paint * 1000:8.0f} ms {run.paint / bare.paint:6.2f}x "
              f"{paired[name]:6.2f}x {run.cpu * 1000:9.0f} ms {run.cpu / bare.cpu:6.2f}x "
              f"{run.rss:8.1f} {stall:>14}")
    for game in args.games:
        before, after = medians[f"{game} old"], medians[f"{game} new"]
        print(f"  {game}: new/old first paint {after.paint / before.paint:.2f}, CPU "
              f"{after.cpu / before.cpu:.2f}, RSS {after.rss - before.rss:+.1f} MiB "
              f"(bare + {after.rss - bare.rss:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
