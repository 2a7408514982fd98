"""A third-party plugin project, pip-installed into a fresh virtual environment next to Aisle,
shows up in `aisle --list-games` and can be played; a broken one is listed with its error."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from plugin_factory import SAMPLE_PLUGIN

pytestmark = pytest.mark.slow


def make_venv_next_to_aisle(folder: Path) -> Path:
    """A fresh venv that sees this environment's packages (Aisle and its dependencies) through a .pth
    file, so only the plugin itself is installed into it."""
    venv.EnvBuilder(with_pip=True, symlinks=os.name != "nt").create(folder)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *site.getsitepackages()}
    Path(purelib, "aisle_parent_env.pth").write_text("\n".join(sorted(ours)) + "\n")
    return python


def pip_install(python: Path, project: Path) -> None:
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--quiet", "--disable-pip-version-check",
         str(project)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_installed_plugin_is_listed_and_playable(tmp_path: Path) -> None:
    python = make_venv_next_to_aisle(tmp_path / "env")
    project = tmp_path / "sample_plugin"
    shutil.copytree(SAMPLE_PLUGIN, project)
    pip_install(python, project)

    listing = subprocess.run([str(python), "-m", "aisle", "--list-games"], capture_output=True, text=True,
                             timeout=120, env={**os.environ, "AISLE_DISABLE_PLUGINS": ""})
    # (A checkout installed for development may leave Aisle's own plugins out of this
    # environment's path: their errors, not the sample's, would fail the listing.)
    assert listing.returncode == (1 if "Plugin errors:" in listing.stdout else 0), listing.stderr
    assert "aisle_sample" not in listing.stdout.partition("Plugin errors:")[2]
    assert "sample-climb" in listing.stdout and "aisle-sample-plugin 1.2.3" in listing.stdout
    assert "klondike" in listing.stdout, "the built-in games are still there"

    play = ("from aisle.engine import Deal\n"
            "from aisle.registry.games import new_game\n"
            "g = new_game('sample-climb', 8)\n"
            "g.play(Deal()); g.undo(); g.redo()\n"
            "print(len(g.slot('waste').cards), g.status)\n")
    result = subprocess.run([str(python), "-c", play], capture_output=True, text=True, timeout=120)
    assert result.stdout.split() == ["1", "playing"], result.stderr

    # Break the installed plugin: it is reported, and the rest keeps working.
    installed = subprocess.run([str(python), "-c", "import aisle_sample; print(aisle_sample.__file__)"],
                               capture_output=True, text=True, check=True).stdout.strip()
    Path(installed).write_text("raise ImportError('sample plugin is broken')\n")
    broken = subprocess.run([str(python), "-m", "aisle", "--list-games"], capture_output=True, text=True,
                            timeout=120)
    assert broken.returncode == 1, broken.stderr  # a plugin's error fails the listing
    assert "Plugin errors:" in broken.stdout and "sample plugin is broken" in broken.stdout
    assert "klondike" in broken.stdout and "sample-climb" not in broken.stdout


def test_this_interpreter_runs_the_installed_package() -> None:
    # Under CI the tests must exercise the installed wheel, not the checkout.
    import aisle

    if os.environ.get("CI") == "true":
        assert "site-packages" in aisle.__file__, aisle.__file__
    assert Path(sys.executable).exists()
