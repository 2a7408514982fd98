"""In the frozen bundle the solver's worker is the bundle's own executable, told so by its
environment (packaging/aisle_main.py): a frozen program runs no `python -c`. Here a launcher
that runs the bundle's entry point stands in for the frozen executable."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from aisle.registry.games import new_game
from aisle.solver import background
from aisle.solver.background import BackgroundSolver, live_workers
from aisle.solver.result import Verdict

ENTRY = Path(__file__).resolve().parents[1] / "packaging" / "aisle_main.py"
PATIENCE = 60.0


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in executable is a shell script")
def test_a_frozen_bundle_runs_its_own_executable_as_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    launcher = tmp_path / "aisle"
    # Any other start of this executable would open a window or fail: only the worker answers.
    launcher.write_text(f'#!/bin/sh\n[ -n "$AISLE_SOLVER_WORKER" ] || exit 9\n'
                        f'exec "{sys.executable}" "{ENTRY}" "$@"\n')
    launcher.chmod(0o755)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(launcher))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(sys.path))
    with BackgroundSolver("solver_fakes:history_length") as solver:
        solver.submit(new_game("klondike", 7))
        deadline = time.monotonic() + PATIENCE
        answer = None
        while answer is None and time.monotonic() < deadline:
            background.wait_for_any([solver], 1.0)
            answer = solver.poll()
        assert answer is not None and answer.problem is None
        assert answer.result.verdict is Verdict.LOST and answer.result.seconds == 7.0
    assert live_workers() == []
