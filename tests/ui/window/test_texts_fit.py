"""No text is clipped, in any language: every dialog at the size it opens with, and the status
bar of the main window at its default size, whose size no message ever changes. The deal
number is shown as it is typed back: without grouping."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from PySide6.QtCore import QSize
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from aisle import i18n
from aisle.engine.game import MAX_SEED
from aisle.i18n import Text
from aisle.registry.games import new_game
from aisle.ui.dialogs.small import DealNumberDialog, EndDialog
from aisle.ui.qt.elided_label import ElidedLabel
from aisle.ui.window.main_window import MainWindow
from aisle.variant import card_name, rank_name

from ..text_fit import clipped_texts

LANGUAGES = ("en", "de", "ru", "it")
TRANSLATIONS = Path(__file__).resolve().parents[3] / "translations"
SEED = 518_401_563


@pytest.fixture
def default_window(qtbot: QtBot, isolated: Path) -> Iterator[Callable[[str], MainWindow]]:
    """A main window at the size it gives itself, dealing `game`."""
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings

    made: list[MainWindow] = []

    def make(game: str) -> MainWindow:
        window = MainWindow(Settings(animations=False), Session(Statistics.load()[0]))
        qtbot.addWidget(window)
        assert window.dealer.start_game(game, SEED)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()


def settle() -> None:
    for _round in range(3):
        QApplication.processEvents()


def widest_translations(language: str, metrics: QFontMetrics, count: int = 5) -> list[str]:
    """The `count` widest one-line texts of the language's catalog (the English: the msgids)."""
    path = TRANSLATIONS / ("de" if language == "en" else language) / "LC_MESSAGES" / "aisle.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    texts: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts.extend(ids if language == "en" else [s for s in strings if s])
    one_line = {" ".join(text.split()) for text in texts}
    return sorted(one_line, key=metrics.horizontalAdvance, reverse=True)[:count]


def long_refusals() -> list[Text]:
    """Doublets' longest refusals (the review measured 1081 px in Russian, 912 in German)."""
    from aisle_doublets import texts

    game = new_game("doublets", 1)
    top = game.slot("foundation-1").top
    assert top is not None
    return [texts.wrong_rank(rank_name(5), card_name(top)), texts.FROM_STOCK]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_status_message_changes_the_window_size(
        default_window: Callable[[str], MainWindow], language: str) -> None:
    i18n.set_language(language)
    window = default_window("doublets")
    window.resize(1024, 720)  # the size it opens at on a screen large enough
    settle()
    before = window.size()
    assert before == QSize(1024, 720)
    label = window.status.message
    messages = long_refusals() + [Text("{text}", params={"text": text})
                                  for text in widest_translations(language, label.fontMetrics())]
    elided = 0
    for message in messages:
        window.status.say(message)
        settle()
        assert window.size() == before, message.translate()
        assert window.minimumSizeHint().width() <= before.width()
        assert label.text() == message.translate()  # the whole text, for tests and screen readers
        if label.is_elided():
            elided += 1
            assert label.toolTip() == label.text()
            assert label.shown_text().endswith("…")
        else:
            assert label.toolTip() == ""
    assert elided  # the test did meet texts too long for the bar
    window.status.quiet()
    settle()
    assert window.size() == before


def _open(window: MainWindow, name: str, qtbot: QtBot) -> QWidget:
    opener = {"deal_number": window.extras.new_game_by_number,
              "select_game": window.extras.select_game,
              "statistics": window.extras.statistics,
              "shortcuts": window.extras.shortcuts,
              "about": window.extras.about}[name]
    opener()
    # Statistics and Select Game open once every game's plugin has loaded (they list them all).
    qtbot.waitUntil(lambda: name in window.extras.open, timeout=20_000)
    dialog = window.extras.open[name]
    settle()
    return dialog


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["deal_number", "select_game", "statistics", "shortcuts", "about"])
def test_dialogs_show_every_text_whole(default_window: Callable[[str], MainWindow], qtbot: QtBot,
                                       language: str, name: str) -> None:
    i18n.set_language(language)
    window = default_window("klondike")
    dialog = _open(window, name, qtbot)
    qtbot.waitExposed(dialog)
    settle()
    assert clipped_texts(dialog) == []
    dialog.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_new_game_by_number_shows_its_problem_and_the_largest_number(
        default_window: Callable[[str], MainWindow], qtbot: QtBot, language: str) -> None:
    i18n.set_language(language)
    window = default_window("klondike")
    dialog = _open(window, "deal_number", qtbot)
    assert isinstance(dialog, DealNumberDialog)
    qtbot.waitExposed(dialog)
    size = dialog.size()
    for typed in ("x", str(MAX_SEED), "", str(MAX_SEED + 1)):
        dialog.number.setText(typed)
        settle()
        assert clipped_texts(dialog) == [], typed
        assert dialog.size() == size  # the problem line appears without moving anything
    assert str(MAX_SEED) in dialog.problem.text()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("won", "assisted", "winnable_back"), [
    (True, False, False), (True, True, False), (False, False, False), (False, False, True)])
