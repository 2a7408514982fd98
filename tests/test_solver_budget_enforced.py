"""A game's solver code cannot hold the solver up: code that never returns is ended once past
its budget's time and a grace, code that eats memory is stopped, and either way the answer is
UNKNOWN with the reason, the worker is gone and the next request is answered by a new one.
`aisle solve` runs its deals the same way.

Nothing is timed tightly: the bounds below only keep a broken test from hanging."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aisle.engine import Game
from aisle.registry.games import new_game
from aisle.solver import background, memory_cap
from aisle.solver.background import (
    CANNOT_START,
    DEFAULT_SOLVE,
    DID_NOT_FINISH,
    OUT_OF_MEMORY,
    Answer,
    BackgroundSolver,
    live_workers,
    overrun_grace,
    wait_for_any,
)
from aisle.solver.result import Budget, Verdict

#: Only to keep a broken test from hanging; nothing is measured against it.
PATIENCE = 60.0
#: Tests that need a cap the system enforces (not Windows).
needs_a_cap = pytest.mark.skipif(memory_cap.method() == "none", reason="no memory cap here")


@pytest.fixture
def workers() -> Iterator[list[BackgroundSolver]]:
    """Background solvers made by a test; each must leave no process behind."""
    made: list[BackgroundSolver] = []
    yield made
    for solver in made:
        solver.close()
        assert not solver.worker_alive
    assert live_workers() == []


class Worker:
    """A worker process as the tests watch it."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def is_alive(self) -> bool:
        return self.process.poll() is None

    def join(self, timeout: float) -> None:
        self.process.wait(timeout)

    @property
    def exitcode(self) -> int | None:
        return self.process.poll()


def make(workers: list[BackgroundSolver], solve: str, **kwargs: object) -> BackgroundSolver:
    solver = BackgroundSolver(solve, **kwargs)  # type: ignore[arg-type]
    workers.append(solver)
    return solver


def answer_and_worker(solver: BackgroundSolver) -> tuple[Answer, Worker]:
    """The answer to the latest request, and the worker process that was on it."""
    deadline = time.monotonic() + PATIENCE
    worker: Worker | None = None
    while time.monotonic() < deadline:
        wait_for_any([solver], 1.0)
        if worker is None and solver.worker_process is not None:
            worker = Worker(solver.worker_process)
        answer = solver.poll()
        if answer is not None:
            assert worker is not None
            return answer, worker
    raise AssertionError("no answer came")


def test_the_grace_is_a_second_or_a_fifth_of_the_budget() -> None:
    assert overrun_grace(0.05) == 1.0 and overrun_grace(5.0) == 1.0
    assert overrun_grace(60.0) == pytest.approx(12.0)


