"""A third-party game's code that never returns is stopped after a while and reported like any
failing game, the board as it was; Aisle's own code and games, however long they run, are never
interrupted."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from aisle.registry import loading
from aisle.registry.faults import third_party_modules
from aisle.ui.window import hang_watch
from aisle.ui.window.hang_watch import HangWatch
from aisle.ui.window.main_window import MainWindow

__all__ = ["install_plugin"]  # the fixture, used by name

MakeWindow = Callable[..., MainWindow]

#: A kit game whose hint asks the kit's look-ahead (which moves cards to try them and puts
#: them back) again and again, for ever.
KIT_GAME_LOOPING_THROUGH_THE_KITS_HINT = """
from aisle.hooks import hookimpl
from aisle.i18n import T
from aisle.kit import DOWN_ALTERNATE, Empty, Foundations, KitVariant, Rest, Rows, Stock, Tableau
from aisle.kit.forward_hint import forward_hint


class Trials(KitVariant):
    id = "trials"
    name = T("Trials")
    description = T("A game whose hint never ends, for a test.")
    table = (Stock(at=(0, 0), onto="tableau"), Foundations(4, at=(3, 0)),
             Tableau(7, at=(0, 1), build=DOWN_ALTERNATE, empty=Empty.ANY))
    dealing = (Rows(2, face_up=False), Rows(1), Rest())

    def hint(self, board):
        while True:
            forward_hint(self, board)


@hookimpl
def aisle_register_variants():
    return [Trials]
"""


@pytest.fixture
def watched(make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch) -> Iterator[MakeWindow]:
    """Windows as the application runs them: the guard's hook installed, and a hang watch with
    a limit of one second."""
    monkeypatch.setattr(hang_watch, "LIMIT", 1.0)
    ends: list[Callable[[], None]] = []

    def make(*args: object, **kwargs: object) -> MainWindow:
        window = make_window(*args, **kwargs)
        ends.append(window.guard.install())
        watch = HangWatch(third_party_modules, window)
        ends.append(watch.stop)
        window.hang_watch = watch  # type: ignore[attr-defined]
        return window

    yield make
    for end in reversed(ends):
        end()


def endless_window(install_plugin: InstallPlugin, watched: MakeWindow) -> MainWindow:
    """A watched window playing a game whose hint never returns."""
    install_plugin("aisle_endless", toy_plugin("endless", "Endless", """
        def hint(self, board):
            while True:
                pass
    """))
    return watched("endless", 3)


def test_a_hint_that_never_returns_is_stopped_and_reported(
        install_plugin: InstallPlugin, watched: MakeWindow, qtbot: QtBot) -> None:
    window = endless_window(install_plugin, watched)
    qtbot.wait(300)  # the beat runs
    began = time.monotonic()
    window.acts.hint.trigger()  # returns only once the watch has stopped the game's code
    assert time.monotonic() - began < 10
    assert window.hang_watch.stopped == 1  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: isinstance(window.extras.open.get("game_broke"), QMessageBox))
    box = window.extras.open["game_broke"]
    assert isinstance(box, QMessageBox)
    assert "gave no answer within 1 seconds" in box.text()
    assert "the plugin “aisle_endless”" in box.text()
    assert loading.get_registry().plugins[-1].broken
    assert "no move to suggest" not in str(window.status.passing)  # the report says why
    # The window answers again: a move of another game is played as usual.
    box.close()
    assert window.dealer.start_game("klondike", 1)
    assert window.game is not None and window.game.variant_id == "klondike"


def test_aisles_own_code_is_never_interrupted(watched: MakeWindow, qtbot: QtBot) -> None:
    window = watched("klondike", 3)
    qtbot.wait(300)
    until = time.monotonic() + 2.5
    spins = 0
    while time.monotonic() < until:  # Aisle's (the test's) code, busy past the limit
        spins += 1
    assert window.hang_watch.stopped == 0  # type: ignore[attr-defined]
    qtbot.wait(700)  # nothing is left pending for the thread either
    assert spins > 0


def test_a_hint_looping_through_aisles_trial_moves_leaves_the_board_as_it_was(
        install_plugin: InstallPlugin, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit's look-ahead moves cards to try them and puts them back: the stop lands in the
    plugin's own line (or as it calls into Aisle), never halfway through Aisle's code. Stopped
    six times, no card is ever left out of place."""
    from aisle.engine.game import VariantError
    from aisle.registry.games import new_game

    install_plugin("aisle_trials", KIT_GAME_LOOPING_THROUGH_THE_KITS_HINT)
    loading.get_registry()
    monkeypatch.setattr(hang_watch, "LIMIT", 0.3)
    watch = HangWatch(third_party_modules)
    try:
        for seed in range(6):
            game = new_game("trials", seed)
            before = [(slot.id, [(card.id, card.face_up) for card in slot.cards])
                      for slot in game.slots]
            qtbot.wait(300)  # the beat runs
            with pytest.raises(VariantError, match="NoAnswerInTime"):
                game.hint()
            after = [(slot.id, [(card.id, card.face_up) for card in slot.cards])
                     for slot in game.slots]
            assert after == before, seed
            assert game.board._log is None  # no trial's log left switched on
    finally:
        watch.stop()
    assert watch.stopped == 6


def test_aisles_own_games_are_never_stopped(
        watched: MakeWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A built-in game's code kept busy past the limit (a busy computer replaying a long game,
    say) is left to finish."""
    window = watched("klondike", 3)
    game = window.game
    assert game is not None
    variant = type(game.variant)
    slow_until = [0.0]

    def slow_hint(self: object, board: object) -> None:
        while time.monotonic() < slow_until[0]:
            pass

    monkeypatch.setattr(variant, "hint", slow_hint)
    qtbot.wait(300)
    slow_until[0] = time.monotonic() + 2.5
    window.acts.hint.trigger()
    assert window.hang_watch.stopped == 0  # type: ignore[attr-defined]
    assert "klondike" not in window.guard.broken_games


def test_a_game_stopped_once_is_not_asked_for_a_hint_again(
        install_plugin: InstallPlugin, watched: MakeWindow, qtbot: QtBot) -> None:
    window = endless_window(install_plugin, watched)
    qtbot.wait(300)
    window.acts.hint.trigger()
    assert window.hang_watch.stopped == 1  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: isinstance(window.extras.open.get("game_broke"), QMessageBox))
    window.extras.open["game_broke"].close()
    began = time.monotonic()
    window.acts.hint.trigger()  # no second wait of six seconds
    assert time.monotonic() - began < 0.5
    assert window.hang_watch.stopped == 1  # type: ignore[attr-defined]
    assert "stopped working" in str(window.status.passing)
