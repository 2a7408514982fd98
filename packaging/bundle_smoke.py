"""Smoke-test a built Linux bundle the way a player starts it: under Xvfb, with a clean
environment (env -i: no virtual environment, no Python on PATH, a fresh home folder).

    python packaging/bundle_smoke.py build/bundle/dist/aisle [--out build/bundle-smoke] [--rounds 5]

Checks: --list-games lists the four games of the issue (and every built-in one, no plugin error);
--screenshot draws a dealt table; a real window started with --lang de shows a dealt table with
German menus and opens the help of its game (the bundle's smoke hook, see smoke_driver.py); the
screen is grabbed with ImageMagick's `import -window root`. Then the start-up to the first
painted table is timed (offscreen, the method of bench/ui.py) and printed with the bundle's size.
Needs: xvfb, imagemagick (apt-get install xvfb imagemagick).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = ("klondike", "cruel", "spider-three-decks", "doublets")


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """What `env -i` leaves, plus a home and a display: no venv, no PYTHON* variables."""
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    env.update(extra)
    return env


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SystemExit(f"bundle smoke: FAILED: {message}")
    print(f"  ok: {message}", flush=True)


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    for number in range(91, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            server = subprocess.Popen(
                ["Xvfb", f":{number}", "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    return server, f":{number}"
                time.sleep(0.05)
            server.kill()
    raise SystemExit("bundle smoke: cannot start Xvfb")


def colours(png: Path) -> int:
    """How many different colours a picture has (a blank screen has one)."""
    done = subprocess.run(["identify", "-format", "%k", str(png)], capture_output=True, text=True,
                          check=True)
    return int(done.stdout.strip() or 0)


def first_paint(command: list[str], env: dict[str, str]) -> float:
    start = time.time()
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=True)
    return float(done.stdout.strip().splitlines()[-1]) - start


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path, help="the bundle folder (holding the aisle executable)")
    parser.add_argument("--out", type=Path, default=Path("build/bundle-smoke"), help="pictures and report")
    parser.add_argument("--rounds", type=int, default=5, help="start-up timing rounds (0: none)")
    parser.add_argument("--compare", type=Path,
                        help="a pip-installed aisle's Python, timed beside the bundle")
    args = parser.parse_args(argv)
    executable = (args.bundle / "aisle").resolve()
    out = args.out.resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    server, display = start_xvfb()
    try:
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder) / "home"
            home.mkdir()
            env = clean_env(home, DISPLAY=display)
            print(f"bundle smoke: {executable} on display {display}")

            listing = subprocess.run([str(executable), "--list-games"], capture_output=True, text=True,
                                     env=env, timeout=120)
            check(listing.returncode == 0, f"--list-games exits with 0 ({listing.stderr.strip()[-300:]})")
            listed = {line.split()[0] for line in listing.stdout.splitlines()[1:] if line.startswith("  ")}
            check(set(GAMES) <= listed, f"--list-games lists {', '.join(GAMES)} ({len(listed)} games)")
            check("Plugin errors" not in listing.stdout, "no plugin error")

            shot = out / "screenshot.png"
            done = subprocess.run([str(executable), "--game", "spider-three-decks", "--seed", "3",
                                   "--screenshot", str(shot)], capture_output=True, text=True, env=env,
                                  timeout=120)
            check(done.returncode == 0 and shot.is_file() and colours(shot) > 50,
                  f"--screenshot draws a dealt table ({shot})")

            german = subprocess.run([str(executable), "--lang", "de", "--help"], capture_output=True,
                                    text=True, env=env, timeout=60)
            check("Aisle, eine Sammlung von Patiencen." in german.stdout, "--lang de --help speaks German")

            smoke = out / "window"
            window = subprocess.Popen([str(executable), "--game", "klondike", "--seed", "7", "--lang", "de"],
                                      env=dict(env, AISLE_BUNDLE_SMOKE=str(smoke)),
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(1200):
                if (smoke / "ready").exists() or window.poll() is not None:
                    break
                time.sleep(0.05)
            check((smoke / "ready").exists(), "the window shows a dealt table and its help "
                  f"({'' if window.poll() is None else window.communicate()[1][-600:]})")
            subprocess.run(["import", "-display", display, "-window", "root", str(out / "screen.png")],
                           check=True, timeout=60)
            (smoke / "done").write_text("")
            _, errors = window.communicate(timeout=60)
            check(window.returncode == 0,
                  f"the window closes cleanly (status {window.returncode}) {errors[-400:]}")
            report = json.loads((smoke / "report.json").read_text(encoding="utf-8"))
            print("  report:", json.dumps(report, ensure_ascii=False))
            check(report["frozen"] and report["game"] == "klondike", "the frozen program dealt Klondike")
            check("&Hilfe" in report["menus"] and "&Spiel" in report["menus"], "the menus are German")
            check(len(report["help"]) == 1 and "Klondike" in report["help"][0],
                  "the game's help is open")
            check(not report["errors"], "no plugin error in the window")
            check(colours(out / "screen.png") > 50,
                  f"the real screen shows the window ({out / 'screen.png'})")
            check((smoke / "help.png").is_file() and colours(smoke / "help.png") > 20,
                  "the help page is drawn")

            size = folder_size(args.bundle)
            print(f"bundle size: {size / 1e6:.1f} MB in {sum(1 for _ in args.bundle.rglob('*'))} files")
            if args.rounds:
                timing_env = clean_env(home, QT_QPA_PLATFORM="offscreen",
                                       AISLE_DATA_DIR=str(Path(folder) / "data"),
                                       AISLE_CACHE_DIR=str(Path(folder) / "cache"))
                Path(timing_env["AISLE_DATA_DIR"]).mkdir()
                runs = {"bundle": ([str(executable), "--game", "klondike", "--seed", "1"],
                                   dict(timing_env, AISLE_BUNDLE_SMOKE="timing"))}
                if args.compare:
                    bench = Path(__file__).resolve().parent.parent / "bench" / "ui.py"
                    namespace: dict[str, object] = {"__name__": "bench_ui"}
                    exec(compile(bench.read_text(encoding="utf-8"), str(bench), "exec"), namespace)
                    code = str(namespace["_AISLE"])
                    pip_env = dict(timing_env, PATH=f"{args.compare.parent}:/usr/bin:/bin",
                                   PYTHONPYCACHEPREFIX=str(Path(folder) / "pycache"))
                    runs["pip install"] = ([str(args.compare), "-c", code, "klondike"], pip_env)
                for command, run_env in runs.values():  # warm-up: bytecode, pictures on disk
                    first_paint([*command, "warm-up"], dict(run_env))
                times: dict[str, list[float]] = {name: [] for name in runs}
                for _ in range(args.rounds):
                    for name, (command, run_env) in runs.items():
                        times[name].append(first_paint(command, dict(run_env, PWD=folder)))
                print(f"start-up to the first painted table, offscreen (median of {args.rounds}):")
                base = statistics.median(times["pip install"]) if "pip install" in times else None
                for name, values in times.items():
                    median = statistics.median(values)
                    ratio = f"  {median / base:.2f}x the pip install" if base else ""
                    print(f"  {name:<12} {median * 1000:6.0f} ms{ratio}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("bundle smoke: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