def test_a_search_that_never_returns_is_ended_after_its_time(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:runaway")
    budget = Budget(seconds=1.0)
    asked = time.monotonic()
    solver.submit(new_game("klondike", 1), budget)
    answer, worker = answer_and_worker(solver)
    waited = time.monotonic() - asked
    assert answer.result.verdict is Verdict.UNKNOWN and answer.result.solution == ()
    assert answer.reason == DID_NOT_FINISH
    assert answer.problem is not None and "did not finish within its time" in answer.problem
    # Never before its time and the grace; long before the fake would give up by itself.
    assert answer.result.seconds >= budget.seconds + overrun_grace(budget.seconds)
    assert waited < PATIENCE / 2
    assert not worker.is_alive() and not solver.worker_alive and not solver.busy


def test_a_plugins_solver_hook_that_never_returns_is_ended(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, DEFAULT_SOLVE, variants={"runaway-toy": "solver_fakes:RunawayToy"})
    from solver_fakes import RunawayToy

    solver.submit(Game.new(RunawayToy, 1), Budget(seconds=0.5))
    answer, worker = answer_and_worker(solver)
    assert answer.result.verdict is Verdict.UNKNOWN and answer.reason == DID_NOT_FINISH
    assert not worker.is_alive()


def test_after_a_runaway_a_new_worker_answers(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:runaway_on_deal_one")
    solver.submit(new_game("klondike", 1), Budget(seconds=0.5))
    assert answer_and_worker(solver)[0].reason == DID_NOT_FINISH
    solver.submit(new_game("klondike", 2), Budget(seconds=0.5))
    answer = answer_and_worker(solver)[0]
    assert answer.reason is None and answer.result.seconds == 2.0  # history_length's answer
    assert solver.starts == 2


def test_a_search_that_ends_with_its_budget_is_not_cut_short(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:until_stopped")  # searches exactly its budget
    solver.submit(new_game("klondike", 1), Budget(seconds=1.5))
    answer, worker = answer_and_worker(solver)
    assert answer.reason is None and answer.result.verdict is Verdict.UNKNOWN
    assert worker.is_alive() and solver.starts == 1  # kept for the next request


def test_memory_error_in_the_solver_answers_out_of_memory(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:out_of_memory")
    solver.submit(new_game("klondike", 1))
    answer, worker = answer_and_worker(solver)
    assert answer.reason == OUT_OF_MEMORY
    assert answer.problem is not None and "ran out of memory" in answer.problem
    worker.join(PATIENCE)
    assert not worker.is_alive()  # a plugin's state may be broken: the worker is not kept


@needs_a_cap
def test_a_search_that_eats_memory_is_stopped(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:hog_on_deal_one")
    solver.submit(new_game("klondike", 1), Budget(seconds=PATIENCE, memory_mb=100))
    answer, worker = answer_and_worker(solver)
    assert answer.result.verdict is Verdict.UNKNOWN and answer.reason == OUT_OF_MEMORY
    worker.join(PATIENCE)
    assert not worker.is_alive()
    solver.submit(new_game("klondike", 2))
    assert answer_and_worker(solver)[0].result.seconds == 2.0
    assert solver.starts == 2


@needs_a_cap
def test_a_plugins_solver_hook_that_eats_memory_is_stopped(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, DEFAULT_SOLVE, variants={"hog-toy": "solver_fakes:HogToy"})
    from solver_fakes import HogToy

    solver.submit(Game.new(HogToy, 1), Budget(seconds=PATIENCE, memory_mb=100))
    answer, worker = answer_and_worker(solver)
    assert answer.reason == OUT_OF_MEMORY
    worker.join(PATIENCE)
    assert not worker.is_alive()


@needs_a_cap
def test_where_only_the_watchdog_can_cap_it_ends_the_worker(
    workers: list[BackgroundSolver], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As on macOS: no address-space cap, the worker's watchdog reads its peak resident size.
    monkeypatch.setattr(background, "SERVE", "solver_fakes:serve_with_the_watchdog")
    solver = make(workers, "solver_fakes:hog")
    solver.submit(new_game("klondike", 1), Budget(seconds=PATIENCE, memory_mb=100))
    answer, worker = answer_and_worker(solver)
    assert answer.reason == OUT_OF_MEMORY
    assert not worker.is_alive() and worker.exitcode == memory_cap.OUT_OF_MEMORY_EXIT


def test_a_worker_that_does_not_start_in_time_is_given_up(
    workers: list[BackgroundSolver], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(background, "START_LIMIT", 0.0)  # no worker starts that fast
    solver = make(workers, "solver_fakes:history_length")
    solver.submit(new_game("klondike", 1))
    answer, worker = answer_and_worker(solver)
    assert answer.reason == CANNOT_START and not worker.is_alive()


def test_the_allowance_leaves_room_for_what_the_solver_really_uses() -> None:
    # Measured: Python holds up to about 1.85 times the solver's own estimate of its table.
    for memory_mb in (20, 100, 300, 1000):
        assert memory_cap.allowance_mb(memory_mb) >= 2 * memory_mb


@pytest.mark.skipif(sys.platform == "win32", reason="checks a process id with os.kill")
def test_a_worker_stuck_in_a_plugin_ends_with_the_program_that_started_it(tmp_path: Path) -> None:
    script = tmp_path / "orphan.py"
    script.write_text(
        "import os, sys, time\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from aisle.registry.games import new_game\n"
        "from aisle.solver.background import BackgroundSolver\n"
        "from aisle.solver.result import Budget\n"
        "if __name__ == '__main__':\n"
        "    solver = BackgroundSolver('solver_fakes:runaway')\n"
        "    solver.submit(new_game('klondike', 1), Budget(seconds=3600))\n"
        "    while solver.running is None:\n"
        "        solver.poll(); time.sleep(0.01)\n"
        "    print(solver.worker_pid, flush=True)\n"
        "    os._exit(0)  # no clean-up: the worker is left on its own\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=PATIENCE)
    pid = int(done.stdout.strip())
    deadline = time.monotonic() + PATIENCE
    while _exists(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _exists(pid), "the worker outlived the program that started it"


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ended, its parent gone and init not yet there) counts as ended
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return True


# -- `aisle solve` -------------------------------------------------------------------------------
def test_aisle_solve_ends_a_runaway_deal_and_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    from aisle import solve_cli
    from aisle.cli import main

    monkeypatch.setattr(solve_cli, "SOLVE_PATH", "solver_fakes:runaway_on_deal_one")
    assert main(["solve", "--game", "klondike", "--seeds", "1-3", "--budget", "0.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("deal 1: unknown, ")
    assert lines[1] == "  The solver did not finish within its time."
    assert [line.split(":")[0] for line in lines[2:4]] == ["deal 2", "deal 3"]
    assert lines[4].startswith("summary: 3 deals: 0 won, 2 lost, 1 unknown")
    assert live_workers() == []


def test_aisle_solve_in_jobs_ends_a_runaway_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    from aisle import solve_cli
    from aisle.cli import main

    monkeypatch.setattr(solve_cli, "SOLVE_PATH", "solver_fakes:runaway_on_deal_one")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert main(["solve", "--game", "klondike", "--seeds", "1-4", "--budget", "0.5", "--jobs", "2",
                 "--json"]) == 0
    import json

    deals = json.loads(capsys.readouterr().out)["deals"]
    assert [deal["seed"] for deal in deals] == [1, 2, 3, 4]
    assert deals[0]["verdict"] == "unknown"
    assert deals[0]["problem"] == "The solver did not finish within its time."
    assert all(deal["verdict"] == "lost" and "problem" not in deal for deal in deals[1:])
