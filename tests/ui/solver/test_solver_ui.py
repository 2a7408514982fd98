"""The solver in the window: the status-bar verdict follows every move without ever holding the
window up, an answer about a position left is never shown, the notice of a lost game comes
once and its undo goes back to the last winnable position, winnable deals only deals a proven
deal, Show Me How wins without counting as the player's win, and Hint follows the solution.

The worker process runs stand-in solvers (tests/solver_fakes.py) so every answer is known in
advance; Show Me How runs the real solver on a deal it decides at once."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aisle import i18n
from aisle.engine import Deal, Game, Move, Status
from aisle.solver.background import live_workers
from aisle.ui.solver import deals as solver_deals
from aisle.ui.solver import features as solver_ui
from aisle.ui.solver import show as solver_show
from aisle.ui.solver.indicator import TEXTS, Shown
from aisle.ui.table.marks import Mark
from aisle.ui.window.main_window import MainWindow

#: Waits for the worker: generous, only so a broken test ends (nothing is timed).
WAIT_MS = 30_000

Make = Callable[..., MainWindow]


@pytest.fixture(autouse=True)
def no_process_left() -> Iterator[None]:
    yield
    left = live_workers()
    assert left == [], f"solver processes left running: {left}"


@pytest.fixture
def solver_is(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Choose the solver the windows of this test run (before making them)."""

    def use(name: str) -> None:
        monkeypatch.setattr(solver_ui, "SOLVE_PATH", name if ":" in name else f"solver_fakes:{name}")

    return use


@pytest.fixture
def make_ready(qtbot: QtBot, make_window: Make) -> Make:
    """Windows whose table has been on screen (so their solver features are at work)."""

    def make(*args: object, **kwargs: object) -> MainWindow:
        window = make_window(*args, **kwargs)
        qtbot.waitUntil(lambda: window.solver.ready, timeout=WAIT_MS)
        return window

    return make


def shown(window: MainWindow) -> Shown:
    return window.solver.indicator.shown


def wait_shown(qtbot: QtBot, window: MainWindow, state: Shown) -> None:
    qtbot.waitUntil(lambda: shown(window) is state, timeout=WAIT_MS)


def record_states(window: MainWindow) -> list[Shown]:
    """Every state the indicator is put in from now on."""
    states: list[Shown] = []
    indicator = window.solver.indicator
    original = indicator.show_state

    def show_state(state: Shown, untouched: bool = False) -> None:
        states.append(state)
        original(state, untouched)

    indicator.show_state = show_state  # type: ignore[method-assign]
    return states


