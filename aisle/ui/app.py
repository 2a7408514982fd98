"""Starting the application: the window on the prepared game; or a screenshot and exit."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from aisle import collector, i18n
from aisle.launch import Launch, Start, default_game, prepare

if TYPE_CHECKING:
    from aisle.instance_lock import InstanceLock
    from aisle.ui.qt.quit_signals import QuitSignals
    from aisle.ui.window.hang_watch import HangWatch
    from aisle.ui.window.main_window import MainWindow
    from aisle.ui.window.single_instance import ShowServer

log = logging.getLogger(__name__)

__all__ = ["SCREENSHOT_SEED", "Launch", "open_game", "run", "screenshot"]

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


def no_screen() -> str | None:
    """Why no window can be shown, when that is plain before Qt is asked (which would abort
    the process with a message of its own about reinstalling): a Unix desktop without a display
    named in the environment. None otherwise."""
    if sys.platform in ("win32", "darwin") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return i18n._("Aisle needs a graphical desktop to show its window, and none was found "
                  "(neither DISPLAY nor WAYLAND_DISPLAY is set). Start it from your desktop, or "
                  "draw a deal into a picture without one: aisle --screenshot deal.png")


def run(launch: Launch, start: Start | None = None, lock: InstanceLock | None = None) -> int:
    """Open the window and play until it is closed; `start` is `prepare(launch)` and `lock` the
    data folder's lock (`take_lock`) if done already.

    One Aisle per data folder (aisle.instance_lock): a second start brings the first one's
    window to the front and leaves, before it reads any file; or, when the first does not
    answer, plays read-only.
    """
    if launch.screenshot is not None:
        return screenshot(launch)
    missing = no_screen()
    if missing is not None:
        print(missing, file=sys.stderr)
        return 1
    if lock is None:
        from aisle.instance_lock import take_lock
        from aisle.storage import resolve_folder

        lock = take_lock(resolve_folder(start.session.folder if start is not None else None))
    app = _application()
    if lock.other is not None:
        from aisle.ui.window.single_instance import second_start

        lock, shown = second_start(lock)
        if shown:
            print(i18n._("Aisle is already running; its window was brought to the front."),
                  file=sys.stderr)
            if launch.game is not None or launch.seed is not None:
                print(i18n._("The game asked for on the command line was not dealt there: "
                             "choose it in that window."), file=sys.stderr)
            return 0
    if start is None:
        start = prepare(launch, read_only=lock.other is not None)
    start.session.read_only = lock.other is not None
    from aisle.ui.qt.first_frame import after_first_frame
    from aisle.ui.window.main_window import MainWindow

    # The writer thread (the settings, the save) starts after the first frame, not beside it.
    start.session.writer.hold()
    window = MainWindow(start.settings, start.session)
    # Any exception a Qt handler lets out takes the window's guarded path (aisle.ui.window.guard).
    uninstall = window.guard.install()
    window.restore_geometry()
    if launch.asked_size is not None:
        window.resize(*launch.asked_size)  # --size: this start only (quitting keeps it, as a drag)
    # Every other plugin (other games, their help and catalogs) loads in a worker thread, so a
    # slow plugin never freezes the window: once the table is on screen if something waits for
    # them, else when the player first reaches past the table (aisle.ui.plugins.at_start).
    after_first_frame(window.view.viewport(), window.plugins_after_start)
    # SIGTERM and the like close the window as the player would, which saves; and a second
    # start is answered. Both once the table shows: until then nothing new is there to save,
    # and their imports (socket) stay off the start-up.
    quitting: list[QuitSignals] = []
    after_first_frame(window.view.viewport(), lambda: quitting.append(_watch_quit(window)))
    servers: list[ShowServer] = []
    if lock.held:
        after_first_frame(window.view.viewport(), lambda: servers.extend(_serve(window, lock)))
    open_game(window, start, launch)
    window.show_as_saved()
    if start.session.read_only:
        from aisle.ui.window.single_instance import tell_read_only

        tell_read_only(window, lock)
    window.report(start.problems + start.session.take_problems())
    # Told once the table shows: a kept game's name may need its plugin imported.
    notes = start.session.take_notes()
    after_first_frame(window.view.viewport(),
                      lambda: window.inform(i18n.T("Game Kept for Later"), notes))
    if start.first_start:
        from aisle.ui.dialogs.first_start import offer_winnable_deals

        def greet() -> None:
            # Checking the menu item saves the choice with the settings.
            box = window.extras.open["first_start"] = offer_winnable_deals(
                window, lambda: window.solver.winnable_only.setChecked(True),
                window.solver.winnable_first_deal)
            box.destroyed.connect(lambda *_args: window.extras.open.pop("first_start", None))

        # Once the table shows, so the newcomer sees the game the question is about.
        after_first_frame(window.view.viewport(), greet)
    after_first_frame(window.view.viewport(), start.session.writer.release)
    # The garbage collector, paused by the `aisle` command (aisle.entry), collects again once the
    # table is on screen (filters see the paint newest first: this runs before the pieces above).
    after_first_frame(window.view.viewport(), collector.resume)
    watches: list[HangWatch] = []
    after_first_frame(window.view.viewport(), lambda: watches.append(_watch_hangs(window)))
    status = int(app.exec())  # type: ignore[attr-defined]
    for watch in watches:
        watch.stop()
    uninstall()
    for signals in quitting:
        signals.uninstall()
    for server in servers:
        server.close()  # its socket file goes with it
    _dispose(window)
    lock.release()
    return status


def _watch_quit(window: MainWindow) -> QuitSignals:
    from aisle.ui.qt.quit_signals import QuitSignals

    signals = QuitSignals(window, window.save_now)
    signals.install()
    return signals


def _watch_hangs(window: MainWindow) -> HangWatch:
    """A third-party game's code that never returns is stopped after a while
    (aisle.ui.window.hang_watch)."""
    from aisle.registry.faults import third_party_modules
    from aisle.ui.window.hang_watch import HangWatch

    return HangWatch(third_party_modules, window)


def _serve(window: MainWindow, lock: InstanceLock) -> list[ShowServer]:
    """Listen for second starts (the server, if it could be made)."""
    from aisle.ui.window.single_instance import serve

    server = serve(window, lock)
    if server is None:
        log.warning("a second start cannot reach this Aisle: it will open read-only")
        return []
    return [server]


def _dispose(window: object) -> None:
    """Tear the window down while Qt is still whole: Python's exit-time collection of a live
    window can meet half-destroyed Qt objects and crash on the way out."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QWidget

    assert isinstance(window, QWidget)
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def open_game(window: MainWindow, start: Start, launch: Launch) -> None:
    """Put the start's game on the table: the game resumed, else the game and deal number asked
    for (by the command line, else the settings); see `Dealer.first_game`."""
    window.dealer.first_game(start.session.game, launch.game, launch.seed)
    if window.game is None:  # none to show (yet): the actions follow the empty table
        window.refresh()


