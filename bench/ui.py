"""Table speed: start-up to the first painted table, a full repaint, a mouse move while dragging.

1. Start-up, side by side in one run: a bare PySide6 window (menu bar, status bar, 52
   rectangles in a QGraphicsView) against `aisle --game G --seed 1` (Klondike and Spider Three
   Decks), each a fresh process, alternating; the time from process start until the table's
   first paint event has been handled. Medians of several rounds, and the ratio to the bare one.
   Warm starts: bytecode is compiled in a first, unmeasured run of each (as an install does),
   kept in a private folder. Aisle is hooked where the start-up passes (`open_game`, patched
   when the start-up itself imports `aisle.ui.app`), so its imports happen in their real
   order. To compare with another tree, run with PYTHONPATH=<tree>:<tree>/plugins.
   The pictures of the first frame come from the disk cache, as on every start but the very
   first (the unmeasured run stays up a moment to write them); one more row shows Klondike
   with an empty cache each time (a first start, or a window size never shown before), and
   one Klondike with every other game switched off (AISLE_DISABLE_PLUGINS): start-up must
   not grow with the number of installed games, so the two Klondike rows should match.
2. A full repaint of Spider Three Decks at 1920x1080 (the view's viewport, synchronously).
3. One mouse move while dragging a 13-card run: the cards follow, and the view repaints.

Runs offscreen unless QT_QPA_PLATFORM says otherwise; never touches the real data folder.
Run: python bench/ui.py [rounds]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from aisle.testing.start_probe import start_script

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_BARE = r"""
import sys, time
from PySide6.QtCore import QEvent, QObject, QRectF
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QApplication, QGraphicsScene, QGraphicsView, QMainWindow,
                               QStatusBar)
app = QApplication(sys.argv[:1])
window = QMainWindow()
for title in ("Game", "View", "Control", "Options", "Help"):
    window.menuBar().addMenu(title).addAction("Item")
