"""The Statistics dialog: figures, choosing another game, Reset asks first, language switch."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
import shiboken6
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle import i18n
from aisle.stats import Statistics
from aisle.ui.dialogs.statistics import StatisticsDialog

VARIANTS = {"toy": ToyGame}
ONE = {"redeals": "one"}
NONE = {"redeals": "none"}




@pytest.fixture
def stats() -> Statistics:
    stats, problems = Statistics.load()
    assert problems == []
    for won, seconds, moves in [(True, 95, 120), (False, 10, 4), (True, 3700, 80), (True, 61, 130)]:
        stats.record("toy", ONE, won, seconds, moves)
    stats.record("toy", NONE, False, 5, 5)
    stats.record("gone-game", {}, True, 30, 30)
    return stats


def shown(dialog: StatisticsDialog) -> dict[str, str]:
    return {name: label.text() for name, label in dialog.values.items()}


def make(qtbot: QtBot, stats: Statistics, options: dict[str, str]) -> StatisticsDialog:
    dialog = StatisticsDialog(stats, "toy", options, variants=VARIANTS)
    qtbot.addWidget(dialog)
    return dialog


def test_shows_the_current_game(qtbot: QtBot, stats: Statistics) -> None:
    dialog = make(qtbot, stats, ONE)
    assert dialog.windowTitle() == "Statistics"
    assert dialog.chooser.currentText() == "Toy (One redeal)"
    assert shown(dialog) == {
        "played": "4", "won": "3", "win_rate": "75%", "current_streak": "2", "best_streak": "2",
        "best_time": "1:01", "worst_time": "1:01:40", "fewest_moves": "80",
    }
    assert dialog.reset_button.text() == "&Reset" and dialog.reset_button.isEnabled()


def test_other_games_with_statistics_can_be_chosen(qtbot: QtBot, stats: Statistics) -> None:
    dialog = make(qtbot, stats, ONE)
    items = [dialog.chooser.itemText(i) for i in range(dialog.chooser.count())]
    assert items == ["Toy (One redeal)", "gone-game", "Toy (No redeals)"]
    dialog.chooser.setCurrentIndex(2)
    assert shown(dialog) == {
        "played": "1", "won": "0", "win_rate": "0%", "current_streak": "0", "best_streak": "0",
        "best_time": "—", "worst_time": "—", "fewest_moves": "—",
    }
    dialog.chooser.setCurrentIndex(1)
    assert shown(dialog)["won"] == "1"


def test_a_game_never_played_shows_no_figures(qtbot: QtBot) -> None:
    dialog = make(qtbot, Statistics.load()[0], ONE)
    assert dialog.chooser.count() == 1
    assert shown(dialog)["played"] == "0" and shown(dialog)["win_rate"] == "—"
    assert not dialog.reset_button.isEnabled()


@pytest.mark.parametrize("answer", ["&Reset", "Cancel"])
def test_reset_asks_first(qtbot: QtBot, stats: Statistics, isolated: Path, answer: str) -> None:
    dialog = make(qtbot, stats, ONE)
    dialog.reset_button.click()
    box = dialog.reset_question
    assert box is not None and "Toy (One redeal)" in box.text()
    assert box.defaultButton().text() == "Cancel"  # a stray Enter loses nothing
    (chosen,) = [button for button in box.buttons() if button.text() == answer]
    chosen.click()
    played = Statistics.load()[0].entry("toy", ONE).played
    if answer == "&Reset":
        assert shown(dialog)["played"] == "0" and played == 0
        assert Statistics.load()[0].entry("toy", NONE).played == 1
    else:
        assert shown(dialog)["played"] == "4" and played == 4


# The offscreen platform warns that it cannot pass size hints to a window manager it lacks.
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_close_closes(qtbot: QtBot, stats: Statistics) -> None:
    dialog = make(qtbot, stats, ONE)
    dialog.show()
    with qtbot.waitSignal(dialog.rejected):
        dialog.close_button.click()
    assert not dialog.isVisible()


def test_a_language_switch_reaches_the_dialog(qtbot: QtBot, isolated: Path) -> None:
    isolated.mkdir()
    big = {"game": "toy", "options": ONE, "played": 12345, "won": 6172, "current_streak": 0,
           "best_streak": 9, "best_time": 60, "worst_time": 60, "fewest_moves": 1500}
    (isolated / "statistics.json").write_text(json.dumps({"version": 1, "games": [big]}))
    dialog = make(qtbot, Statistics.load()[0], ONE)
    assert shown(dialog)["played"] == "12,345" and shown(dialog)["win_rate"] == "50%"
    i18n.set_language("de")
    assert shown(dialog)["played"] == "12.345"
    assert shown(dialog)["win_rate"] == "50\xa0%"
    assert shown(dialog)["fewest_moves"] == "1.500"


def test_a_deleted_dialog_no_longer_listens(qtbot: QtBot, stats: Statistics) -> None:
    dialog = StatisticsDialog(stats, "toy", ONE, variants=VARIANTS)
    shiboken6.delete(dialog)
    i18n.set_language("ru")  # would raise if the deleted dialog were still called
    i18n.set_language("en")


def test_a_dialog_without_variants_uses_the_installed_games(qtbot: QtBot, stats: Statistics) -> None:
    dialog = StatisticsDialog(stats, "no-such-game", {})
    qtbot.addWidget(dialog)
    assert dialog.chooser.itemText(0) == "no-such-game"
    assert shown(dialog)["played"] == "0"


def test_the_all_games_table_lists_every_game_by_name_and_the_totals(
        qtbot: QtBot, stats: Statistics) -> None:
    dialog = StatisticsDialog(stats, "toy", ONE, variants=VARIANTS)
    qtbot.addWidget(dialog)
    table = dialog.table
    rows = [[table.item(row, column).text() for column in range(table.columnCount())]  # type: ignore[union-attr]
            for row in range(table.rowCount())]
    # by name: the gone game under its id, then the toy's two option sets; the totals last
    assert [row[0] for row in rows][-1] == "All games"
    assert len(rows) == 4
    by_name = {row[0]: row[1:] for row in rows}
    assert by_name["gone-game"][:3] == ["1", "1", "100%"]
    assert by_name["All games"][:3] == ["6", "4", "67%"]
    assert by_name["All games"][3] == "—" and by_name["All games"][5] == "—"
    i18n.set_language("de")
    try:
        assert table.item(table.rowCount() - 1, 0).text() != "All games"  # type: ignore[union-attr]
        assert dialog.tabs.tabText(1).replace("&", "") != "All Games"
    finally:
        i18n.set_language("en")


def test_reset_shows_only_beside_the_one_game_it_clears(qtbot: QtBot, stats: Statistics) -> None:
    dialog = make(qtbot, stats, ONE)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.reset_button.isVisible()
    dialog.tabs.setCurrentIndex(1)  # every game's table
    assert not dialog.reset_button.isVisible()
    dialog.tabs.setCurrentIndex(0)
    assert dialog.reset_button.isVisible()
