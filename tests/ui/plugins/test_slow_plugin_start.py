"""A plugin that is slow to import never holds up the window: when the game to show is that
plugin's (the last game played, or a saved game), the window shows at once, says that games are
still loading, and deals or resumes the game once the plugin is in.

The plugin sleeps a few seconds at import; the tests check the order of what happened, not how
long it took."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle.engine import Game
from aisle.i18n import T
from aisle.launch import Launch, prepare
from aisle.registry import loading
from aisle.session import Session
from aisle.stats import Statistics
from aisle.storage import Settings
from aisle.ui.app import open_game
from aisle.ui.qt.first_frame import after_first_frame
from aisle.ui.window.main_window import MainWindow

__all__ = ["install_plugin"]  # the fixture, used by name

SLEEP_SECONDS = 3
LOG = "aisle_slow_start_log"


class SlowGame(ToyGame):
    """The slow plugin's game, as the save of an earlier run knew it."""

    id = "slow-game"
    name = T("Slow Game")


@pytest.fixture
def events(install_plugin: InstallPlugin) -> Iterator[list[str]]:
    """A plugin offering "slow-game" whose import takes seconds; what happened, in order."""
    slow = toy_plugin("slow-game", "Slow Game", extra=(
        f"import time, {LOG}\n{LOG}.EVENTS.append('import started')\n"
        f"time.sleep({SLEEP_SECONDS})\n{LOG}.EVENTS.append('import done')\n"))
    install_plugin("aisle_slow_start", slow, files={f"{LOG}.py": "EVENTS = []\n"})
    sys.modules.pop(LOG, None)
    log = __import__(LOG)
    yield log.EVENTS
    sys.modules.pop(LOG, None)


def _start_window(qtbot: QtBot, events: list[str]) -> MainWindow:
    """Start as aisle.ui.app.run does, noting when the window is on screen."""
    start = prepare(Launch())
    window = MainWindow(start.settings, start.session)
    qtbot.addWidget(window)
    after_first_frame(window.view.viewport(), window.load_plugins)
    open_game(window, start, Launch())
    window.show()
    qtbot.waitExposed(window)
    events.append("window shown")
    panel = window.empty_table.panel
    assert window.game is None and panel is not None and panel.isVisible()
    assert panel.heading.text() == "Games are still loading"
    assert not window.acts.new_game.isEnabled()  # no game known to deal yet
    return window


def _wait_for_game(qtbot: QtBot, window: MainWindow, events: list[str]) -> Game:
    def dealt() -> bool:
        if window.game is None:
            return False
        events.append("game on the table")
        return True

    qtbot.waitUntil(dealt, timeout=60_000)
    assert window.game is not None
    return window.game


def test_the_last_game_played_waits_for_its_slow_plugin_not_the_window(
        events: list[str], qtbot: QtBot) -> None:
    Settings(last_game="slow-game").save()
    window = _start_window(qtbot, events)
    game = _wait_for_game(qtbot, window, events)
    assert game.variant_id == "slow-game"
    assert events.index("window shown") < events.index("import done") \
        < events.index("game on the table")
    assert window.acts.new_game.isEnabled()
    panel = window.empty_table.panel
    assert panel is not None and not panel.isVisible()
    assert window.windowTitle() == "Slow Game — Aisle"


def test_a_saved_game_of_a_slow_plugin_is_resumed_once_it_is_in(
        events: list[str], qtbot: QtBot, isolated: Path) -> None:
    session = Session(Statistics.load()[0], variants={"slow-game": SlowGame})
    saved = Game.new(SlowGame, 17)
    session.start(saved)
    saved.play(saved.legal_actions()[0])
    session.close()
    Settings(last_game="klondike").save()  # the save decides, not the last game
    loading.reset_registry()
    window = _start_window(qtbot, events)
    assert window.dealer.default_game() is None, "nothing else is dealt meanwhile"
    game = _wait_for_game(qtbot, window, events)
    assert events.index("window shown") < events.index("import done") \
        < events.index("game on the table")
    assert (game.variant_id, game.seed, game.moves) == ("slow-game", 17, 1)
    assert window.session is not None and window.session.game is game
