"""The bundle's smoke test, run inside the frozen program (AISLE_BUNDLE_SMOKE=<folder>):

    AISLE_BUNDLE_SMOKE=<folder> aisle --game klondike --seed 7 --lang de

Starts Aisle as the command does, and once the table is dealt and every plugin is loaded it
opens Help ▸ This Game, saves pictures of the window and of the help window into <folder>,
writes <folder>/report.json (the game, titles, menu titles, open windows, plugin errors) and
<folder>/ready, then waits (at most 60 s) for <folder>/done so that the caller can grab the
real screen, and quits. With AISLE_BUNDLE_SMOKE=timing it prints the time of the first paint
of the table and quits (as bench/ui.py measures a start-up).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any


def run(where: str, arguments: list[str]) -> int:
    if where == "timing":
        return _timing(arguments)
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from aisle.cli import main as aisle

    # Made here, as aisle.ui.app makes it, so that the timer below has an application to run in.
    app = QApplication(sys.argv[:1])
    app.setApplicationName("Aisle")
    app.setOrganizationName("Aisle")
    app.setApplicationDisplayName("Aisle")
    folder = Path(where)
    folder.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()

    def step() -> None:
        from aisle import hooks
        from aisle.ui.window.main_window import MainWindow

        window = next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()),
                      None)
        if window is None or window.game is None or hooks.plugins_loading():
            if time.monotonic() - started > 60:
                print("smoke: no dealt table within 60 s", file=sys.stderr)
                app.exit(3)
                return
            QTimer.singleShot(50, step)
            return
        window.acts.help_game.trigger()
        QTimer.singleShot(800, lambda: look(window))

    def look(window: Any) -> None:
        from aisle import hooks
        from aisle.ui.dialogs.help_browser import HelpWindow

        help_windows = [child for child in window.children() if isinstance(child, HelpWindow)]
        window.grab().save(str(folder / "window.png"))
        for help_window in help_windows:
            help_window.grab().save(str(folder / "help.png"))
        report = {
            "game": window.game.variant_id, "title": window.windowTitle(),
            "menus": [action.text() for action in window.menuBar().actions()],
            "help": [help_window.windowTitle() for help_window in help_windows if help_window.isVisible()],
            "games": sorted(hooks.available_variants()), "errors": hooks.plugin_errors(),
            "frozen": bool(getattr(sys, "frozen", False)),
        }
        (folder / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1),
                                            encoding="utf-8")
        (folder / "ready").write_text("")
        wait_for_done(window, time.monotonic())

    def wait_for_done(window: Any, since: float) -> None:
        if (folder / "done").exists() or time.monotonic() - since > 60:
            for help_window in window.findChildren(_help_window_class()):
                help_window.close()
            window.close()
            return
        QTimer.singleShot(100, lambda: wait_for_done(window, since))

    QTimer.singleShot(0, step)
    return aisle(arguments)


def _help_window_class() -> type:
    from aisle.ui.dialogs.help_browser import HelpWindow

    return HelpWindow


def _timing(arguments: list[str]) -> int:
    """Print the time of the table's first paint, hooked in where bench/ui.py hooks in: when the
    start-up itself imports aisle.ui.app, so every import happens in its real order."""
    warm_up = "warm-up" in arguments

    def patch(module: Any) -> None:
        opened = module.open_game

        def open_game(window: Any, *args: Any) -> None:
            from PySide6.QtCore import QEvent, QObject, QTimer
            from PySide6.QtWidgets import QApplication

            class First(QObject):
                def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
                    if event.type() == QEvent.Type.Paint:
                        QApplication.postEvent(self, QEvent(QEvent.Type.User))
                    elif event.type() == QEvent.Type.User and watched is self:
                        print(time.time(), flush=True)
                        QTimer.singleShot(500 if warm_up else 0, QApplication.quit)
                    return False

            window.first_paint = First()
            window.first_paint.installEventFilter(window.first_paint)
            window.view.viewport().installEventFilter(window.first_paint)
            window.resize(1280, 800)
            opened(window, *args)

        module.open_game = open_game

    class Hook:
        @staticmethod
        def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
            if name != "aisle.ui.app":
                return None
            sys.meta_path.remove(Hook)
            # The next finder (the bundle's own archive, or the file system) finds the module.
            for finder in sys.meta_path:
                spec = finder.find_spec(name, path, target)
                if spec is not None:
                    break
            else:
                return None
            loader: Any = spec.loader
            run_module = loader.exec_module

            def exec_module(module: Any) -> None:
                run_module(module)
                patch(module)

            loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, Hook)
    from aisle.cli import main as aisle

    return aisle([argument for argument in arguments if argument != "warm-up"])
