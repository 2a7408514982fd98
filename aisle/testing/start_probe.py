"""A start of Aisle watched from inside, for the benchmarks and tests of start-up: the text of a
script that starts Aisle as the `aisle` command does and runs a piece of code once the window's
first table has been painted.

The script hooks in where the real start-up passes by without importing anything ahead of it (the
order of imports is part of what is measured): `aisle.ui.app` is patched the moment the start-up
itself imports it. It is text, so a benchmark can run it with an older revision's Python.
"""

from __future__ import annotations

import textwrap

_HOOK = r"""
import importlib.machinery, sys, time
def _patch(app):
    opened = app.open_game
    def open_game(window, *args):
        from PySide6.QtCore import QEvent, QObject, QTimer
        from PySide6.QtWidgets import QApplication
        class First(QObject):
            done = False
            def eventFilter(self, watched, event):
                if event.type() == QEvent.Type.Paint and not self.done:
                    # Posted, so the paint event has been handled when it arrives.
                    QApplication.postEvent(self, QEvent(QEvent.Type.User))
                elif event.type() == QEvent.Type.User and watched is self and not self.done:
                    self.done = True
                    at_first_paint(QApplication, QTimer)
                return False
        global _first
        _first = First()
        _first.installEventFilter(_first)
        window.view.viewport().installEventFilter(_first)
        if SIZE is not None:
            window.resize(*SIZE)
        opened(window, *args)
    app.open_game = open_game
class _Hook:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "aisle.ui.app":
            return None
        sys.meta_path.remove(_Hook)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            _patch(module)
        spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, _Hook)
try:
    from aisle.entry import main
except ImportError:  # an older revision, started by aisle.cli
    from aisle.cli import main
sys.exit(main(sys.argv[1:]))
"""


def start_script(at_first_paint: str, size: tuple[int, int] | None = (1280, 800)) -> str:
    """A script for `python -c` whose arguments are the `aisle` command's. `at_first_paint` is
    the source of `def at_first_paint(QApplication, QTimer): ...`, run once the first table has
    been painted (it must end the program, e.g. with `QApplication.quit`); `size` is the
    window's size before the game is laid out (None: as saved)."""
    return f"SIZE = {size!r}\n{textwrap.dedent(at_first_paint)}\n{_HOOK}"
