"""Starting the application: the language, the window, the game; or a screenshot and exit."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from aisle import i18n


@dataclass(frozen=True)
class Launch:
    game: str | None = None
    seed: int | None = None
    language: str | None = None
    screenshot: str | None = None
    size: tuple[int, int] = (1280, 800)


#: The deal shown by --screenshot when no number is given (so documentation images are stable).
SCREENSHOT_SEED = 1


def _application() -> object:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Aisle")
        app.setOrganizationName("Aisle")
        app.setApplicationDisplayName("Aisle")
    return app


def run(launch: Launch) -> int:
    if launch.screenshot is not None:
        return screenshot(launch)
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings

    settings, problems = Settings.load()
    language = launch.language or settings.language or i18n.system_language()
    if language in i18n.LANGUAGES:
        i18n.set_language(language)
    app = _application()
    from aisle.ui.main_window import MainWindow

    stats, stats_problems = Statistics.load()
    session = Session(stats)
    window = MainWindow(settings, session)
    window.restore_geometry()
    open_game(window, session, launch, problems)
    window.show()
    window.report(problems + stats_problems + session.take_problems())
    status = int(app.exec())  # type: ignore[attr-defined]
    _dispose(window)
    return status


def _dispose(window: object) -> None:
    """Tear the window down while Qt is still whole: Python's exit-time collection of a live
    window can meet half-destroyed Qt objects and crash on the way out."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QWidget

    assert isinstance(window, QWidget)
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def open_game(window: object, session: object, launch: Launch, problems: list[i18n.Text]) -> None:
    """Resume the saved game, unless the command line asks for a game or deal."""
    from aisle.session import Session
    from aisle.ui.main_window import MainWindow

    assert isinstance(window, MainWindow) and isinstance(session, Session)
    if launch.game is None and launch.seed is None:
        problem = session.resume()
        if problem is not None:
            problems.append(problem)
        if session.game is not None:
            window.show_game(session.game)
            return
    variant_id = launch.game or window.default_game()
    if variant_id is not None:
        window.start_game(variant_id, launch.seed)


def screenshot(launch: Launch) -> int:
    """Draw a deal offscreen into a PNG file; touches no settings, statistics or saves."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _application()
    from PySide6.QtWidgets import QApplication

    from aisle.storage import Settings
    from aisle.ui.main_window import MainWindow

    window = MainWindow(Settings(animations=False))
    window.resize(*launch.size)
    variant_id = launch.game or window.default_game()
    if variant_id is None:
        print(i18n._("No game is installed, so there is nothing to draw."), file=sys.stderr)
        return 1
    if not window.start_game(variant_id, launch.seed if launch.seed is not None
                             else SCREENSHOT_SEED):
        return 1
    window.show()
    QApplication.processEvents()
    window.scene.animator.finish()
    picture = window.grab()
    target = Path(launch.screenshot or "screenshot.png")
    ok = picture.save(str(target), "PNG")
    window.close()
    _dispose(window)
    if not ok:
        print(i18n._("Could not write {path}.").format(path=target), file=sys.stderr)
        return 1
    return 0