def test_end_dialogs_show_every_text_whole(default_window: Callable[[str], MainWindow],
                                           qtbot: QtBot, language: str, won: bool,
                                           assisted: bool, winnable_back: bool) -> None:
    i18n.set_language(language)
    window = default_window("klondike")
    dialog = EndDialog(won, window, assisted=assisted, winnable_back=winnable_back)
    dialog.show()
    qtbot.waitExposed(dialog)
    settle()
    assert clipped_texts(dialog) == []
    dialog.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_deal_number_shown_can_be_typed_back(default_window: Callable[[str], MainWindow],
                                                 qtbot: QtBot, language: str) -> None:
    i18n.set_language(language)
    window = default_window("klondike")
    shown = window.status.deal.text()
    number = re.search(r"\d[\d\s.,'\u00a0\u202f]*\d", shown)
    assert number is not None and number.group() == str(SEED), shown
    dialog = _open(window, "deal_number", qtbot)
    assert isinstance(dialog, DealNumberDialog)
    assert dialog.number.text() == str(SEED)
    dialog.number.setText(number.group())
    assert dialog.value() == SEED


def _message_of_width(label: ElidedLabel, width: int) -> Text:
    words = ["x"]
    while label.fontMetrics().horizontalAdvance(" ".join(words)) < width:
        words.append(str(len(words)))
    return Text("{text}", params={"text": " ".join(words)})


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_small_window_shows_the_message_before_the_fields_spare_room(qtbot: QtBot,
                                                                       language: str) -> None:
    """At 800 pixels the time, the deal number and the solver's word, each kept as wide as its
    widest value, give the room they do not need now to a message that would not fit
    otherwise; their own texts stay whole; a message still cut then has the deal number and
    the time step aside (the game's line matters more), the solver's word stays; the window
    keeps its size; wider again, they take their room back."""
    from PySide6.QtWidgets import QMainWindow

    from aisle.ui.solver.indicator import LOST_FROM_THE_START, TEXTS, Shown, SolverIndicator
    from aisle.ui.window.status import StatusLine

    i18n.set_language(language)
    window = QMainWindow()
    qtbot.addWidget(window)
    status = StatusLine(window)
    status.show(new_game("agnes", 7))
    indicator, label = SolverIndicator(status.bar), status.message
    fields = (status.time, status.deal, indicator)
    window.resize(800, 600)
    window.show()
    qtbot.waitExposed(window)

    def whole() -> bool:
        return all(field.width() >= field.least_width() - 1 for field in fields)

    for shown, untouched in ((Shown.WINNABLE, False), (Shown.SOLVING, False), (Shown.UNKNOWN, False),
                             (Shown.LOST, False), (Shown.LOST, True)):
        indicator.show_state(shown, untouched)
        settle()
        word = (LOST_FROM_THE_START if untouched else TEXTS[shown])[0].translate()
        assert not label.is_elided() and whole()  # Agnes's own line fits
        spare = sum(field.sizeHint().width() - field.least_width() for field in fields)
        assert spare > 40
        # The message's room with every field at its full width.
        room = label.room() - sum(field.sizeHint().width() - field.width() for field in fields)
        for extra, cut in ((spare // 2, False), (spare + 20, True)):
            status.say(_message_of_width(label, room + extra))
            settle()
            assert window.size() == QSize(800, 600)
            assert indicator.text() == word and whole()
            assert not label.is_elided(), (shown, extra, [field.width() for field in fields])
            stepped_aside = status.bar.dropped
            assert bool(stepped_aside) == cut and indicator not in stepped_aside
            assert all(field.isHidden() for field in stepped_aside)
        status.quiet()
        settle()
        assert not label.is_elided() and whole() and status.bar.dropped == ()
    # Hidden (the verdict switched off) and shown again: it yields as before.
    indicator.show_state(Shown.WINNABLE)
    settle()
    spare = sum(field.sizeHint().width() - field.least_width() for field in fields)
    room = label.room() - sum(field.sizeHint().width() - field.width() for field in fields)
    indicator.setVisible(False)
    status.say(_message_of_width(label, room + spare // 2))
    settle()
    assert not label.is_elided()
    indicator.setVisible(True)
    settle()
    assert not label.is_elided() and whole()
    window.resize(1400, 700)
    settle()
    assert all(field.width() >= field.sizeHint().width() for field in fields)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_status_line_keeps_the_gaps_between_its_parts(qtbot: QtBot, language: str) -> None:
    """"Stock left: 23   Base card: Queen": the wider gap parts a status line's facts; only a
    line break inside a message turns into a single space."""
    from PySide6.QtWidgets import QMainWindow

    from aisle.ui.window.status import StatusLine

    i18n.set_language(language)
    window = QMainWindow()
    qtbot.addWidget(window)
    status = StatusLine(window)
    game = new_game("agnes", 7)
    status.show(game)
    window.resize(1400, 600)
    window.show()
    qtbot.waitExposed(window)
    settle()
    label = status.message
    own = game.status_text.translate()
    assert "   " in own
    assert label.shown_text() == own.strip()
    status.say(Text("{text}", params={"text": "One line\nand the next"}))
    settle()
    assert label.shown_text() == "One line and the next"


def test_a_menus_status_tip_is_shortened_where_the_fields_begin(
        make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    from PySide6.QtGui import QStatusTipEvent

    window = make_window("klondike", SEED, size=(640, 480))
    bar = window.status.bar
    QApplication.sendEvent(window, QStatusTipEvent("Use the whole screen"))
    assert bar.currentMessage() == "Use the whole screen"
    long_tip = "A tip far too long for a narrow window " * 4
    QApplication.sendEvent(window, QStatusTipEvent(long_tip))
    shown = bar.currentMessage()
    assert shown.endswith("…") and long_tip.startswith(shown[:-1])
    fields = [field for field in (window.status.time, window.status.score) if field.isVisible()]
    assert bar.fontMetrics().horizontalAdvance(shown) < min(f.geometry().left() for f in fields)
    QApplication.sendEvent(window, QStatusTipEvent(""))
    assert bar.currentMessage() == ""


def test_the_games_line_comes_back_whole_after_a_tip(
        make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    """A tip hides the message while it shows; the room shared meanwhile (the time ticks) must
    not leave the message none once the tip is gone."""
    from PySide6.QtGui import QStatusTipEvent

    window = make_window("golf", 140_448_766, size=(1000, 700))
    window.resize(440, 380)
    status = window.status
    qtbot.waitUntil(lambda: status.deal in status.bar.dropped)
    assert not status.message.is_elided()
    QApplication.sendEvent(window, QStatusTipEvent("Deal a new game"))
    status.time.setText("Time: 0:01")  # a field changes while the tip shows
    status.bar.fit()
    settle()
    QApplication.sendEvent(window, QStatusTipEvent(""))
    settle()
    assert status.message.isVisible() and status.message.width() > 0
    assert not status.message.is_elided(), status.message.width()


def test_a_toolbar_buttons_tip_gives_way_to_what_it_did(
        make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    from PySide6.QtGui import QStatusTipEvent

    window = make_window("klondike", SEED)
    QApplication.sendEvent(window, QStatusTipEvent("Suggest a move"))
    assert window.status.bar.currentMessage() == "Suggest a move"
    window.acts.toolbar.actionTriggered.emit(window.acts.hint)
    assert window.status.bar.currentMessage() == ""
