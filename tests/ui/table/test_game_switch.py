"""Switching games never leaves the window half-switched (issue: a keyboard focus on
"tableau-2" made the switch to Doublets raise KeyError and kept Klondike's title, menu and
status bar): every ordered pair of installed games, with the focus on a high-numbered slot,
a keyboard selection and a hint showing; and a failure in the middle of a switch, or in any
handler, takes the guarded path and leaves a consistent window."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QGraphicsPixmapItem, QMessageBox
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle.engine import Move, SlotKind, Status
from aisle.registry.loading import available_variants
from aisle.ui.dialogs.select_game import SelectGameDialog
from aisle.ui.table.marks import Mark
from aisle.ui.window.main_window import MainWindow

from ..table_helpers import card_point, items_match_model

MakeWindow = Callable[..., MainWindow]

GAMES = sorted(available_variants())
PAIRS = [(first, second) for first in GAMES for second in GAMES if first != second]


def _number(slot_id: str) -> int:
    tail = slot_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def focus_high_slot(window: MainWindow) -> str:
    """Click the table, then move the keyboard focus with PageDown to the slot with the highest
    number (as a player would with the keys); returns its id."""
    assert window.game is not None
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, card_point(window, window.game.slots[0].id))
    target = max(window.game.slots, key=lambda slot: (_number(slot.id), slot.id)).id
    for _step in range(len(window.game.slots) + 1):
        QTest.keyClick(window.view, Qt.Key.Key_PageDown)
        if window.view.keys.focus is not None and window.view.keys.focus[0] == target:
            return target
    raise AssertionError(f"the focus never reached {target}")


def switch_with_select_game(window: MainWindow, variant_id: str) -> None:
    """Game ▸ Select Game, the game, OK."""
    window.acts.select_game.trigger()
    dialog = window.extras.open["select_game"]
    assert isinstance(dialog, SelectGameDialog)
    for row in range(dialog.games.count()):
        if dialog.games.item(row).data(Qt.ItemDataRole.UserRole) == variant_id:
            dialog.games.setCurrentRow(row)
    assert dialog.chosen() == variant_id
    dialog.accept()
    QApplication.processEvents()


def assert_window_follows(window: MainWindow, variant_id: str) -> None:
    game = window.game
    assert game is not None and game.variant_id == variant_id
    info = available_variants()[variant_id]
    name = info.name.translate()
    assert window.scene.game is game
    assert window.windowTitle() == f"{name} — Aisle"
    assert window.acts.options_menu.title().replace("&", "") == name
    assert window.status.deal.text() == f"Deal {game.seed}"  # an identifier: no grouping
    assert window.status.score.text() == f"Score: {game.score:,} of {game.max_score:,}"
    assert not window.acts.undo.isEnabled() and not window.acts.redo.isEnabled()
    assert not window.acts.restart.isEnabled()
    assert window.view.keys.focus is None and window.view.keys.selection is None
    for kind in (Mark.FOCUS, Mark.SELECTION, Mark.HINT, Mark.TARGET):
        assert window.scene.marked(kind) == []
    assert window.end_dialog is None
    assert items_match_model(window)


def play_on(window: MainWindow) -> None:
    """Arrow keys move the focus over the new game's slots, and a move is made and undone."""
    game = window.game
    assert game is not None
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Up):
        QTest.keyClick(window.view, key)
        focus = window.view.keys.focus
        assert focus is not None and game.board.has_slot(focus[0])
    actions = game.legal_actions()
    if not actions:  # a deal with no move at all (Beleaguered Castle can be one): over at once
        assert game.status is not Status.PLAYING
        return
    action = next((a for a in actions if isinstance(a, Move)), actions[0])
    assert window.player.act(action)
    assert window.acts.undo.isEnabled() and window.acts.restart.isEnabled()
    window.acts.undo.trigger()
    assert not window.acts.undo.isEnabled() and window.acts.redo.isEnabled()


@pytest.fixture(scope="module")
def windows() -> Iterator[list[MainWindow]]:
    """One window for every pair (made by the first test, inside its isolated folders): a
    window per pair would cost most of the time, and each test deals its first game anew."""
    made: list[MainWindow] = []
    yield made
    for window in made:
        window.close()
        window.deleteLater()


@pytest.fixture
def pair_window(windows: list[MainWindow], qtbot: QtBot) -> MainWindow:
    if not windows:
        from aisle.session import Session
        from aisle.stats import Statistics
        from aisle.storage import Settings

        window = MainWindow(Settings(animations=False, confirm_leave=False), Session(Statistics.load()[0]))
        window.resize(1000, 700)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
    for dialog in list(windows[0].extras.open.values()):
        dialog.close()
    return windows[0]


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_every_switch_with_the_keyboard_focus_on_a_high_slot(
        pair_window: MainWindow, first: str, second: str) -> None:
    window = pair_window
    assert window.dealer.start_game(first, 7)
    focused = focus_high_slot(window)
    assert window.view.keys.focus is not None and window.view.keys.focus[0] == focused
    window.acts.hint.trigger()  # a hint on show, when the game has one
    switch_with_select_game(window, second)
    assert_window_follows(window, second)
    play_on(window)
    window.acts.new_game.trigger()
    assert window.game is not None and window.game.variant_id == second
    assert window.game.moves == 0


