"""Helpers for table tests: find deals with a wanted property, and points on the table."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from aisle.engine import Game, Move
from aisle.ui.window.main_window import MainWindow
from aisle.variant import Variant


def find_seed(variant: type[Variant], wanted: Callable[[Game], bool], limit: int = 2000) -> int:
    """The first deal number whose fresh game satisfies `wanted` (computed, not assumed)."""
    for seed in range(1, limit):
        if wanted(Game.new(variant, seed)):
            return seed
    raise AssertionError("no such deal in the first numbers")


def tableau_move(game: Game, legal: bool) -> Move | None:
    """A one-card move between two tableau piles, legal or refused as asked."""
    tableau = [slot for slot in game.slots if slot.kind == "tableau" and slot.cards]
    for source in tableau:
        for target in tableau:
            if source is not target:
                move = Move(source.id, 1, target.id)
                if (game.why_not(move) is None) == legal:
                    return move
    return None


def card_point(window: MainWindow, slot_id: str, index: int | None = None) -> QPoint:
    """A viewport point on the visible part of a card (the top card by default), or on the
    empty slot."""
    scene = window.scene
    assert window.game is not None and scene.layout is not None
    slot = window.game.slot(slot_id)
    rects = scene.card_rects(slot)
    if not rects:
        rect = scene.layout.slot_rect(slot_id)
        return window.view.mapFromScene(QPointF(rect.x + rect.width / 2, rect.y + rect.height / 2))
    index = len(rects) - 1 if index is None else index
    rect = rects[index]
    height = rect.height
    if index + 1 < len(rects):
        height = min(height, rects[index + 1].y - rect.y) or rect.height
    return window.view.mapFromScene(QPointF(rect.x + rect.width / 2, rect.y + height / 2))


def drag(window: MainWindow, start: QPoint, end: QPoint, steps: int = 6) -> None:
    """A real mouse drag on the table's viewport."""
    viewport = window.view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, steps + 1):
        point = start + (end - start) * step / steps
        QTest.mouseMove(viewport, point)
        QApplication.processEvents()
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    QApplication.processEvents()


def items_match_model(window: MainWindow) -> bool:
    """Every card item stands where the layout puts its card, showing the right side."""
    scene = window.scene
    assert window.game is not None
    for slot in window.game.slots:
        for index, rect in enumerate(scene.card_rects(slot)):
            item = scene.item_of(slot.id, index)
            if (item.pos().x(), item.pos().y()) != (rect.x, rect.y):
                return False
            if item.card is not slot.cards[index]:
                return False
    return True
