"""The Qt front end. The only package that imports PySide6."""

from aisle.ui.qt.pyside_none import guard as _guard

_guard()
