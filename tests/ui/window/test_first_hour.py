"""What a new player notices in the first hour: no empty game menu, status fields that stay put."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsPixmapItem, QWidget
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle import i18n
from aisle.engine import SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.ui.window.main_window import MainWindow
from aisle.variant import Variant

MakeWindow = Callable[..., MainWindow]


def test_a_game_without_options_shows_no_game_menu(make_window: MakeWindow) -> None:
    window = make_window("yukon", 3)
    menu = window.acts.options_menu
    assert not window.game.variant.options  # type: ignore[union-attr]
    assert not menu.menuAction().isVisible()
    # A game with options brings its menu back, named after the game, with its choices.
    window.dealer.start_game("klondike", 3)
    assert menu.menuAction().isVisible() and menu.isEnabled()
    assert menu.title() == "&Klondike"
    menu.aboutToShow.emit()  # its items are made when it opens
    assert menu.actions()
    window.dealer.start_game("freecell", 3)
    assert not menu.menuAction().isVisible()


def test_status_fields_keep_their_place_when_the_deal_number_gets_shorter(
        make_window: MakeWindow) -> None:
    window = make_window("klondike", 123_456_789)
    bar = window.status

    def places() -> list[int]:
        return [label.geometry().left() for label in (bar.score, bar.time, bar.deal)]

    window.status.bar.layout().activate()  # type: ignore[union-attr]
    before = places()
    assert window.dealer.start_game("klondike", 7)
    window.status.bar.layout().activate()  # type: ignore[union-attr]
    assert window.status.deal.text() == "Deal 7"
    assert places() == before


class _NoOutlineToy(ToyGame):
    """The toy game whose tableau piles show nothing when empty (as Pyramid's places)."""

    id = "toy-no-outline"

    def layout(self) -> list[SlotSpec]:
        return [SlotSpec(spec.id, spec.kind, spec.x, spec.y, spec.fan, spec.fan_limit,
                         outline=spec.kind != SlotKind.TABLEAU) for spec in super().layout()]


def test_a_slot_without_outline_leaves_bare_baize(make_window: MakeWindow,
                                                   register: Callable[[type[Variant]], None]) -> None:
    register(_NoOutlineToy)
    window = make_window("toy-no-outline", 1)
    outlined = {item.pos().toTuple() for item in window.scene.items()
                if isinstance(item, QGraphicsPixmapItem) and item.zValue() == -1}
    layout = window.scene.layout
    assert layout is not None
    for slot in window.game.slots:  # type: ignore[union-attr]
        place = layout.origins[slot.id]
        assert (place in outlined) == (slot.kind != SlotKind.TABLEAU), slot.id


def test_restart_asks_once_moves_are_made_and_the_question_reopens(
        make_window: MakeWindow, qtbot: QtBot) -> None:
    from PySide6.QtGui import QKeySequence

    window = make_window("klondike", 4)
    qtbot.waitUntil(lambda: bool(window.acts.restart.shortcuts()))
    assert window.acts.restart.shortcuts() == [QKeySequence("Ctrl+R")]
    game = window.game
    assert game is not None
    window.player.act(game.legal_actions()[0])
    moved = window.game
    for answer in ("cancel", "restart", "cancel"):
        window.player.act(window.game.legal_actions()[0])  # type: ignore[union-attr]
        before = window.game
        window.acts.restart.trigger()
        box = window.restart_question
        assert box is not None and box.isVisible()
        buttons = {button.text().replace("&", ""): button for button in box.buttons()}
        assert set(buttons) == {"Restart", "Cancel"}
        buttons["Restart" if answer == "restart" else "Cancel"].click()
        qtbot.waitUntil(lambda b=box: not b.isVisible())
        if answer == "restart":
            assert window.game is not before and not window.game.started  # type: ignore[union-attr]
        else:
            assert window.game is before
    assert moved is not None


def test_restart_before_any_move_asks_nothing(make_window: MakeWindow) -> None:
    window = make_window("klondike", 4)
    assert not window.acts.restart.isEnabled()  # nothing to lose: nothing to restart
    window.restart()
    assert window.restart_question is None


#: Every menu item that opens a dialog or a window of its own.
DIALOG_ACTIONS = ("select_game", "new_by_number", "statistics", "save_game_as", "open_game",
                  "configure_shortcuts", "card_style", "help_contents", "help_game", "shortcuts",
                  "plugins", "about", "restart")


def _shown_windows(main: MainWindow) -> set[QWidget]:
    return {widget for widget in QApplication.topLevelWidgets()
            if widget.isVisible() and widget is not main and widget.windowTitle()}


def _close_all(main: MainWindow, qtbot: QtBot) -> None:
    for widget in _shown_windows(main):
        widget.close()
    qtbot.waitUntil(lambda: not _shown_windows(main))


@pytest.mark.parametrize("name", DIALOG_ACTIONS)
@pytest.mark.parametrize("how", ["menu", "shortcut"])
def test_every_dialog_opens_again_after_it_was_closed(make_window: MakeWindow, qtbot: QtBot,
                                                      name: str, how: str) -> None:
    window = make_window("klondike", 4)
    window.player.act(window.game.legal_actions()[0])  # type: ignore[union-attr]  # Restart asks
    action = getattr(window.acts, name)
    if how == "shortcut":
        # A key of the player's own, set once the window's keys are in (after the first frame).
        qtbot.waitUntil(lambda: bool(window.acts.undo.shortcuts()))
        action.setShortcut(QKeySequence("Ctrl+Alt+Shift+F9"))
    for _time in range(3):
        if how == "menu":
            action.trigger()
        else:
            # A window manager gives the main window back its focus when a dialog closes; the
            # offscreen platform does not always, and a key goes to the active window.
            window.activateWindow()
            qtbot.waitUntil(window.isActiveWindow)
            QTest.keyClick(window, Qt.Key.Key_F9, Qt.KeyboardModifier.ControlModifier
                           | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.ShiftModifier)
        # Statistics and Select Game wait for every game's plugin: a busy machine needs longer.
        qtbot.waitUntil(lambda: bool(_shown_windows(window)), timeout=20_000)
        _close_all(window, qtbot)


def test_the_shortcut_editor_uses_our_own_placeholder(make_window: MakeWindow, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QLineEdit

    window = make_window("klondike", 4)
    window.acts.configure_shortcuts.trigger()
    qtbot.waitUntil(lambda: "shortcuts_editor" in window.extras.open)
    editor = window.extras.open["shortcuts_editor"]
    qtbot.waitExposed(editor)
    lines = [line for line in editor.findChildren(QLineEdit) if line.placeholderText()]
    for line in lines:
        line.grab()  # painted: the placeholder shown is the one painted
    assert lines and {line.placeholderText() for line in lines} == {"Press the new key"}
    editor.close()


def _longest_refusal(window: MainWindow) -> Text:
    from aisle.engine import Move

    game = window.game
    assert game is not None
    found: list[Text] = []
    for source in game.slots:
        for count in range(1, len(source.cards) + 1):
            if game.pick_up_refusal(source.id, count) is not None:
                continue
            found += [why for target in game.slots if target is not source
                      if (why := game.why_not(Move(source.id, count, target.id))) is not None]
    return max(found, key=lambda text: len(text.translate()))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_refusal_is_readable_whole_at_800_pixels(make_window: MakeWindow, qtbot: QtBot,
                                                  language: str) -> None:
    window = make_window("klondike", 7, size=(800, 600))
    window.switch_language(language)
    reason = _longest_refusal(window)
    window.player.refuse(reason)
    overlay = window.status.overlay
    assert overlay is not None and overlay.isVisible()
    assert overlay.text() == reason.translate()
    # Wrapped, never cut: as tall as its text needs at its width, inside the table.
    assert overlay.height() >= overlay.heightForWidth(overlay.width())
    assert overlay.geometry().right() < window.view.viewport().width()
    assert window.width() == 800  # the window never grew for the text
    window.status.quiet()
    assert not overlay.isVisible()


def test_a_wrapped_message_has_lines_of_a_like_length(make_window: MakeWindow) -> None:
    window = make_window("klondike", 7, size=(1024, 700))
    window.status.say(T("Showing the way to a win. Click or press a key to play on yourself."))
    overlay = window.status.overlay
    assert overlay is not None and overlay.isVisible()
    metrics = overlay.fontMetrics()
    line = metrics.height()
    assert overlay.heightForWidth(overlay.width()) >= 2 * line  # it wraps at this width
    # No narrower without one more line: the text fills its lines evenly, no word left alone.
    assert overlay.heightForWidth(overlay.width() - 12) > overlay.heightForWidth(overlay.width())
    text = overlay.text()
    assert overlay.width() < metrics.horizontalAdvance(text) * 0.75


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("width", [800, 1024, 1600])
def test_no_toolbar_text_is_cut_short(make_window: MakeWindow, qtbot: QtBot, language: str,
                                      width: int) -> None:
    window = make_window("klondike", 7, size=(width, 700))
    window.switch_language(language)
    window.acts.load_icons()
    toolbar = window.acts.toolbar
    QApplication.processEvents()
    toolbar.layout().activate()  # type: ignore[union-attr]
    if toolbar.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
        assert width < 1600  # texts go only where they cannot fit
    for action in toolbar.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        button = toolbar.widgetForAction(action)
        # On the bar itself (not behind its "»" overflow), and as wide as its text needs.
        assert button is not None and button.isVisible(), action.text()
        assert button.width() >= button.sizeHint().width(), action.text()


@pytest.mark.parametrize("answer", ["winnable", "any"])
def test_the_newcomer_is_offered_winnable_deals_once(make_window: MakeWindow, qtbot: QtBot,
                                                     answer: str) -> None:
    from aisle.ui.dialogs.first_start import offer_winnable_deals

    window = make_window("klondike", 4)
    assert not window.settings.winnable_only
    first_deal: list[bool] = []
    box = offer_winnable_deals(window, lambda: window.solver.winnable_only.setChecked(True),
                               lambda: first_deal.append(True))
    qtbot.waitUntil(box.isVisible)
    buttons = {button.text().replace("&", ""): button for button in box.buttons()}
    assert set(buttons) == {"Only Winnable Deals", "Any Deal"}
    buttons["Only Winnable Deals" if answer == "winnable" else "Any Deal"].click()
    qtbot.waitUntil(lambda: not box.isVisible())
    assert window.settings.winnable_only is (answer == "winnable")
    assert window.solver.winnable_only.isChecked() is (answer == "winnable")
    # Either way the first game can be won: "Any Deal" is about the deals after it.
    assert first_deal == ([True] if answer == "any" else [])
