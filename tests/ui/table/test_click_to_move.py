"""Click to move (offscreen, animations off): a click picks cards up, a click elsewhere puts them
down; refusals say why; the selection is the keyboard's too; dragging still works."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from aisle.engine import Game, Move
from aisle.ui.table.marks import Mark
from aisle.ui.window.main_window import MainWindow

from ..table_helpers import card_point, drag, find_seed, items_match_model, tableau_move

MakeWindow = Callable[..., MainWindow]


def _klondike(make_window: MakeWindow, legal: bool = True) -> tuple[MainWindow, Game, Move]:
    """A Klondike window with click to move on, and a one-card move between piles that is
    legal (or refused, as asked)."""
    from aisle_klondike import Klondike

    seed = find_seed(Klondike, lambda g: tableau_move(g, legal=legal) is not None)
    window = make_window("klondike", seed)
    window.acts.click_to_move.trigger()
    game = window.game
    assert game is not None
    move = tableau_move(game, legal=legal)
    assert move is not None
    return window, game, move


def click(window: MainWindow, point: QPoint) -> None:
    # QTest spaces its clicks apart in time: two on one card are no double-click.
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, point)


def selection(window: MainWindow) -> tuple[str, int] | None:
    return window.player.selection


def test_the_option_is_off_by_default_and_remembered(make_window: MakeWindow) -> None:
    window = make_window("klondike", 1)
    assert not window.acts.click_to_move.isChecked() and not window.settings.click_to_move
    window.acts.click_to_move.trigger()
    assert window.settings.click_to_move and window.view.mouse.click_to_move


def test_a_click_picks_up_and_a_second_click_puts_down(make_window: MakeWindow) -> None:
    window, game, move = _klondike(make_window)
    card = game.slot(move.source).top
    click(window, card_point(window, move.source))
    index = len(game.slot(move.source).cards) - 1
    assert selection(window) == (move.source, index)
    assert window.scene.marked(Mark.SELECTION) == [(move.source, index)]
    assert window.scene.marks.shown(Mark.SELECTION)
    click(window, card_point(window, move.target))
    assert game.slot(move.target).top is card
    assert selection(window) is None and not window.scene.marks.shown(Mark.SELECTION)
    assert len(game.history) == 1 and items_match_model(window)


def test_a_refused_target_says_why_and_keeps_the_selection(make_window: MakeWindow) -> None:
    window, game, move = _klondike(make_window, legal=False)
    reason = game.why_not(move)
    assert reason is not None
    click(window, card_point(window, move.source))
    click(window, card_point(window, move.target))
    assert window.status.message.text() == reason.translate()
    assert selection(window) == (move.source, len(game.slot(move.source).cards) - 1)
    assert not game.history


def test_clicking_the_selection_or_the_bare_table_puts_the_cards_back(make_window: MakeWindow) -> None:
    window, game, move = _klondike(make_window)
    click(window, card_point(window, move.source))
    assert selection(window) is not None
    click(window, card_point(window, move.source))
    assert selection(window) is None
    click(window, card_point(window, move.source))
    viewport = window.view.viewport()
    click(window, QPoint(viewport.width() - 3, viewport.height() - 3))  # below every pile
    assert selection(window) is None and not game.history


def test_a_card_that_cannot_be_picked_up_says_why(make_window: MakeWindow) -> None:
    window, game, _move = _klondike(make_window)
    pile = next(s for s in game.slots if s.kind == "tableau" and len(s.cards) > 1)
    reason = game.pick_up_refusal(pile.id, len(pile.cards))  # from its face-down bottom card
    assert reason is not None
    click(window, card_point(window, pile.id, 0))
    assert selection(window) is None
    assert window.status.message.text() == reason.translate()


def test_a_click_on_the_stock_still_deals(make_window: MakeWindow) -> None:
    window, game, _move = _klondike(make_window)
    click(window, card_point(window, "stock"))
    assert len(game.slot("waste").cards) == 1 and selection(window) is None


def test_dragging_still_works(make_window: MakeWindow) -> None:
    window, game, move = _klondike(make_window)
    card = game.slot(move.source).top
    drag(window, card_point(window, move.source), card_point(window, move.target))
    assert game.slot(move.target).top is card and selection(window) is None


def test_picked_by_a_click_and_put_down_with_the_keyboard(make_window: MakeWindow, qtbot: QtBot) -> None:
    window, game, move = _klondike(make_window)
    card = game.slot(move.source).top
    click(window, card_point(window, move.source))
    view = window.view
    view.setFocus()
    assert view.keys.selection == selection(window)  # one selection for both
    for _ in range(len(game.slots) + 1):
        if view.keys.focus is not None and view.keys.focus[0] == move.target:
            break
        QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert game.slot(move.target).top is card and selection(window) is None


def test_picked_with_the_keyboard_and_put_down_by_a_click(make_window: MakeWindow) -> None:
    window, game, move = _klondike(make_window)
    card = game.slot(move.source).top
    view = window.view
    view.setFocus()
    for _ in range(len(game.slots) + 1):
        if view.keys.focus is not None and view.keys.focus[0] == move.source:
            break
        QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert selection(window) == (move.source, len(game.slot(move.source).cards) - 1)
    click(window, card_point(window, move.target))
    assert game.slot(move.target).top is card


def test_without_the_option_a_click_picks_nothing_up(make_window: MakeWindow) -> None:
    window, game, move = _klondike(make_window)
    window.acts.click_to_move.trigger()  # off again
    click(window, card_point(window, move.source))
    assert selection(window) is None
    click(window, card_point(window, move.target))
    assert not game.history
