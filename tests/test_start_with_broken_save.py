"""A plugin whose score() raises once the game is under way: the issue was that after quitting,
EVERY later plain `aisle` start exited with status 1 (the saved game re-raised). Now the real
application, started again, comes up on another game, tells the player which plugin failed,
keeps the save waiting, and offers it again once the plugin is updated."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from broken_plugins import toy_plugin
from driven_app import returning_player
from plugin_factory import make_distribution

TESTS = Path(__file__).resolve().parent
LATE_SCORE = toy_plugin("late-score", "Late Score", """
    def score(self, board):
        if board.slot("waste").cards:
            raise ZeroDivisionError("the score fell over")
        return 0

    def is_won(self, board):
        return False
""")


def _install(site: Path, version: str) -> None:
    make_distribution(site / version, "aisle-latescore", {"aisle_latescore": LATE_SCORE},
                      {"latescore": "aisle_latescore"}, version=version)


def _run(site: Path, what: str, *args: str) -> tuple[int, dict[str, Any], str]:
    returning_player()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(site), str(TESTS)])}
    result = subprocess.run([sys.executable, str(TESTS / "app_driver.py"), what, *args],
                            capture_output=True, text=True, timeout=180, env=env)
    reports = [line[len("REPORT "):] for line in result.stdout.splitlines()
               if line.startswith("REPORT ")]
    assert len(reports) == 1, result.stdout + result.stderr
    return result.returncode, json.loads(reports[0]), result.stderr


def test_a_save_whose_plugin_fails_never_stops_a_start(tmp_path: Path, isolated: Path) -> None:
    site = tmp_path / "site"
    _install(site, "1.0")
    # Play the plugin's game until its score fails, and quit: the game is saved.
    status, report, _log = _run(site / "1.0", "deal", "--game", "late-score")
    assert status == 0 and report["game"] == "late-score"
    assert "the score fell over" in report["texts"]["game_broke"]
    assert (isolated / "saved-game.json").exists()

    # A plain start: it comes up, on another game, and says which plugin and file failed.
    status, report, log = _run(site / "1.0", "look")
    assert status == 0
    assert report["game"] == "klondike" and report["title"] == "Klondike — Aisle"
    told = report["texts"]["game_broke"]
    assert "Late Score made an error" in told and "score() raised ZeroDivisionError" in told
    assert "“latescore” (aisle-latescore 1.0)" in told and "aisle_latescore.py, line" in told
    assert "Traceback" in log  # logged for whoever reports it
    assert not (isolated / "saved-game.json").exists()
    kept = json.loads((isolated / "waiting-games" / "late-score.json").read_text())
    assert kept["blocked_by"] == "aisle-latescore 1.0"

    # Later starts with the same plugin come up too, and do not offer the save again.
    status, report, _log = _run(site / "1.0", "look")
    assert status == 0 and report["game"] == "klondike" and "waiting_game" not in report["open"]

    # An updated plugin: the kept game is offered once every plugin has loaded.
    _install(site, "1.1")
    status, report, _log = _run(site / "1.1", "offer")
    assert status == 0 and "waiting_game" in report["open"]
    assert "A game of Late Score you had not finished" in report["texts"]["waiting_game"]