def test_cruel_then_spider_then_doublets_with_the_focus_on_tableau_5(
        make_window: MakeWindow) -> None:
    window = make_window("cruel", 3)
    for _step in range(40):
        QTest.keyClick(window.view, Qt.Key.Key_PageDown)
        if window.view.keys.focus is not None and window.view.keys.focus[0] == "tableau-5":
            break
    assert window.view.keys.focus is not None and window.view.keys.focus[0] == "tableau-5"
    switch_with_select_game(window, "spider-three-decks")
    focus_high_slot(window)
    switch_with_select_game(window, "doublets")
    assert_window_follows(window, "doublets")
    play_on(window)


def test_a_switch_that_fails_half_way_puts_the_game_before_back(
        make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    window = make_window("klondike", 5)
    before = window.game
    assert before is not None
    window.player.act(next(a for a in before.legal_actions()))
    focus_high_slot(window)
    real = window.scene.set_game
    calls = []

    def set_game_failing_once(game: object, deal: bool = True) -> None:
        calls.append(game)
        if len(calls) == 1:
            raise RuntimeError("the table could not be laid")
        real(game, deal)  # type: ignore[arg-type]

    monkeypatch.setattr(window.scene, "set_game", set_game_failing_once)
    assert not window.dealer.start_game("doublets", 2)
    # Rolled back as a whole: the game before, its title, menu, status and undo.
    assert window.game is before and window.scene.game is before
    assert window.windowTitle() == "Klondike — Aisle"
    assert window.acts.options_menu.title().replace("&", "") == "Klondike"
    assert window.acts.undo.isEnabled()
    assert window.status.deal.text() == "Deal 5"
    box = window.extras.open["game_broke"]
    assert isinstance(box, QMessageBox) and box.windowTitle() == "Aisle has a problem"
    assert "the table could not be laid" in box.text()
    # The session still holds the game on the table; the statistics did not count a switch.
    assert window.session is not None and window.session.game is before
    qtbot.waitUntil(lambda: not window.guard._recovery_due)
    QTest.keyClick(window.view, Qt.Key.Key_Right)
    assert window.view.keys.focus is not None


def test_an_exception_in_any_handler_takes_the_guarded_path(
        make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot,
        caplog: pytest.LogCaptureFixture) -> None:
    window = make_window("klondike", 5)
    uninstall = window.guard.install()
    try:
        focus_high_slot(window)
        window.view.keys.selection = ("tableau-7", 6)
        window.scene.mark(Mark.SELECTION, [("tableau-7", 6)])

        def broken_step(step: int, by_slot: bool) -> None:
            raise KeyError("tableau-99")

        sideways = window.view.keys._sideways
        monkeypatch.setattr(window.view.keys, "_sideways", broken_step)
        # A key press from the event loop: Qt hands the error to sys.excepthook, which the
        # guard has (as in the application; pytest-qt's own hook is back after the test).
        QApplication.postEvent(window.view, QKeyEvent(
            QEvent.Type.KeyPress, Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier))
        qtbot.waitUntil(lambda: "game_broke" in window.extras.open)
        qtbot.waitUntil(lambda: window.view.keys.selection is None)
        assert "KeyError" in caplog.text and "Traceback" in caplog.text
        box = window.extras.open["game_broke"]
        assert isinstance(box, QMessageBox) and "tableau-99" in box.text()
        assert box.detailedText().startswith("Traceback")
        # Put in order: no selection or focus left, the table as the game says.
        assert window.view.keys.focus is None and window.scene.marked(Mark.SELECTION) == []
        assert items_match_model(window)
        monkeypatch.setattr(window.view.keys, "_sideways", sideways)
        QTest.keyClick(window.view, Qt.Key.Key_Right)
        assert window.view.keys.focus is not None
        box.close()
        assert isinstance(box, QDialog)
    finally:
        uninstall()


def test_empty_foundations_are_told_from_other_empty_slots(
    toy: type[ToyGame], make_window: MakeWindow
) -> None:
    window = make_window("toy", 1)
    scene = window.scene
    assert scene.game is not None and scene.layout is not None
    shown = {slot.id: scene.items(QPointF(*scene.layout.origins[slot.id]) + QPointF(2, 2))
             for slot in scene.game.slots if not slot.cards}
    width, dpr = scene.layout.card_width, scene.dpr
    for slot in scene.game.slots:
        if slot.id in shown:
            wanted = scene.pictures.outline(width, dpr, slot.kind == SlotKind.FOUNDATION).cacheKey()
            outlines = [item for item in shown[slot.id] if isinstance(item, QGraphicsPixmapItem)
                        and item.zValue() == -1]
            assert [item.pixmap().cacheKey() for item in outlines] == [wanted], slot.id
    assert any(slot.kind == SlotKind.FOUNDATION for slot in scene.game.slots if slot.id in shown)
    assert any(slot.kind != SlotKind.FOUNDATION for slot in scene.game.slots if slot.id in shown)
