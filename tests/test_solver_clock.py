"""Budgets in CPU seconds: the solver's clock follows the process's CPU time inside
`clock.counting(True)`; the worker gets such a budget whole; a request that waits is not cut
short by the wall clock, and one that computes past its CPU seconds is ended by the worker's
watchdog with the reason "did not finish". No timings are asserted: the fakes wait or compute
well past the limits on either side."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, clock, solve
from aisle.solver import background as background_module
from aisle.solver.background import DID_NOT_FINISH, Answer, BackgroundSolver, allowed_seconds, overrun_grace

#: Waits for the worker: generous, only so a broken test ends (nothing is timed).
WAIT = 60.0


@pytest.fixture
def solvers() -> Iterator[list[BackgroundSolver]]:
    made: list[BackgroundSolver] = []
    yield made
    for solver in made:
        solver.close()


def answer_of(solver: BackgroundSolver) -> Answer:
    ends = time.monotonic() + WAIT
    while time.monotonic() < ends:
        answer = solver.poll()
        if answer is not None:
            return answer
        time.sleep(0.02)
    raise AssertionError("no answer")


def test_the_clock_counts_cpu_time_only_inside_a_cpu_block() -> None:
    with clock.counting(True):
        before = time.process_time()
        inside = clock.now()
        after = time.process_time()
        assert before <= inside <= after
    wall_before = time.monotonic()
    outside = clock.now()
    assert wall_before <= outside <= time.monotonic()


def test_a_cpu_budget_solves_as_a_wall_clock_one() -> None:
    game = new_game("freecell", 3)
    by_cpu = solve(game, Budget(60.0, cpu=True))
    by_wall = solve(game, Budget(60.0))
    assert by_cpu.verdict is by_wall.verdict is Verdict.WON
    assert by_cpu.solution == by_wall.solution
    assert clock.now() >= time.monotonic() - 1e-3  # the wall clock is back after the search


def test_the_worker_gets_the_budget_s_clock(solvers: list[BackgroundSolver]) -> None:
    solver = BackgroundSolver("solver_fakes:unknown_until_longer")
    solvers.append(solver)
    solver.submit(new_game("klondike", 1), Budget(60.0, cpu=True))
    assert answer_of(solver).result.positions == 1
    solver.submit(new_game("klondike", 1), Budget(60.0))
    assert answer_of(solver).result.positions == 0


def test_waiting_does_not_use_up_cpu_seconds(
    solvers: list[BackgroundSolver], monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert allowed_seconds(0.2, True) > 0.2 + 1.5 + overrun_grace(0.2) > allowed_seconds(0.2, False)
    # Room on the wall clock for a busy machine; the wall-clock budget keeps its limit.
    monkeypatch.setattr(background_module, "CPU_WALL_FACTOR", 100.0)
    for cpu, reason in ((True, None), (False, DID_NOT_FINISH)):
        solver = BackgroundSolver("solver_fakes:sleeps_past_its_seconds")
        solvers.append(solver)
        solver.submit(new_game("klondike", 1), Budget(0.2, cpu=cpu))
        answer = answer_of(solver)
        assert answer.reason == reason
        assert answer.result.verdict is (Verdict.LOST if cpu else Verdict.UNKNOWN)


def test_computing_past_the_cpu_seconds_ends_the_worker(
    solvers: list[BackgroundSolver], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The window's wall-clock limit so far off that only the worker's watchdog can end it.
    monkeypatch.setattr(background_module, "CPU_WALL_FACTOR", 10_000.0)
    solver = BackgroundSolver("solver_fakes:computes_for_ever")
    solvers.append(solver)
    solver.submit(new_game("klondike", 1), Budget(0.1, cpu=True))
    answer = answer_of(solver)
    assert answer.reason == DID_NOT_FINISH and answer.result.verdict is Verdict.UNKNOWN
    assert not solver.worker_alive
