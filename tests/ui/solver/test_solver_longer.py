"""The window's solver counts CPU seconds, and a position its first search leaves Unknown is
searched on quietly with a longer budget: the verdict changes when that search decides it, and
a position the longer search leaves Unknown too is not searched again. The worker runs stand-in
solvers (tests/solver_fakes.py): nothing is timed."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from pytestqt.qtbot import QtBot

from aisle.engine import Deal, Game
from aisle.solver.background import live_workers
from aisle.solver.result import Budget, Result
from aisle.ui.solver import features as solver_ui
from aisle.ui.solver.indicator import Shown
from aisle.ui.solver.watch import LONGER_BUDGET, WATCH_BUDGET
from aisle.ui.window.main_window import MainWindow

#: Waits for the worker: generous, only so a broken test ends (nothing is timed).
WAIT_MS = 30_000

Make = Callable[..., MainWindow]


@pytest.fixture(autouse=True)
def no_process_left() -> Iterator[None]:
    yield
    left = live_workers()
    assert left == [], f"solver processes left running: {left}"


def watched(make_window: Make, monkeypatch: pytest.MonkeyPatch, fake: str,
            ) -> tuple[MainWindow, list[Budget], list[Shown]]:
    """A window solving with `fake`, the budgets it asks with and the states it shows."""
    monkeypatch.setattr(solver_ui, "SOLVE_PATH", f"solver_fakes:{fake}")
    window = make_window("klondike", 5)
    budgets: list[Budget] = []
    service = window.solver.service
    ask = service.ask

    def asked(game: Game, budget: Budget, on_answer: Callable[[Result], None]) -> None:
        budgets.append(budget)
        ask(game, budget, on_answer)

    monkeypatch.setattr(service, "ask", asked)
    states: list[Shown] = []
    indicator = window.solver.indicator
    show_state = indicator.show_state

    def record(state: Shown, untouched: bool = False) -> None:
        states.append(state)
        show_state(state, untouched)

    monkeypatch.setattr(indicator, "show_state", record)
    return window, budgets, states


def test_the_window_s_budgets_count_cpu_seconds() -> None:
    assert WATCH_BUDGET.cpu and LONGER_BUDGET.cpu
    assert LONGER_BUDGET.seconds > WATCH_BUDGET.seconds
    assert LONGER_BUDGET.memory_mb == WATCH_BUDGET.memory_mb  # no more memory for the longer one


def test_an_unknown_is_searched_on_quietly_and_the_verdict_follows(
    qtbot: QtBot, make_window: Make, monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, budgets, states = watched(make_window, monkeypatch, "unknown_until_longer")
    qtbot.waitUntil(lambda: window.solver.indicator.shown is Shown.LOST, timeout=WAIT_MS)
    assert budgets == [WATCH_BUDGET, LONGER_BUDGET]
    assert states.index(Shown.UNKNOWN) < states.index(Shown.LOST)  # Unknown shown meanwhile
    assert Shown.SOLVING not in states[states.index(Shown.UNKNOWN):]  # quietly
    current = window.solver.watch.current
    assert current is not None and current.positions == 1  # the fake saw a budget in CPU seconds


def test_a_position_the_longer_search_leaves_unknown_is_not_searched_again(
    qtbot: QtBot, make_window: Make, monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, budgets, _states = watched(make_window, monkeypatch, "never_decides")
    solver = window.solver.service.solver
    qtbot.waitUntil(lambda: len(budgets) == 2 and not solver.busy, timeout=WAIT_MS)
    assert budgets == [WATCH_BUDGET, LONGER_BUDGET]
    assert window.solver.indicator.shown is Shown.UNKNOWN
    assert window.player.act(Deal())
    qtbot.waitUntil(lambda: len(budgets) == 4 and not solver.busy, timeout=WAIT_MS)
    window.acts.undo.trigger()  # back to the first position: nothing more to ask
    assert window.solver.indicator.shown is Shown.UNKNOWN
    assert budgets == [WATCH_BUDGET, LONGER_BUDGET] * 2 and not solver.busy
