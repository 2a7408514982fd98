"""Keyboard moves between and within slots (Home/End, Ctrl+Home/End, PageUp/PageDown), and
cards that turn over: at once with animations off, with a short squeeze when they are on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle.engine import Deal
from aisle.ui.table import animation
from aisle.ui.table.card_item import CardItem
from aisle.ui.window.main_window import MainWindow

from ..table_helpers import items_match_model

MakeWindow = Callable[..., MainWindow]


def _press(window: MainWindow, key: Qt.Key, ctrl: bool = False) -> None:
    modifier = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
    QTest.keyClick(window.view, key, modifier)


def _focused_slot(window: MainWindow) -> str | None:
    focus = window.view.keys.focus
    return focus[0] if focus is not None else None


def _build_run(window: MainWindow, slot_id: str, down: int, up: int) -> None:
    """Give a pile `down` face-down cards under `up` face-up ones (cards from the stock; this
    sets up a position to navigate, no rule is asked)."""
    game = window.game
    assert game is not None
    pile, stock = game.slot(slot_id), game.slot("stock")
    pile.cards.extend(stock.cards.pop() for _ in range(down + up))
    for index, card in enumerate(pile.cards):
        card.face_up = index >= len(pile.cards) - up
    window.scene.sync(animate=False)


def test_home_and_end_reach_the_ends_of_the_face_up_run(toy: type[ToyGame],
                                                         make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    # tableau-2 already holds one face-up card: two face-down go on top, then three face-up.
    _build_run(window, "tableau-2", down=2, up=3)
    game = window.game
    assert game is not None
    count = len(game.slot("tableau-2").cards)
    window.view.setFocus()
    keys = window.view.keys
    _press(window, Qt.Key.Key_Home, ctrl=True)
    assert keys.focus == ("stock", len(game.slot("stock").cards) - 1)
    for _ in range(len(game.slots)):
        if _focused_slot(window) == "tableau-2":
            break
        _press(window, Qt.Key.Key_PageDown)
    assert keys.focus == ("tableau-2", count - 1)
    _press(window, Qt.Key.Key_Home)
    assert keys.focus == ("tableau-2", count - 3), "the lowest card of the face-up run"
    _press(window, Qt.Key.Key_End)
    assert keys.focus == ("tableau-2", count - 1)


def test_home_on_an_unfanned_pile_stays_on_its_top_card(toy: type[ToyGame],
                                                        make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    game = window.game
    assert game is not None
    for _ in range(3):
        game.play(Deal())
    window.scene.sync(animate=False)
    window.view.setFocus()
    keys = window.view.keys
    _press(window, Qt.Key.Key_Home, ctrl=True)
    _press(window, Qt.Key.Key_PageDown)
    assert keys.focus == ("waste", 2)
    _press(window, Qt.Key.Key_Home)
    assert keys.focus == ("waste", 2), "only the top card of the waste shows"


def test_ctrl_home_end_and_page_keys_move_by_slot(toy: type[ToyGame],
                                                  make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    game = window.game
    assert game is not None
    ids = [slot.id for slot in game.slots]
    window.view.setFocus()
    keys = window.view.keys
    _press(window, Qt.Key.Key_End, ctrl=True)
    assert keys.focus is not None and keys.focus[0] == ids[-1]
    _press(window, Qt.Key.Key_PageDown)  # wraps round to the first slot
    assert keys.focus is not None and keys.focus[0] == ids[0]
    _press(window, Qt.Key.Key_PageUp)
    assert keys.focus is not None and keys.focus[0] == ids[-1]
    _press(window, Qt.Key.Key_PageUp)
    assert keys.focus is not None and keys.focus[0] == ids[-2]
    _press(window, Qt.Key.Key_Home, ctrl=True)
    assert keys.focus is not None and keys.focus[0] == ids[0]


def test_the_first_key_shows_the_focus_frame(toy: type[ToyGame], make_window: MakeWindow) -> None:
    from aisle.ui.table.marks import Mark

    window = make_window("toy", 1)
    window.view.setFocus()
    _press(window, Qt.Key.Key_PageDown)
    assert window.view.keys.focus is not None
    assert window.scene.marks.shown(Mark.FOCUS)


def _waste_item(window: MainWindow) -> CardItem:
    return window.scene.item_of("waste", -1)


def test_a_flip_is_instant_with_animations_off(toy: type[ToyGame], make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    window.acts.deal.trigger()
    item = _waste_item(window)
    assert item.card.face_up
    assert not window.scene.animator.running
    assert item.transform().isIdentity()
    assert items_match_model(window)


def test_a_flip_squeezes_the_card_and_ends_on_its_face(toy: type[ToyGame], make_window: MakeWindow,
                                                      qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    # A slow flip, so that it is still under way when the test takes hold of its clock.
    monkeypatch.setattr(animation, "FLIP_MS", 2000)
    window = make_window("toy", 1)
    window.acts.animations.setChecked(True)
    scene = window.scene
    layout = scene.layout
    assert layout is not None
    back = scene.pictures.back(layout.card_width, scene.dpr).toImage()
    window.acts.deal.trigger()
    item = _waste_item(window)
    card = item.card
    face = scene.pictures.face(card.rank, card.suit.value, layout.card_width, scene.dpr).toImage()
    assert scene.animator.running, "the flip is under way, not done at once"
    assert item.pixmap().toImage() == back, "the back shows until the middle of the turn"
    # The turn's clock stepped by hand, not sampled while it runs: a busy machine may skip
    # every frame of the middle of a live turn.
    turn = scene.animator._flip_animation
    assert turn is not None
    turn.pause()
    turn.setCurrentTime(500)  # a quarter of the way: half as wide, the back still up
    assert item.transform().m11() == pytest.approx(0.5)
    assert item.pixmap().toImage() == back
    turn.setCurrentTime(1500)  # three quarters: half as wide again, the face up
    assert item.transform().m11() == pytest.approx(0.5)
    assert item.pixmap().toImage() == face
    turn.resume()
    qtbot.waitUntil(lambda: not scene.animator.running, timeout=10_000)
    assert item.transform().isIdentity()
    assert item.pixmap().toImage() == face
    assert items_match_model(window)


def test_an_action_during_a_flip_finishes_it_at_once(toy: type[ToyGame],
                                                     make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    window.acts.animations.setChecked(True)
    window.acts.deal.trigger()
    first = _waste_item(window)
    window.acts.undo.trigger()  # the card turns back and returns to the stock
    assert first.transform().isIdentity() or window.scene.animator.running
    window.scene.animator.finish()
    assert not window.scene.animator.running
    assert not first.card.face_up
    assert first.transform().isIdentity()
    assert items_match_model(window)