def screenshot(launch: Launch) -> int:
    """Draw a deal offscreen into a PNG file; touches no settings, statistics or saves."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, qInstallMessageHandler

    def quiet_platform(_kind: object, _context: object, message: str) -> None:
        # The offscreen platform says, on every run, that it cannot pass on size hints: its
        # own talk, not a problem of the picture (anything else Qt says still shows).
        if "propagateSizeHints" not in message:
            print(message, file=sys.stderr)

    qInstallMessageHandler(quiet_platform)
    _application()
    from PySide6.QtWidgets import QApplication

    from aisle.storage import Settings
    from aisle.ui.window.main_window import MainWindow

    settings = Settings(animations=False)
    window = MainWindow(settings)
    window.resize(*launch.size)
    # Waiting for the plugins if need be: a picture has no window to show "still loading" in.
    variant_id = launch.game or default_game(settings)
    if variant_id is None:
        print(i18n._("No game is installed, so there is nothing to draw."), file=sys.stderr)
        return 1
    if not window.dealer.start_game(variant_id, launch.seed if launch.seed is not None
                                    else SCREENSHOT_SEED):
        return 1
    window.show()
    QApplication.processEvents()
    window.scene.animator.finish()
    # As after a first frame: pictures read from the disk are checked (a damaged one drawn anew).
    window.scene.keep_pictures()
    window.acts.load_icons()  # the picture shows the window as it looks once started
    toolbar_layout = window.acts.toolbar.layout()
    if toolbar_layout is not None:
        toolbar_layout.activate()  # laid out anew around its icons, before the picture
    picture = window.grab()
    target = Path(launch.screenshot or "screenshot.png")
    encoded = QByteArray()
    buffer = QBuffer(encoded)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    ok = picture.save(buffer, "PNG")
    window.close()
    _dispose(window)
    reason = None
    if ok:
        try:
            target.write_bytes(encoded.data())
        except OSError as error:  # told with the system's reason: no folder, no permission
            reason = error.strerror or str(error)
    if not ok or reason is not None:
        print(i18n._("Could not write {path}: {reason}").format(
            path=target, reason=reason or i18n._("the picture could not be made")), file=sys.stderr)
        return 1
    return 0
