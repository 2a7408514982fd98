"""Run the real application (``aisle.cli.main``) in a test's subprocess and play on command:

    python play_driver.py [aisle arguments...]

Once the window shows a game (and Aisle handles SIGTERM) it prints ``READY {json}``; then it
reads commands, one a line, from stdin and answers each with one line:

- ``deal N``: click Deal N times; ``DONE {json}``
- ``report``: ``DONE {json}``
- ``quit``: close the window as the player would (Aisle then exits with its own status)

The report: the game (id, moves, its JSON), the window title, the dialogs and message boxes
open (with their texts), whether the session is read-only. Whenever the window is brought to
the front by a second start, ``SHOWN`` is printed. With AISLE_TEST_REACH_SECONDS set, a second
start gives up reaching the first after that many seconds.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import sys
import threading
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget


def main() -> int:
    app = QApplication(sys.argv[:1])
    commands: queue.Queue[str] = queue.Queue()
    ready = False

    from aisle.ui.window import single_instance

    real_front = single_instance.bring_to_front

    def front(window: QWidget) -> None:
        real_front(window)
        print("SHOWN", flush=True)

    single_instance.bring_to_front = front
    reach = os.environ.get("AISLE_TEST_REACH_SECONDS")
    if reach:
        single_instance.REACH_SECONDS = float(reach)

    def window() -> Any:
        from aisle.ui.window.main_window import MainWindow

        return next((w for w in app.topLevelWidgets()
                     if isinstance(w, MainWindow) and w.isVisible()), None)

    def report(shown: Any) -> str:
        boxes = [box.text() for box in shown.findChildren(QMessageBox) if box.isVisible()]
        game = shown.game
        return json.dumps({
            "game": game.variant_id if game else None, "moves": game.moves if game else None,
            "json": game.to_json() if game else None, "title": shown.windowTitle(),
            "open": sorted(shown.extras.open), "boxes": boxes,
            "read_only": shown.session.read_only if shown.session else None})

    def quit_signals_taken() -> bool:
        """Aisle handles SIGTERM itself (it does so once the first frame is painted)."""
        return sys.platform == "win32" or callable(signal.getsignal(signal.SIGTERM))

    def step() -> None:
        nonlocal ready
        shown = window()
        if shown is None or shown.game is None or not quit_signals_taken():
            QTimer.singleShot(20, step)
            return
        if not ready:
            ready = True
            app.processEvents()
            print("READY " + report(shown), flush=True)
        while not commands.empty():
            words = commands.get().split()
            if words[:1] == ["deal"]:
                for _ in range(int(words[1])):
                    shown.acts.deal.trigger()
                print("DONE " + report(shown), flush=True)
            elif words[:1] == ["report"]:
                print("DONE " + report(shown), flush=True)
            elif words[:1] == ["quit"]:
                shown.close()
                return
        QTimer.singleShot(20, step)

    def read_commands() -> None:
        for line in sys.stdin:
            commands.put(line.strip())

    threading.Thread(target=read_commands, daemon=True).start()
    QTimer.singleShot(0, step)
    from aisle.cli import main as aisle

    return aisle(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
