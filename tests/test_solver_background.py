"""Solving in a worker process: real answers come back, cancelling stops the search, a stuck
search is killed, stale answers are never handed out, and no process is left behind."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from aisle.engine import Deal, Status
from aisle.registry.games import new_game
from aisle.solver.background import Answer, BackgroundSolver, live_workers
from aisle.solver.result import Budget, Verdict

#: Only to keep a broken test from hanging; nothing is measured against it.
PATIENCE = 60.0


def wait_for_answer(solver: BackgroundSolver) -> Answer:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        answer = solver.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("no answer came")


def wait_until_idle(solver: BackgroundSolver) -> None:
    deadline = time.monotonic() + PATIENCE
    while solver.busy and time.monotonic() < deadline:
        assert solver.poll() is None
        time.sleep(0.01)
    assert not solver.busy


def wait_until_searching(solver: BackgroundSolver, request: int) -> None:
    """Until the worker said it began the search (sent is not enough: a request given up
    before the worker took it up is only skipped)."""
    deadline = time.monotonic() + PATIENCE
    while solver.searching != request and time.monotonic() < deadline:
        assert solver.poll() is None
        time.sleep(0.005)
    assert solver.searching == request and solver.running == request


@pytest.fixture
def workers() -> Iterator[list[BackgroundSolver]]:
    """Background solvers made by a test; each must leave no process behind."""
    made: list[BackgroundSolver] = []
    yield made
    for solver in made:
        solver.close()
        assert not solver.worker_alive
    assert live_workers() == []


def make(workers: list[BackgroundSolver], solve: str, grace: float = 0.5) -> BackgroundSolver:
    solver = BackgroundSolver(solve, grace=grace)
    workers.append(solver)
    return solver


def test_the_position_arrives_and_the_answer_comes_back(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:history_length")
    game = new_game("klondike", 7)
    for _turn in range(3):
        game.play(Deal())
    request = solver.submit(game)
    answer = wait_for_answer(solver)
    assert answer.request == request
    assert answer.result.verdict is Verdict.LOST
    assert (answer.result.positions, answer.result.seconds) == (3, 7.0)
    assert answer.problem is None
    assert not solver.waiting
    assert solver.poll() is None  # handed out once


def test_what_a_plugin_prints_never_reaches_the_answers(
    workers: list[BackgroundSolver], capfd: pytest.CaptureFixture[str],
) -> None:
    solver = make(workers, "solver_fakes:chatty")
    solver.submit(new_game("klondike", 7))
    answer = wait_for_answer(solver)
    assert answer.result.verdict is Verdict.LOST and answer.problem is None
    solver.close()
    assert "searching..." in capfd.readouterr().err  # on the worker's standard error


def test_the_real_solver_wins_doublets_and_the_solution_replays(workers: list[BackgroundSolver]) -> None:
    from aisle.solver.background import DEFAULT_SOLVE

    solver = make(workers, DEFAULT_SOLVE)
    game = new_game("doublets", 1)
    solver.submit(game, Budget(seconds=30))
    answer = wait_for_answer(solver)
    assert answer.problem is None
    assert answer.result.verdict is Verdict.WON
    assert game.moves == 0  # the window's game is untouched
    for action in answer.result.solution:
        game.play(action)
    assert game.status is Status.WON


def test_one_worker_serves_request_after_request(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:history_length")
    for seed in (3, 4, 5):
        solver.submit(new_game("cruel", seed))
        assert wait_for_answer(solver).result.seconds == float(seed)
    assert solver.starts == 1


def test_cancel_stops_the_search_and_keeps_the_worker(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:until_stopped")
    solver.submit(new_game("klondike", 1), Budget(seconds=60))
    solver.cancel()
    assert not solver.waiting
    wait_until_idle(solver)
    assert solver.worker_alive and solver.starts == 1


def test_a_search_that_does_not_stop_is_killed_and_the_next_answer_comes(
    workers: list[BackgroundSolver],
) -> None:
    solver = make(workers, "solver_fakes:deaf_on_deal_one", grace=0.2)
    first = solver.submit(new_game("klondike", 1), Budget(seconds=60))
    wait_until_searching(solver, first)  # replaced while searching, not while starting
    solver.submit(new_game("klondike", 2))
    answer = wait_for_answer(solver)
    assert answer.result.seconds == 2.0
    assert solver.starts == 2


def test_an_old_answer_is_dropped_never_handed_out(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:deaf_briefly", grace=PATIENCE)
    first = solver.submit(new_game("klondike", 11))
    wait_until_searching(solver, first)  # the worker is on it when the player "moves"
    second = solver.submit(new_game("klondike", 12))
    answer = wait_for_answer(solver)
    assert answer.request == second and answer.result.seconds == 12.0
    assert solver.dropped == 1


def test_a_cancelled_request_never_answers(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:deaf_briefly", grace=PATIENCE)
    solver.submit(new_game("klondike", 11))
    solver.cancel()
    wait_until_idle(solver)
    assert solver.poll() is None


def test_a_solver_that_raises_gives_unknown_with_the_reason(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:broken")
    solver.submit(new_game("klondike", 1))
    answer = wait_for_answer(solver)
    assert answer.result.verdict is Verdict.UNKNOWN
    assert answer.problem is not None and "the solver broke" in answer.problem


def test_a_worker_that_dies_gives_unknown_and_is_replaced(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:dies")
    solver.submit(new_game("klondike", 1))
    answer = wait_for_answer(solver)
    assert answer.result.verdict is Verdict.UNKNOWN and answer.problem is not None
    solver.submit(new_game("klondike", 2))
    assert wait_for_answer(solver).problem is not None
    assert solver.starts == 2


def test_an_unknown_game_is_reported_not_fatal(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:history_length")
    game = new_game("klondike", 1)
    game.variant.id = "no-such-game"  # type: ignore[misc]  # the worker cannot find it
    solver.submit(game)
    answer = wait_for_answer(solver)
    assert answer.result.verdict is Verdict.UNKNOWN and answer.problem is not None
    solver.submit(new_game("klondike", 3))
    assert wait_for_answer(solver).result.seconds == 3.0


def test_close_ends_the_worker(workers: list[BackgroundSolver]) -> None:
    solver = make(workers, "solver_fakes:until_stopped")
    solver.submit(new_game("klondike", 1), Budget(seconds=60))
    solver.poll()
    solver.close()
    assert not solver.worker_alive and not solver.busy
