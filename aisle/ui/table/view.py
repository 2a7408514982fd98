"""The view of the table: sizes the scene to itself and passes mouse and keys to the players."""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QEvent, QPointF
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from aisle.ui.qt.qt_values import ALIGN_LEFT, ALIGN_TOP, SCROLL_BAR_ALWAYS_OFF, STRONG_FOCUS, set_properties
from aisle.ui.table.drag import MouseDrag
from aisle.ui.table.keyboard import KeyboardPlay
from aisle.ui.table.play import Player
from aisle.ui.table.scene import TableScene

#: The smallest table, in pixels: ten piles side by side still show their cards' corners
#: legibly (a card some 40 pixels wide), and the status bar keeps its fields.
MINIMUM_WIDTH, MINIMUM_HEIGHT = 440, 300


class TableView(QGraphicsView):
    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # A viewport of our own making: the first `viewport()` asked of Qt's default one makes
        # PySide6 work out the type of that private class, building some seventy enum classes
        # of other widgets on the way (20 ms and half a MiB before the first frame).
        self._viewport = QWidget()
        self.setViewport(self._viewport)
        self.table = scene
        self.player = Player(scene, self)
        self.mouse = MouseDrag(self.player)
        self.keys = KeyboardPlay(self.player)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # By number: the first frame does without PySide6's costly `Qt` namespace (qt_values).
        set_properties(self, horizontalScrollBarPolicy=SCROLL_BAR_ALWAYS_OFF,
                       verticalScrollBarPolicy=SCROLL_BAR_ALWAYS_OFF,
                       alignment=ALIGN_LEFT | ALIGN_TOP, focusPolicy=STRONG_FOCUS)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        # No background cache: the baize already is one picture, drawn by a plain copy of the
        # area asked for; a second copy of it would only cost its drawing on the first frame.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState
                                  | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        # Pixmaps are drawn 1:1, so smooth scaling is never needed; highlights are antialiased.
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMouseTracking(False)
        self.setMinimumSize(MINIMUM_WIDTH, MINIMUM_HEIGHT)

    def relayout(self) -> None:
        # The view's contents rather than the viewport: the same size on screen (no frame, no
        # scroll bars), and before the window is first shown only the view has its size yet
        # (the viewport gets it at the show), so the table's first layout is the one shown.
        size = self.contentsRect().size()
        self.table.resize_table(size.width(), size.height(), self.devicePixelRatioF())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if not self._laid_out_already():
            self.relayout()

    def _laid_out_already(self) -> bool:
        """Whether the table is laid out for this size already: so it is when the window
        shows a table laid out before the show (aisle.ui.window.main_window.put_on_table)."""
        size, rect = self.contentsRect().size(), self.table.sceneRect()
        return (self.table.layout is not None and self.table.dpr == self.devicePixelRatioF()
                and (rect.width(), rect.height()) == (size.width(), size.height()))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.relayout()

    # -- mouse --------------------------------------------------------------------------------
    def _scene_pos(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.keys.hide()
        if event.modifiers() & ~QtCore.Qt.KeyboardModifier.KeypadModifier:
            return  # the reference ignores presses with a modifier held
        if event.button() == QtCore.Qt.MouseButton.LeftButton:
            self.mouse.press(self._scene_pos(event))
        elif event.button() == QtCore.Qt.MouseButton.MiddleButton:
            self.mouse.double_click(self._scene_pos(event))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.buttons() & QtCore.Qt.MouseButton.LeftButton:
            self.mouse.move(self._scene_pos(event))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == QtCore.Qt.MouseButton.LeftButton:
            self.mouse.release(self._scene_pos(event))

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == QtCore.Qt.MouseButton.LeftButton and not event.modifiers():
            self.mouse.double_click(self._scene_pos(event))

    # -- keys ---------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self.keys.key(event):
            super().keyPressEvent(event)

    def focusOutEvent(self, event: object) -> None:  # noqa: N802
        self.mouse.cancel()
        super().focusOutEvent(event)  # type: ignore[arg-type]
