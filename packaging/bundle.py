"""Build the standalone bundle (no Python needed) for this operating system with PyInstaller.

    python packaging/bundle.py [--wheel dist/aisle-X-py3-none-any.whl] [--out build/bundle]

The bundle is made from the installed wheel, not the checkout, so it holds exactly what the
wheel does: compiled catalogs (.mo), help pages, icons, the built-in game plugins and the aisle
dist-info folder whose entry_points.txt names them (Aisle reads entry points from dist-info
folders on sys.path; see aisle.registry.entry_points). A private virtual environment under --out
holds the wheel and PyInstaller. The result: <out>/dist/aisle/ (a folder: it starts faster than
a one-file bundle, which unpacks itself on every start), on macOS also <out>/dist/aisle.app.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ICON_PNG = HERE / "linux" / "icons" / "256x256" / "aisle.png"


def run(*command: str | Path, **options: object) -> subprocess.CompletedProcess[str]:
    print("+", " ".join(str(part) for part in command), flush=True)
    return subprocess.run([str(part) for part in command], check=True, text=True, **options)  # type: ignore[call-overload, no-any-return]


def build_wheel(out: Path) -> Path:
    target = out / "wheel"
    shutil.rmtree(target, ignore_errors=True)
    run(sys.executable, "-m", "build", "--wheel", "--outdir", target, ROOT)
    return next(target.glob("aisle-*.whl"))


def make_venv(folder: Path, wheel: Path) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    venv.EnvBuilder(with_pip=True).create(folder)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    extras = ["pillow"] if sys.platform in ("win32", "darwin") else []  # converts the icon
    run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel,
        "pyinstaller>=6.3", *extras)
    return python


def plugin_modules(python: Path) -> list[str]:
    """The top-level modules of the built-in plugins, from the installed entry points."""
    code = ("import importlib.metadata as m, json; "
            "print(json.dumps(sorted({e.value.split(':')[0].split('.')[0] "
            "for e in m.distribution('aisle').entry_points if e.group == 'aisle'})))")
    modules: list[str] = json.loads(run(python, "-c", code, capture_output=True).stdout)
    if not modules:
        raise SystemExit("the installed wheel declares no built-in game plugin")
    return modules


def pyinstaller(python: Path, out: Path, modules: list[str]) -> Path:
    dist, work = out / "dist", out / "work"
    shutil.rmtree(dist, ignore_errors=True)
    options: list[str | Path] = [
        "--noconfirm", "--clean", "--onedir", "--name", "aisle",
        "--distpath", dist, "--workpath", work, "--specpath", work,
        # The entry points of the built-in games live in this dist-info folder.
        "--copy-metadata", "aisle",
        "--collect-submodules", "aisle", "--collect-data", "aisle",
        # Qt's SVG support draws the icon; it is imported by name after the first frame.
        "--hidden-import", "PySide6.QtSvg",
        "--paths", HERE, "--hidden-import", "smoke_driver",
        "--exclude-module", "tkinter", "--exclude-module", "pytest", "--exclude-module", "mypy",
        # Pulled in by the build venv's setuptools; its runtime hook alone (importing
        # pkg_resources on every start) costs more than half a second.
        "--exclude-module", "pkg_resources", "--exclude-module", "setuptools",
    ]
    for module in modules:
        options += ["--collect-submodules", module, "--collect-data", module]
    if sys.platform in ("win32", "darwin"):
        # A double-clicked game opens no console window (--list-games prints nothing there).
        options += ["--windowed", "--icon", ICON_PNG]
    if sys.platform == "darwin":
        options += ["--osx-bundle-identifier", "io.github.aisle_solitaire.Aisle"]
    # Run outside the checkout: from its root, "-m" would put the checkout's aisle/ on sys.path
    # and PyInstaller would bundle that (without compiled catalogs) instead of the installed wheel.
    run(python, "-m", "PyInstaller", *options, HERE / "aisle_main.py", cwd=out)
    return dist / "aisle"


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Aisle's standalone bundle for this system.")
    parser.add_argument("--wheel", type=Path, help="the wheel to bundle (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bundle",
                        help="working and output folder (default build/bundle)")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    wheel = args.wheel.resolve() if args.wheel else build_wheel(out)
    python = make_venv(out / "venv", wheel)
    bundle = pyinstaller(python, out, plugin_modules(python))
    executable = bundle / ("aisle.exe" if os.name == "nt" else "aisle")
    if not executable.is_file():
        raise SystemExit(f"PyInstaller made no {executable}")
    print(f"bundle: {bundle} ({folder_size(bundle) / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
