"""Playing on the table with the mouse and the keyboard (offscreen, animations off)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle.engine import Game
from aisle.ui.window.main_window import MainWindow

from ..table_helpers import card_point, drag, find_seed, items_match_model, tableau_move

MakeWindow = Callable[..., MainWindow]


def test_a_drag_moves_the_card(toy: type[ToyGame], make_window: MakeWindow) -> None:
    seed = find_seed(ToyGame, lambda g: tableau_move(g, legal=True) is not None)
    window = make_window("toy", seed)
    game = window.game
    assert game is not None
    move = tableau_move(game, legal=True)
    assert move is not None
    card = game.slot(move.source).top
    drag(window, card_point(window, move.source), card_point(window, move.target))
    assert game.slot(move.target).top is card
    assert card not in game.slot(move.source).cards
    assert game.can_undo
    assert items_match_model(window)


def test_a_refused_drop_returns_the_card_and_says_why(
    toy: type[ToyGame], make_window: MakeWindow
) -> None:
    seed = find_seed(ToyGame, lambda g: tableau_move(g, legal=False) is not None)
    window = make_window("toy", seed)
    game = window.game
    assert game is not None
    move = tableau_move(game, legal=False)
    assert move is not None
    reason = game.why_not(move)
    assert reason is not None
    card = game.slot(move.source).top
    drag(window, card_point(window, move.source), card_point(window, move.target))
    assert game.slot(move.source).top is card
    assert not game.can_undo
    assert items_match_model(window)
    assert window.status.message.text() == reason.translate()


def test_picking_up_what_may_not_move_says_why(toy: type[ToyGame], make_window: MakeWindow) -> None:
    window = make_window("toy", 3)
    game = window.game
    assert game is not None
    window.player.deal()
    reason = game.pick_up_refusal("stock", 1)
    assert reason is not None
    drag(window, card_point(window, "stock"), card_point(window, "tableau-2"))
    assert window.status.message.text() == reason.translate()
    assert items_match_model(window)


def test_a_click_on_the_stock_deals(toy: type[ToyGame], make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    game = window.game
    assert game is not None
    before = len(game.slot("stock").cards)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, card_point(window, "stock"))
    assert len(game.slot("stock").cards) == before - 1
    assert len(game.slot("waste").cards) == 1
    top = game.slot("waste").top
    assert top is not None and top.face_up
    assert items_match_model(window)


def _ace_on_tableau(game: Game) -> bool:
    return any(slot.top is not None and slot.top.rank == 1
               for slot in game.slots if slot.kind == "tableau")


def test_a_double_click_sends_an_ace_up(toy: type[ToyGame], make_window: MakeWindow) -> None:
    window = make_window("toy", find_seed(ToyGame, _ace_on_tableau))
    game = window.game
    assert game is not None
    source = next(s.id for s in game.slots if s.kind == "tableau" and s.top and s.top.rank == 1)
    ace = game.slot(source).top
    QTest.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier, card_point(window, source))
    assert any(slot.top is ace for slot in game.slots if slot.kind == "foundation")
    assert items_match_model(window)


def test_undo_and_redo_from_the_menu(toy: type[ToyGame], make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    game = window.game
    assert game is not None
    assert not window.acts.undo.isEnabled()
    window.acts.deal.trigger()
    dealt = game.slot("waste").top
    assert dealt is not None
    assert window.acts.undo.isEnabled() and not window.acts.redo.isEnabled()
    window.acts.undo.trigger()
    assert not game.slot("waste").cards
    assert window.acts.redo.isEnabled()
    assert items_match_model(window)
    window.acts.redo.trigger()
    assert game.slot("waste").top is dealt
    assert items_match_model(window)


def test_keyboard_play(toy: type[ToyGame], make_window: MakeWindow, qtbot: QtBot) -> None:
    seed = find_seed(ToyGame, lambda g: tableau_move(g, legal=True) is not None)
    window = make_window("toy", seed)
    game = window.game
    assert game is not None
    move = tableau_move(game, legal=True)
    assert move is not None
    view = window.view
    view.setFocus()
    keys = view.keys

    def selected() -> tuple[str, int] | None:  # read afresh each time (keys change it)
        return keys.selection

    def focus_on(slot_id: str) -> None:
        for _ in range(len(game.slots) + 1):
            if keys.focus is not None and keys.focus[0] == slot_id:
                return
            QTest.keyClick(view, Qt.Key.Key_Right)
        raise AssertionError(f"the focus never reached {slot_id}")

    focus_on("stock")
    QTest.keyClick(view, Qt.Key.Key_Return)  # Enter on the stock deals
    assert len(game.slot("waste").cards) == 1
    QTest.keyClick(view, Qt.Key.Key_Space)  # so does Space: the stock's cards are not picked up
    assert len(game.slot("waste").cards) == 2 and keys.selection is None
    window.acts.undo.trigger()
    card = game.slot(move.source).top
    focus_on(move.source)
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert keys.selection == (move.source, len(game.slot(move.source).cards) - 1)
    focus_on(move.target)
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert game.slot(move.target).top is card
    assert selected() is None
    QTest.keyClick(view, Qt.Key.Key_Space)
    assert selected() is not None
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert selected() is None
    assert items_match_model(window)


def test_resizing_lays_the_table_out_again(toy: type[ToyGame], make_window: MakeWindow,
                                           qtbot: QtBot) -> None:
    window = make_window("toy", 1, size=(1200, 800))
    layout = window.scene.layout
    assert layout is not None
    wide = layout.card_width
    window.resize(640, 480)
    qtbot.waitUntil(lambda: window.scene.layout is not None
                    and window.scene.layout.card_width < wide)
    assert items_match_model(window)
    viewport = window.view.viewport().size()
    layout = window.scene.layout
    assert layout is not None
    assert (layout.width, layout.height) == (viewport.width(), viewport.height())


def test_a_hint_is_shown_and_highlighted(toy: type[ToyGame], make_window: MakeWindow) -> None:
    from aisle.ui.table.marks import Mark

    window = make_window("toy", 1)
    game = window.game
    assert game is not None
    hint = game.hint()
    assert hint is not None
    window.acts.hint.trigger()
    assert window.status.message.text() == hint.text.translate()
    marked = window.scene.marked(Mark.HINT)
    assert marked and window.scene.marks.shown(Mark.HINT)
    window.acts.deal.trigger()  # the next action ends the hint
    assert not window.scene.marks.shown(Mark.HINT)


def test_ctrl_enter_is_the_double_click(toy: type[ToyGame], make_window: MakeWindow) -> None:
    window = make_window("toy", find_seed(ToyGame, _ace_on_tableau))
    game = window.game
    assert game is not None
    source = next(s.id for s in game.slots if s.kind == "tableau" and s.top and s.top.rank == 1)
    view = window.view
    view.setFocus()
    for _ in range(len(game.slots) + 1):
        if view.keys.focus is not None and view.keys.focus[0] == source:
            break
        QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert not any(card.rank == 1 for card in game.slot(source).cards[-1:])
    assert any(slot.cards for slot in game.slots if slot.kind == "foundation")