window.setStatusBar(QStatusBar())
window.statusBar().showMessage("Ready")
scene = QGraphicsScene()
for i in range(52):
    scene.addRect(QRectF(20 + (i % 13) * 70, 20 + (i // 13) * 100, 60, 84),
                  brush=QBrush(QColor("white")))
view = QGraphicsView(scene)
window.setCentralWidget(view)
class First(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            app.postEvent(self, QEvent(QEvent.Type.User))
        elif event.type() == QEvent.Type.User and watched is self:
            print(time.time(), flush=True)
            app.quit()
        return False
first = First()
first.installEventFilter(first)
view.viewport().installEventFilter(first)
window.resize(1280, 800)
window.show()
app.exec()
"""

def _aisle(warm_up: bool) -> str:
    """Aisle's start, printing the time of its first paint. The unmeasured first run lives on a
    moment: the work queued behind the first frame (keeping its pictures on disk) is done as in
    real use."""
    return start_script(f"""
def at_first_paint(QApplication, QTimer):
    print(time.time(), flush=True)
    QTimer.singleShot({500 if warm_up else 0}, QApplication.quit)
""")


AISLE, AISLE_WARMING = _aisle(False), _aisle(True)


def _first_paint(env: dict[str, str], code: str, *args: str) -> float:
    """Seconds from spawning a process until its window's first paint was handled."""
    start = time.time()
    # Run from the data folder: with "-c" the working folder comes first on sys.path, and a
    # checkout there would shadow what PYTHONPATH asks for (e.g. an older tree to compare).
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          check=True, env=env, cwd=env["AISLE_DATA_DIR"])
    return float(done.stdout.strip().splitlines()[-1]) - start


def start_arguments(game: str) -> tuple[str, ...]:
    """The `aisle` command's arguments for a measured start."""
    return "--game", game, "--seed", "1"


def _other_games(game: str) -> list[str]:
    """Every installed game's plugin name but `game`'s (entry points: no plugin is imported)."""
    from importlib.metadata import entry_points

    return sorted(point.name for point in entry_points(group="aisle") if point.name != game)


def start_up(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        # The Aisle processes write settings, saves and pictures: keep them in a throwaway folder.
        env["AISLE_DATA_DIR"] = os.path.join(folder, "data")
        env["AISLE_CACHE_DIR"] = os.path.join(folder, "cache")
        os.makedirs(env["AISLE_DATA_DIR"])
        # Warm starts, as after an install that compiled the bytecode: every process may write
        # and read .pyc files, kept in a private folder so that nothing lands in the tree.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "pycache")
        games = ("klondike", "spider-three-decks")
        cold = "klondike, no pictures"
        others = _other_games("klondike")
        alone = f"klondike, {len(others)} others off"
        times: dict[str, list[float]] = {"bare PySide6": [], **{game: [] for game in games},
                                         cold: [], alone: []}
        only_klondike = dict(env, AISLE_DISABLE_PLUGINS=",".join(others))
        # Compile the bytecode, warm the disk cache for everyone and keep the first pictures.
        _first_paint(env, _BARE)
        for game in games:
            _first_paint(env, AISLE_WARMING, *start_arguments(game))
        for count in range(rounds):
            times["bare PySide6"].append(_first_paint(env, _BARE))
            for game in games:
                times[game].append(_first_paint(env, AISLE, *start_arguments(game)))
            empty = dict(env, AISLE_CACHE_DIR=os.path.join(folder, f"empty-cache-{count}"))
            times[cold].append(_first_paint(empty, AISLE, *start_arguments("klondike")))
            times[alone].append(_first_paint(only_klondike, AISLE, *start_arguments("klondike")))
    bare = statistics.median(times["bare PySide6"])
    print(f"start-up to first painted table (median of {rounds}):")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:<24} {median * 1000:7.0f} ms   {median / bare:5.2f}x bare")


def _window(game: str, width: int, height: int) -> object:
    from PySide6.QtWidgets import QApplication

    from aisle.storage import Settings
    from aisle.ui.window.main_window import MainWindow

    window = MainWindow(Settings(animations=False))
    window.resize(width, height)
    window.dealer.start_game(game, 1)
    window.show()
    QApplication.processEvents()
    return window


def repaint(rounds: int) -> None:
    from aisle.ui.window.main_window import MainWindow

    window = _window("spider-three-decks", 1920, 1080)
    assert isinstance(window, MainWindow)
    viewport = window.view.viewport()
    times = []
    for _ in range(rounds * 10):
        start = time.perf_counter()
        viewport.repaint()
        times.append(time.perf_counter() - start)
    size = viewport.size()
    print(f"full repaint, Spider Three Decks, viewport {size.width()}x{size.height()}: "
          f"median {statistics.median(times) * 1000:.2f} ms")
    window.close()


def drag_run(rounds: int) -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QApplication

    from aisle.ui.window.main_window import MainWindow

    window = _window("spider-three-decks", 1920, 1080)
    assert isinstance(window, MainWindow)
    game = window.game
    assert game is not None
    # Build a 13-card pile for the bench only (the rules are not asked: this measures drawing).
    pile = game.slot("tableau-1")
    stock = game.slot("stock")
    while len(pile.cards) < 13:
        card = stock.cards.pop()
        card.face_up = True
        pile.cards.append(card)
    for card in pile.cards:
        card.face_up = True
    window.scene.sync(animate=False)
    first = len(pile.cards) - 13
    scene = window.scene
    items = [scene.item_of("tableau-1", i) for i in range(first, len(pile.cards))]
    starts = [item.pos() for item in items]
    times = []
    for step in range(rounds * 20):
        offset = QPointF(3.0 * (step % 100), 2.0 * (step % 100))
        start = time.perf_counter()
        for item, origin in zip(items, starts, strict=True):
            item.setPos(origin + offset)
        # The view repaints what changed, as it does for a real mouse move.
        QApplication.processEvents()
        times.append(time.perf_counter() - start)
    print(f"mouse move dragging a 13-card run at 1920x1080: "
          f"median {statistics.median(times) * 1000:.2f} ms")
    window.close()


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    start_up(rounds)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        os.environ["AISLE_DATA_DIR"] = folder
        os.environ["AISLE_CACHE_DIR"] = os.path.join(folder, "cache")
        repaint(rounds)
        drag_run(rounds)
    del app


if __name__ == "__main__":
    main()
