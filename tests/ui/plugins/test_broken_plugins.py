"""A plugin's game that fails anywhere while being played: the same dialog naming the plugin and
the file, the plugin listed as broken in Help ▸ Plugins, another game offered, and a window that
stays whole (undo, menus, the table). Refusals given as plain strings, scores out of range,
games that cannot be dealt at all."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from aisle.engine import Deal, Move
from aisle.registry import loading
from aisle.ui.dialogs.info import PluginsDialog
from aisle.ui.dialogs.select_game import SelectGameDialog
from aisle.ui.window.main_window import MainWindow

from ..table_helpers import items_match_model

__all__ = ["install_plugin"]  # the fixture, used by name

MakeWindow = Callable[..., MainWindow]


@pytest.fixture
def guarded_window(make_window: MakeWindow) -> Iterator[MakeWindow]:
    """Windows with the guard's exception hook installed, as the application runs them: a
    failure in any handler (ours or another part's) takes the guarded path."""
    uninstall: list[Callable[[], None]] = []

    def make(*args: object, **kwargs: object) -> MainWindow:
        window = make_window(*args, **kwargs)
        uninstall.append(window.guard.install())
        return window

    yield make
    for undo in reversed(uninstall):
        undo()

#: Each method of a game that raises once switched on, and how a player gets the window to
#: call it (through the real actions and the table's player).
TRIGGERS: dict[str, Callable[[MainWindow], object]] = {
    "score": lambda w: w.acts.deal.trigger(),
    "is_won": lambda w: w.acts.deal.trigger(),
    "is_lost": lambda w: w.acts.deal.trigger(),
    "status_text": lambda w: w.acts.deal.trigger(),
    "stock_refusal": lambda w: w.acts.deal.trigger(),
    "click_stock": lambda w: w.acts.deal.trigger(),
    "hint": lambda w: w.acts.hint.trigger(),
    "legal_actions": lambda w: w.acts.hint.trigger(),
    "pick_up_refusal": lambda w: w.player.act(Move("tableau-1", 1, "tableau-2")),
    "drop_refusal": lambda w: w.player.act(Move("tableau-1", 1, "tableau-2")),
    "after_move": lambda w: w.player.act(_legal_move(w)),
    "double_click": lambda w: w.player.double_click("tableau-1"),
}


def _legal_move(window: MainWindow) -> Move:
    assert window.game is not None
    board = window.game.board
    return next(a for a in type(window.game.variant).__mro__[1]().legal_actions(board)  # type: ignore[call-arg]
                if isinstance(a, Move))


def _switchable(method: str) -> str:
    """Toy game methods that raise once the plugin module's BROKEN is set."""
    return (f"def {method}(self, *args):\n"
            f"    if BROKEN:\n"
            f"        raise ValueError('{method} broke on purpose')\n"
            f"    return super().{method}(*args)\n")


def _plugin_dialog_text(window: MainWindow) -> str:
    window.acts.plugins.trigger()
    dialog = window.extras.open["plugins"]
    assert isinstance(dialog, PluginsDialog)
    text = dialog.view.toPlainText()
    dialog.close()
    return text


@pytest.mark.parametrize("method", sorted(TRIGGERS))
def test_a_game_failing_in_any_method_is_reported_the_same_way(
        install_plugin: InstallPlugin, guarded_window: MakeWindow, qtbot: QtBot,
        method: str) -> None:
    path = install_plugin("aisle_switchable", toy_plugin(
        "switchable", "Switchable", _switchable(method), extra="BROKEN = False"))
    window = guarded_window("switchable", 3)
    window.player.act(_legal_move(window))  # something to undo
    module = importlib.import_module("aisle_switchable")
    module.BROKEN = True  # type: ignore[attr-defined]
    TRIGGERS[method](window)
    box = window.extras.open.get("game_broke")
    assert isinstance(box, QMessageBox)
    text = box.text()
    assert box.windowTitle() == "The game has a problem"
    # The call into the game that failed (a game's own hint asks its legal_actions).
    assert f"() raised ValueError: {method} broke on purpose" in text
    assert "Switchable made an error" in text
    assert "the plugin “aisle_switchable” (aisle-aisle_switchable 1.0)" in text
    assert f"in {path}, line " in text
    assert loading.get_registry().plugins[-1].broken
    listed = _plugin_dialog_text(window)
    assert "Broken: a game of this plugin failed" in listed and f"{method} broke on purpose" in listed
    # The window stays whole: the table as the game says, the game's undo still there.
    qtbot.waitUntil(lambda: not window.guard._recovery_due)
    game = window.game
    assert game is not None and window.scene.game is game and items_match_model(window)
    assert window.acts.undo.isEnabled() == game.can_undo
    assert window.windowTitle() == "Switchable — Aisle"
    # Another game is offered, and taken.
    choose = box.findChild(QPushButton, "fault_choose_game")
    assert choose is not None
    choose.click()
    qtbot.waitUntil(lambda: "select_game" in window.extras.open)
    select = window.extras.open["select_game"]
    assert isinstance(select, SelectGameDialog)
    select.search.setText("klondike")
    select.accept()
    qtbot.waitUntil(lambda: window.game is not None and window.game.variant_id == "klondike")
    assert window.windowTitle() == "Klondike — Aisle"


def test_a_failure_repeated_on_every_refresh_is_told_once(
        install_plugin: InstallPlugin, guarded_window: MakeWindow, qtbot: QtBot,
        caplog: pytest.LogCaptureFixture) -> None:
    install_plugin("aisle_latescore", toy_plugin("late-score", "Late Score", """
        def score(self, board):
            if board.slot("waste").cards:
                raise ZeroDivisionError("the score fell over")
            return 0
    """))
    window = guarded_window("late-score", 3)

    def errors_logged() -> list[str]:
        return [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]

    window.acts.deal.trigger()
    qtbot.waitUntil(lambda: not window.guard._recovery_due)
    first = errors_logged()
    assert first and all(record.exc_info for record in caplog.records
                         if record.levelname == "ERROR")
    for _turn in range(3):
        window.acts.deal.trigger()
        qtbot.waitUntil(lambda: not window.guard._recovery_due)
    assert errors_logged() == first  # the issue: a traceback on every refresh
    assert len(set(first)) == len(first)
    assert window.acts.undo.isEnabled()  # the issue: Undo was greyed out
    window.extras.open["game_broke"].close()
    qtbot.waitUntil(lambda: "game_broke" not in window.extras.open)
    window.acts.deal.trigger()
    assert "game_broke" not in window.extras.open  # told already
    window.acts.undo.trigger()
    assert window.game is not None and window.game.can_redo


def test_a_score_out_of_range_is_a_plugin_fault(install_plugin: InstallPlugin,
                                                 guarded_window: MakeWindow) -> None:
    install_plugin("aisle_bigscore", toy_plugin("big-score", "Big Score", """
        def score(self, board):
            return 99 if board.slot("waste").cards else 0
    """))
    window = guarded_window("big-score", 3)
    window.acts.deal.trigger()
    box = window.extras.open["game_broke"]
    assert isinstance(box, QMessageBox)
    assert "score() returned 99, not a whole number from 0 to max_score() = 52" in box.text()
    assert "aisle_bigscore" in box.text()


def test_a_refusal_given_as_a_string_shows_as_it_is(install_plugin: InstallPlugin,
                                                      make_window: MakeWindow) -> None:
    install_plugin("aisle_strrefusal", toy_plugin("str-refusal", "Plain Refusal", """
        def drop_refusal(self, board, source, count, target):
            return "Not onto that pile, sorry."
    """))
    window = make_window("str-refusal", 3)
    assert not window.player.act(Move("tableau-1", 1, "tableau-2"))
    assert window.status.message.text() == "Not onto that pile, sorry."
    assert "game_broke" not in window.extras.open


def test_a_game_that_cannot_be_dealt_leaves_the_game_before(
        install_plugin: InstallPlugin, make_window: MakeWindow) -> None:
    # The deal made as the plugin loads passes (a game that never deals is left out then);
    # this one fails only when played.
    path = install_plugin("aisle_nodeal", toy_plugin("no-deal", "No Deal", """
        def deal(self, board, deck):
            DEALT.append(1)
            if len(DEALT) > 1:
                raise RuntimeError("the deck is glued together")
            super().deal(board, deck)
    """, extra="DEALT = []"))
    window = make_window("klondike", 4)
    before = window.game
    assert not window.dealer.start_game("no-deal", 1)
    assert window.game is before and window.windowTitle() == "Klondike — Aisle"
    box = window.extras.open["game_broke"]
    assert isinstance(box, QMessageBox)
    assert "deal() raised RuntimeError: the deck is glued together" in box.text()
    assert str(path) in box.text()
    assert window.player.act(Deal()) or window.game.legal_actions() == []


def test_no_window_is_left_empty_when_the_asked_game_fails(
        install_plugin: InstallPlugin, qtbot: QtBot, isolated: Path) -> None:
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings

    install_plugin("aisle_nodeal2", toy_plugin("no-deal-2", "No Deal", """
        def deal(self, board, deck):
            raise RuntimeError("no cards")
    """))
    window = MainWindow(Settings(animations=False, last_game="no-deal-2"),
                        Session(Statistics.load()[0]))
    qtbot.addWidget(window)
    window.dealer.start_game("no-deal-2", 1)  # as `aisle --game no-deal-2` would
    assert window.game is not None and window.game.variant_id == "klondike"
    assert not window.empty_table.showing()


def test_the_fault_s_place_names_its_line_in_the_player_s_language() -> None:
    from aisle import i18n
    from aisle.engine.game import VariantError
    from aisle.registry.faults import Culprit
    from aisle.ui.dialogs.fault import fault_texts

    culprit = Culprit("aisle_x", "aisle-x", "1.0", "X", "/plugins/x/rules.py, line 42")
    _title, text = fault_texts(VariantError("x: hint() raised ValueError: no", "x"), culprit)
    assert "in /plugins/x/rules.py, line 42." in text.translate()
    i18n.set_language("de")
    assert "/plugins/x/rules.py, Zeile 42" in text.translate()
