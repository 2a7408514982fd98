"""The running Aisle window for the AT-SPI test (tests/test_atspi.py), played from stdin:

    python atspi_app.py

Klondike deal 4 is shown; "ready" is printed once the window has its keys. Then each line read
is a command: "key NAME" presses a key on the table
(a Qt key name without "Key_", with "ctrl+" in front for Ctrl), "quit" closes the window. After
each command one line "done" is printed, once the key is handled.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QSocketNotifier, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication


def main() -> int:
    app = QApplication(sys.argv[:1])
    app.setApplicationName("aisle")
    from aisle.registry.loading import get_registry
    from aisle.storage import Settings
    from aisle.ui.window.main_window import MainWindow

    get_registry()
    window = MainWindow(Settings(animations=False))
    window.resize(1000, 700)
    if not window.dealer.start_game("klondike", 4):
        return 1
    window.show()
    window.activateWindow()
    window.view.setFocus()

    def command() -> None:
        line = sys.stdin.readline().strip()
        if not line or line == "quit":
            window.close()
            app.quit()
            return
        _verb, name = line.split(" ", 1)
        ctrl = name.startswith("ctrl+")
        key = getattr(Qt.Key, "Key_" + name.removeprefix("ctrl+"))
        modifier = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
        QTest.keyClick(window.view, key, modifier)
        print("done", flush=True)

    reader = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
    reader.setEnabled(False)
    reader.activated.connect(command)

    def ready() -> None:
        """Once the window has its keys (they come after the first frame)."""
        if not window.acts.read_status.shortcuts():
            QTimer.singleShot(20, ready)
            return
        reader.setEnabled(True)
        print("ready", flush=True)

    ready()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