def test_the_window_keeps_running_while_the_solver_works(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("until_stopped_only")  # a search that never ends by itself
    window = make_ready("klondike", 5)
    wait_shown(qtbot, window, Shown.SOLVING)
    ticks: list[int] = []
    timer = QTimer(window)
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    qtbot.waitUntil(lambda: len(ticks) >= 25, timeout=WAIT_MS)
    assert shown(window) is Shown.SOLVING and window.solver.service.solver.waiting
    assert window.player.act(Deal())  # the player can play on, and the search follows
    assert shown(window) is Shown.SOLVING
    timer.stop()


def test_a_move_gives_up_the_old_question_and_its_answer_is_never_shown(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("lost_at_the_start_slowly")
    window = make_ready("klondike", 5)
    solver = window.solver.service.solver
    solver.grace = WAIT_MS / 1000  # the search that will not stop is waited for, never killed
    # The deal is being solved: the worker began its search (a request it had not begun yet
    # would be told to stop before it starts, and no answer would come back to drop).
    qtbot.waitUntil(lambda: solver.running is not None and solver.searching == solver.running,
                    timeout=WAIT_MS)
    states = record_states(window)
    assert window.player.act(Deal())
    wait_shown(qtbot, window, Shown.WINNABLE)
    assert Shown.LOST not in states
    assert solver.dropped == 1  # the answer about the deal did come back, and was dropped


def test_the_lost_notice_comes_once_and_undo_goes_back_to_the_last_winnable_position(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("winnable_for_two_turns")
    window = make_ready("klondike", 5)
    solver = window.solver
    wait_shown(qtbot, window, Shown.WINNABLE)
    assert window.player.act(Deal())
    wait_shown(qtbot, window, Shown.WINNABLE)
    assert not solver.undo_to_winnable.isEnabled()
    assert window.player.act(Deal())
    wait_shown(qtbot, window, Shown.LOST)
    notice = solver.notice
    assert notice is not None and notice.isVisible()
    assert "one move ago" in notice.informativeText()
    notice.keep_button.click()
    qtbot.waitUntil(lambda: solver.notice is None)
    assert window.player.act(Deal())
    assert window.player.act(Deal())
    assert shown(window) is Shown.LOST  # known without asking: it follows from a lost position
    assert solver.notice is None  # said once, not on every later move
    assert solver.undo_to_winnable.isEnabled()
    solver.undo_to_winnable.trigger()
    game = window.game
    assert game is not None and len(game.history) == 1 and game.can_redo
    assert shown(window) is Shown.WINNABLE
    assert window.player.act(Deal())  # a new fall is told again, and its undo goes back too
    wait_shown(qtbot, window, Shown.LOST)
    notice = solver.notice
    assert notice is not None
    notice.undo_button.click()
    qtbot.waitUntil(lambda: solver.notice is None)
    assert len(game.history) == 1 and shown(window) is Shown.WINNABLE


def test_the_verdict_can_be_hidden_and_then_nothing_is_told(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("winnable_for_two_turns")
    window = make_ready("klondike", 5)
    solver = window.solver
    assert window.acts.show_verdict.isChecked() and solver.indicator.isVisibleTo(window)
    window.acts.show_verdict.trigger()
    assert not window.settings.show_verdict and not solver.indicator.isVisibleTo(window)
    wait_shown(qtbot, window, Shown.WINNABLE)
    assert window.player.act(Deal())
    wait_shown(qtbot, window, Shown.WINNABLE)
    assert window.player.act(Deal())
    wait_shown(qtbot, window, Shown.LOST)  # still known (for the undo back), only not shown
    assert solver.notice is None
    assert solver.undo_to_winnable.isEnabled()
    window.acts.show_verdict.trigger()
    assert window.settings.show_verdict and solver.indicator.isVisibleTo(window)


def test_winnable_deals_only_deals_a_proven_deal(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("won_when_seed_divisible_by_three")
    window = make_ready("klondike", 5)
    window.solver.winnable_only.trigger()
    assert window.settings.winnable_only
    old = window.game
    window.acts.new_game.trigger()
    assert window.solver.searching
    assert window.status.passing is not None and "Looking for a winnable deal" in str(window.status.passing)
    qtbot.waitUntil(lambda: window.game is not old, timeout=WAIT_MS)
    game = window.game
    assert game is not None and game.seed % 3 == 0 and game.moves == 0
    assert shown(window) is Shown.WINNABLE  # what the search learnt shows at once
    shown_number = "".join(ch for ch in window.status.deal.text() if ch.isdigit())
    assert shown_number == str(game.seed)  # shown as any deal number is
    assert window.solver.search.tried <= 3 and not window.solver.searching


def test_a_game_chosen_from_a_menu_is_a_proven_deal_with_winnable_deals_only(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("won_when_seed_divisible_by_three")
    window = make_ready("freecell", 5)
    window.settings.winnable_only = True
    window.settings.remember_game("klondike")
    window.fill_recent_menu()
    recent = window.acts.recent_menu.findChild(QAction, "recent_klondike")
    assert recent is not None
    recent.trigger()  # the menu's own signal comes after: it must not end the search
    qtbot.waitUntil(lambda: window.game is not None and window.game.variant_id == "klondike",
                    timeout=WAIT_MS)
    game = window.game
    assert game is not None and game.seed % 3 == 0
    assert shown(window) is Shown.WINNABLE


@pytest.mark.parametrize("how", ["random", "by number", "played"])
def test_turning_winnable_deals_on_replaces_only_a_deal_at_random_not_played_yet(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None], how: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver_is("won_when_seed_divisible_by_three")

    class Drawn:  # the numbers "at random": one this solver finds not winnable, then on
        def randint(self, *_limits: int) -> int:
            return 3_000_010

    monkeypatch.setattr(random, "SystemRandom", Drawn)
    window = make_ready("klondike", 5)  # 5: not winnable for this solver
    if how != "by number":
        assert window.dealer.start_game("klondike")  # as the first start deals
    if how == "played":
        assert window.player.act(Deal())
    before = window.game
    assert before is not None and before.seed % 3 != 0
    window.solver.winnable_only.setChecked(True)  # as the first start's answer does
    if how == "random":
        qtbot.waitUntil(lambda: window.game is not before and not window.solver.searching,
                        timeout=WAIT_MS)
        game = window.game
        assert game is not None and game.seed % 3 == 0 and game.moves == 0
    else:
        assert not window.solver.searching and window.game is before


@pytest.mark.parametrize(("limit", "value", "tries", "told"), [
    ("MAX_TRIES", 3, 3, "No winnable deal was found in 3 tries"),
    ("LOOK_SECONDS", 0.0, 1, "No winnable deal was found in one try"),  # up at the first answer
])
def test_winnable_deals_only_gives_up_with_a_message_and_deals_the_last_try(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None], monkeypatch: pytest.MonkeyPatch,
    limit: str, value: float, tries: int, told: str,
) -> None:
    solver_is("never_won")
    monkeypatch.setattr(solver_deals, limit, value)
    window = make_ready("klondike", 5)
    window.settings.winnable_only = True
    old = window.game
    window.dealer.new_game()
    qtbot.waitUntil(lambda: window.game is not old, timeout=WAIT_MS)
    assert window.solver.search.tried == tries
    assert told in str(window.status.passing)
    assert shown(window) is Shown.LOST


def test_looking_is_said_once_however_many_deals_it_tries(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver_is("never_won")
    monkeypatch.setattr(solver_deals, "MAX_TRIES", 6)
    monkeypatch.setattr(solver_ui, "_COUNT_EVERY_S", 0.0)  # the count on screen follows every try
    window = make_ready("klondike", 5)
    said: list[str] = []
    window.accessible.announced.connect(said.append)
    window.settings.winnable_only = True
    old = window.game
    window.dealer.new_game()
    qtbot.waitUntil(lambda: window.game is not old, timeout=WAIT_MS)
    assert window.solver.search.tried == 6
    looking = [text for text in said if "Looking for a winnable deal" in text]
    assert looking == ["Looking for a winnable deal… (try 1)"]
    assert any("No winnable deal was found in 6 tries" in text for text in said)  # the end is said


@pytest.mark.parametrize(("tried", "decided", "elapsed", "more"), [
    (1, 0, 0.0, True),  # the first answer: look on
    (solver_deals.UNDECIDED_TRIES, 0, 1.0, False),  # the solver decides none of the game's deals
    (solver_deals.UNDECIDED_TRIES, 1, 1.0, True),
    (50, 50, 2.0, True),  # many quick lost deals (Pyramid): far more than ten tries
    (50, 50, solver_deals.LOOK_SECONDS, False),  # the time is up
    (solver_deals.MAX_TRIES, solver_deals.MAX_TRIES, 1.0, False),
])
def test_when_looking_goes_on(tried: int, decided: int, elapsed: float, more: bool) -> None:
    assert solver_deals.keep_looking(tried, decided, elapsed) is more


def _dealt_with_winnable_only(qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
                              solver: str) -> MainWindow:
    """A window whose New Game, with winnable deals only, has dealt (the search over)."""
    solver_is(solver)
    window = make_ready("klondike", 5)
    window.settings.winnable_only = True
    old = window.game
    window.dealer.new_game()
    qtbot.waitUntil(lambda: window.game is not old, timeout=WAIT_MS)
    return window


def test_looking_stops_early_when_the_solver_decides_no_deal_of_the_game(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    window = _dealt_with_winnable_only(qtbot, make_ready, solver_is, "never_decides")
    assert window.solver.search.tried == solver_deals.UNDECIDED_TRIES < solver_deals.MAX_TRIES
    assert "No winnable deal was found" in str(window.status.passing)


def test_the_doubt_about_a_deal_goes_when_the_solver_later_proves_it_winnable(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    window = _dealt_with_winnable_only(qtbot, make_ready, solver_is, "won_only_with_time")
    assert "this deal may not be winnable" in str(window.status.passing)
    wait_shown(qtbot, window, Shown.WINNABLE)  # the quiet longer search
    assert window.status.passing is None


def _searching(make_ready: Make, solver_is: Callable[[str], None]) -> tuple[MainWindow, Game | None]:
    """A window looking for a winnable deal (a solver that never answers), and its game."""
    solver_is("until_stopped_only")
    window = make_ready("klondike", 5)
    window.settings.winnable_only = True
    game = window.game
    window.dealer.new_game()
    assert window.solver.searching
    return window, game


def test_any_other_action_ends_the_search_for_a_deal(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    window, game = _searching(make_ready, solver_is)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton)
    assert not window.solver.searching and window.game is game
    assert window.status.passing is None
    window.dealer.new_game()
    assert window.solver.searching
    window.acts.hint.trigger()
    assert not window.solver.searching and window.game is game


def test_a_look_at_the_status_the_view_or_the_language_lets_the_search_go_on(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    window, game = _searching(make_ready, solver_is)
    window.acts.read_status.trigger()  # Ctrl+I: how a screen reader hears the tries
    QTest.keyClick(window.view, Qt.Key.Key_Right)  # moving the keyboard focus
    window.fill_language_menu()
    german = next(action for action in window.acts.language_menu.actions()
                  if action.objectName() == "language_de")
    german.trigger()
    window.acts.language_menu.triggered.emit(german)  # as a choice in the menu tells it
    window.acts.show_toolbar.trigger()
    assert window.solver.searching and window.game is game
    QTest.keyClick(window.view, Qt.Key.Key_Space)  # picking up a card plays on
    assert not window.solver.searching


def test_show_me_how_wins_and_does_not_count_as_a_win(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver_is("aisle.solver:solve")  # the real solver: it wins Doublets deal 1 at once
    monkeypatch.setattr(solver_show, "STEP_MS", 1)
    window = make_ready("doublets", 1)
    wait_shown(qtbot, window, Shown.WINNABLE)
    assert window.solver.show_me_how.isEnabled()
    heard: list[str] = []
    window.status.listeners.append(lambda text: heard.append(text.translate()))
    window.solver.show_me_how.trigger()
    game = window.game
    assert game is not None
    qtbot.waitUntil(lambda: game.status is Status.WON, timeout=WAIT_MS)
    assert window.session is not None and window.session.assisted
    # A screen reader hears the show's instruction once, not around every step.
    assert game.moves > 2
    assert sum(text.startswith("Showing the way") for text in heard) == 1, heard
    entry = window.session.stats.entry("doublets", game.options)
    assert (entry.played, entry.won) == (1, 0)
    assert not window.solver.showing
    # The end dialog does not congratulate the player on the solver's win.
    qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=WAIT_MS)
    assert window.end_dialog is not None and window.end_dialog.assisted
    assert "not count" in window.end_dialog.text()


def test_show_me_how_plays_the_solution_alone_with_automatic_moves_on(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver_is("aisle.solver:solve")
    monkeypatch.setattr(solver_show, "STEP_MS", 1)
    window = make_ready("doublets", 1)
    game = window.game
    assert game is not None
    game.auto_up = True  # the player's choice: no card may follow the solver's moves by itself
    wait_shown(qtbot, window, Shown.WINNABLE)
    solution = window.solver.watch.solution()
    window.solver.show_me_how.trigger()
    qtbot.waitUntil(lambda: game.status is Status.WON, timeout=WAIT_MS)
    assert [turn.action for turn in game.history] == list(solution)
    assert all(not turn.auto for turn in game.history)
    assert game.auto_up  # given back once the showing ended


def test_show_me_how_stops_at_the_player_s_first_input(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver_is("aisle.solver:solve")
    monkeypatch.setattr(solver_show, "STEP_MS", 50)
    window = make_ready("doublets", 1)
    wait_shown(qtbot, window, Shown.WINNABLE)
    heard: list[str] = []
    window.status.listeners.append(lambda text: heard.append(text.translate()))
    window.solver.show_me_how.trigger()
    game = window.game
    assert game is not None and window.solver.showing and game.moves == 1
    qtbot.waitUntil(lambda: game.moves >= 2, timeout=WAIT_MS)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton)
    assert not window.solver.showing
    # A second show says its instruction again (once a show).
    qtbot.waitUntil(lambda: window.solver.show_me_how.isEnabled(), timeout=WAIT_MS)
    window.solver.show_me_how.trigger()
    assert window.solver.showing
    assert sum(text.startswith("Showing the way") for text in heard) == 2, heard
    window.solver.toggle_show()
    moves = game.moves
    QTest.qWait(3 * solver_show.STEP_MS)
    assert game.moves == moves and game.status is Status.PLAYING
    assert shown(window) is Shown.WINNABLE  # every position on the way is known


def test_hint_suggests_the_solution_s_next_move(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("won_not_by_the_hint")
    window = make_ready("klondike", 5)
    game = window.game
    assert game is not None
    own = game.hint()
    wait_shown(qtbot, window, Shown.WINNABLE)
    step = window.solver.watch.solution()[0]
    assert own is None or step != own.action
    window.acts.hint.trigger()
    marked = {slot for slot, _first in window.scene.marked(Mark.HINT)}
    if isinstance(step, Move):
        assert marked == {step.source, step.target}
        assert str(window.status.passing).startswith("Move ")
    else:
        assert marked == {slot.id for slot in game.slots if slot.kind == "stock"}


def test_the_verdict_follows_a_language_switch(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "locale"
    po = folder / "de" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Winnable"\nmsgstr "Gewinnbar (Test)"\n', encoding="utf-8")
    # A catalog of our own behind the real one: it only adds what the real one lacks.
    monkeypatch.setattr(i18n, "_cache", {})
    monkeypatch.setitem(i18n._folders, i18n.DOMAIN, [folder])
    solver_is("winnable_for_two_turns")
    window = make_ready("klondike", 5)
    wait_shown(qtbot, window, Shown.WINNABLE)
    i18n.set_language("de")
    assert window.solver.indicator.text() == i18n._("Winnable") != "Winnable"
    i18n.set_language("en")
    assert window.solver.indicator.text() == "Winnable"


def test_read_status_says_why_the_verdict_is_unknown_and_nothing_once_it_is_hidden(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("never_decides")
    window = make_ready("klondike", 5)
    wait_shown(qtbot, window, Shown.UNKNOWN)
    window.acts.read_status.trigger()
    assert window.accessible.last.endswith("Unknown: The solver could not decide in the time it has.")
    window.acts.show_verdict.trigger()
    window.acts.read_status.trigger()
    assert "Unknown" not in window.accessible.last
    assert "could not decide" not in window.accessible.last  # nor its reason, on another line


def test_no_verdict_makes_the_window_wider(make_ready: Make, solver_is: Callable[[str], None]) -> None:
    solver_is("until_stopped_only")
    window = make_ready("klondike", 5, size=(420, 500))
    indicator = window.solver.indicator
    for language in ("en", "de", "ru", "it"):
        i18n.set_language(language)
        QApplication.processEvents()
        wanted = window.minimumSizeHint().width()
        width = window.width()
        for state in TEXTS:
            indicator.show_state(state)
            QApplication.processEvents()
            assert window.minimumSizeHint().width() <= wanted
            assert window.width() == width


def test_a_deal_lost_from_the_start_says_so_in_its_own_words(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
) -> None:
    solver_is("never_won")
    window = make_ready("klondike", 5)
    wait_shown(qtbot, window, Shown.LOST)
    indicator = window.solver.indicator
    assert indicator.text() == "This deal cannot be won"  # no move yet: nothing was spoilt
    assert window.player.act(Deal())
    qtbot.waitUntil(lambda: indicator.text() == TEXTS[Shown.LOST][0].translate(), timeout=WAIT_MS)
    window.player.undo()
    qtbot.waitUntil(lambda: indicator.text() == "This deal cannot be won", timeout=WAIT_MS)


def test_a_newcomer_who_chooses_any_deal_still_gets_a_winnable_first_game(
    qtbot: QtBot, make_ready: Make, solver_is: Callable[[str], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver_is("won_when_seed_divisible_by_three")

    class Drawn:
        def randint(self, *_limits: int) -> int:
            return 3_000_010

    monkeypatch.setattr(random, "SystemRandom", Drawn)
    window = make_ready("klondike", 5)
    assert window.dealer.start_game("klondike")  # as the first start deals
    before = window.game
    assert before is not None and before.seed % 3 != 0
    window.solver.winnable_first_deal()  # "Any Deal" answered
    qtbot.waitUntil(lambda: window.game is not before and not window.solver.searching,
                    timeout=WAIT_MS)
    game = window.game
    assert game is not None and game.seed % 3 == 0 and game.moves == 0
    assert not window.settings.winnable_only  # the deals after it: any
    # The welcome box answered after its window closed (a logout): nothing is dealt.
    window.solver.close()
    assert window.dealer.start_game("klondike")
    unplayed = window.game
    window.solver.winnable_first_deal()
    qtbot.wait(100)
    assert window.game is unplayed and not window.solver.searching
