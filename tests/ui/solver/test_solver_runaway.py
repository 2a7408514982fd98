"""A game's solver code that never returns does not leave the window saying "Solving…" with a
core busy for ever: once past its budget the worker is ended, the verdict says Unknown and its
tooltip and the status bar give the reason, in the player's language; the position keeps its
reason when play comes back to it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from pytestqt.qtbot import QtBot

from aisle import i18n
from aisle.engine import Deal
from aisle.solver.background import DID_NOT_FINISH, live_workers
from aisle.solver.result import Budget
from aisle.ui.solver import features as solver_ui
from aisle.ui.solver import watch as solver_watch
from aisle.ui.solver.indicator import TEXTS, Shown
from aisle.ui.window.main_window import MainWindow

#: Waits for the worker: generous, only so a broken test ends (nothing is timed).
WAIT_MS = 60_000

Make = Callable[..., MainWindow]


def shown(window: MainWindow) -> Shown:
    return window.solver.indicator.shown


def solver_processes() -> list[int]:
    return live_workers()


@pytest.fixture(autouse=True)
def runaway(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every window of these tests solves with code that never returns, on a short budget."""
    monkeypatch.setattr(solver_ui, "SOLVE_PATH", "solver_fakes:runaway")
    monkeypatch.setattr(solver_watch, "WATCH_BUDGET", Budget(seconds=0.5))
    yield
    assert solver_processes() == [], "solver processes left running"


@pytest.fixture
def window(qtbot: QtBot, make_window: Make) -> MainWindow:
    made = make_window("klondike", 5)
    qtbot.waitUntil(lambda: made.solver.ready, timeout=WAIT_MS)
    return made


def test_the_indicator_leaves_solving_and_says_why_it_is_unknown(
    qtbot: QtBot, window: MainWindow,
) -> None:
    indicator = window.solver.indicator
    qtbot.waitUntil(lambda: indicator.shown is Shown.SOLVING, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: indicator.shown is Shown.UNKNOWN, timeout=WAIT_MS)
    assert indicator.text() == TEXTS[Shown.UNKNOWN][0].translate()
    assert indicator.toolTip() == "The solver did not finish within its time."
    assert window.status.passing == DID_NOT_FINISH
    solver = window.solver.service.solver
    assert not solver.worker_alive and not solver.busy  # no core kept busy
    assert solver_processes() == []


def test_the_reason_follows_the_language(qtbot: QtBot, window: MainWindow) -> None:
    indicator = window.solver.indicator
    qtbot.waitUntil(lambda: indicator.shown is Shown.UNKNOWN, timeout=WAIT_MS)
    i18n.set_language("de")
    qtbot.waitUntil(lambda: indicator.text() == TEXTS[Shown.UNKNOWN][0].translate())
    assert indicator.text() != "Unknown"  # the window is in German now
    assert indicator.toolTip() == DID_NOT_FINISH.translate()  # the reason too, once translated


def test_a_position_keeps_its_reason_when_play_comes_back(qtbot: QtBot, window: MainWindow) -> None:
    indicator = window.solver.indicator
    qtbot.waitUntil(lambda: indicator.shown is Shown.UNKNOWN, timeout=WAIT_MS)
    assert window.player.act(Deal())
    assert shown(window) is Shown.SOLVING and indicator.reason is None
    window.acts.undo.trigger()  # back to the dealt position, known already: no new question
    assert shown(window) is Shown.UNKNOWN and indicator.reason == DID_NOT_FINISH
    solver = window.solver.service.solver
    qtbot.waitUntil(lambda: not solver.busy, timeout=WAIT_MS)  # the question given up is ended
    assert solver.running is None  # a worker may wait for the next question, idle


def test_a_hidden_verdict_tells_nothing(qtbot: QtBot, window: MainWindow) -> None:
    window.acts.show_verdict.trigger()
    indicator = window.solver.indicator
    qtbot.waitUntil(lambda: indicator.shown is Shown.UNKNOWN, timeout=WAIT_MS)
    assert window.status.passing is None
