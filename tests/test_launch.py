"""The start-up before the window: Qt-free, and only the plugin of the game to show is imported."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from importlib.metadata import distribution
from pathlib import Path

import pytest

from aisle.launch import Launch, default_game, prepare
from aisle.registry import entry_points, loading
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants, find_variant
from aisle.storage import Settings

#: The built-in games, as the installed distribution registers them (game id -> plugin module).
BUILTIN_GAMES = {point.name: point.value for point in distribution("aisle").entry_points
                 if point.group == "aisle"}
BUILTIN_PLUGINS = tuple(BUILTIN_GAMES.values())


def _probe(code: str, tmp_path: Path) -> dict[str, object]:
    """Run `code` in a fresh process (empty data folder); it prints a JSON report."""
    env = {"AISLE_DATA_DIR": str(tmp_path), "PATH": "", "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env, timeout=120)
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


PREPARE = """
import json, sys
from aisle.launch import Launch, prepare
start = prepare(Launch(game={game!r}, seed=1))
plugins = sorted(m for m in sys.modules if m in {plugins!r})
qt = sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6", "aisle.ui", "pluggy")))
from aisle.registry import loading
print(json.dumps({{"plugins": plugins, "qt": qt, "loaded": loading._registry is not None,
                   "session": start.session.game is None, "kit": "aisle.kit" in sys.modules}}))
"""


@pytest.mark.parametrize(("game", "plugin"), [("klondike", "aisle_klondike"),
                                              ("spider-three-decks", "aisle_spider_three_decks")])
def test_prepare_imports_no_qt_no_pluggy_and_only_the_games_plugin(
    game: str, plugin: str, tmp_path: Path
) -> None:
    """Nor the game kit, for a game written without it: the kit costs milliseconds to import."""
    report = _probe(PREPARE.format(game=game, plugins=BUILTIN_PLUGINS), tmp_path)
    assert report == {"plugins": [plugin], "qt": [], "loaded": False, "session": True, "kit": False}


def test_aisle_brings_every_game_its_project_file_names() -> None:
    """Every built-in game the checkout's pyproject.toml registers is installed and loads."""
    declared = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(
        encoding="utf-8"))["project"]["entry-points"]["aisle"]
    assert set(BUILTIN_GAMES) == set(declared) and len(declared) >= 12
    assert set(BUILTIN_GAMES) <= set(available_variants())


def test_find_variant_answers_as_the_full_registry_does(tmp_path: Path) -> None:
    code = """
import json
from aisle.registry import loading
early = {game: loading.find_variant(game) for game in ("klondike", "doublets")}
full = loading.available_variants()
print(json.dumps({"same": all(early[g] == full[g] for g in early),
                  "class": early["klondike"].variant is full["klondike"].variant,
                  "games": sorted(full), "after": loading.find_variant("cruel") == full["cruel"]}))
"""
    report = _probe(code, tmp_path)
    assert report == {"same": True, "class": True, "after": True,
                      "games": sorted(BUILTIN_GAMES)}


def test_find_variant_of_an_unknown_game_loads_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loading, "_registry", None)
    monkeypatch.setattr(loading, "_early", {})
    assert find_variant("no-such-game") is None
    assert loading._registry is not None and "klondike" in loading._registry.variants


def test_a_disabled_builtin_game_is_not_found_early(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(entry_points.DISABLE_VARIABLE, "klondike")
    monkeypatch.setattr(loading, "_registry", None)
    monkeypatch.setattr(loading, "_early", {})
    assert find_variant("klondike") is None
    assert find_variant("cruel") is not None


def test_default_game_is_the_last_played_else_klondike() -> None:
    assert default_game(Settings(last_game="cruel")) == "cruel"
    assert default_game(Settings(last_game="gone-game")) == "klondike"
    assert default_game(Settings()) == "klondike"
    assert "klondike" in available_variants()


def test_prepare_resumes_the_saved_game(isolated: Path) -> None:
    from aisle.session import Session
    from aisle.stats import Statistics

    stats, _problems = Statistics.load()
    session = Session(stats)
    game = new_game("klondike", 7)
    session.start(game)
    game.play(game.legal_actions()[0])
    session.save()
    start = prepare(Launch())
    assert start.session.game is not None and start.session.game.seed == 7
    assert start.session.game.moves == 1
    # A game asked for on the command line leaves the save alone (it is settled when dealt).
    assert prepare(Launch(game="klondike", seed=3)).session.game is None
