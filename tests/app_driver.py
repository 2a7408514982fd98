"""Run the real application (``aisle.cli.main``) in a test's subprocess and play a little:

    python app_driver.py WHAT [aisle arguments...]

WHAT is "deal" (click Deal once the game shows, then quit), "look" (quit once the game shows) or
"offer" (wait until every plugin is loaded and a kept game is offered, then quit). Before
quitting one line ``REPORT {json}`` is printed: the game, the window title, the dialogs open.
The process exits with Aisle's own status.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget


def main() -> int:
    app = QApplication(sys.argv[:1])
    what = sys.argv[1]

    def window() -> QWidget | None:
        from aisle.ui.window.main_window import MainWindow

        return next((w for w in app.topLevelWidgets()
                     if isinstance(w, MainWindow) and w.isVisible()), None)

    def step() -> None:
        from aisle.registry import loading
        from aisle.ui.window.main_window import MainWindow

        shown = window()
        ready = isinstance(shown, MainWindow) and shown.game is not None
        if ready and what == "offer":
            assert isinstance(shown, MainWindow)
            ready = not loading.plugins_loading() and "waiting_game" in shown.extras.open
        if not ready:
            QTimer.singleShot(20, step)
            return
        assert isinstance(shown, MainWindow) and shown.game is not None
        if what == "deal":
            shown.acts.deal.trigger()
        app.processEvents()
        report = {"game": shown.game.variant_id, "title": shown.windowTitle(),
                  "open": sorted(shown.extras.open),
                  "texts": {name: getattr(dialog, "text", lambda: "")()
                            for name, dialog in shown.extras.open.items()}}
        print("REPORT " + json.dumps(report), flush=True)
        shown.close()

    QTimer.singleShot(0, step)
    from aisle.cli import main as aisle

    return aisle(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
