"""Values of the few `Qt::` enums the first frame needs, as plain numbers.

PySide6 builds its `Qt` namespace whole, every one of its hundred-odd enums as a Python enum,
the first time anything touches it: importing the name, or a call that returns one of its enums
(`layoutDirection()`, `colorScheme()`). That costs tens of milliseconds, a tenth of the whole
start-up. So the code that runs before the first frame never touches `Qt`: it sets these values
through Qt's property system, which takes plain numbers (`set_properties`), and draws text with
integer flags. The namespace is built right after the first frame, when the platform's looks are
asked (aisle.ui.window.platform_look), before the first click needs it.
tests/ui/qt/test_qt_values.py checks every value against PySide6's.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

# Qt::ScrollBarPolicy
SCROLL_BAR_ALWAYS_OFF = 1
# Qt::AlignmentFlag
ALIGN_LEFT = 0x1
ALIGN_RIGHT = 0x2
ALIGN_ABSOLUTE = 0x10
ALIGN_HORIZONTAL_MASK = 0x1F
ALIGN_TOP = 0x20
ALIGN_VCENTER = 0x80
# Qt::FocusPolicy
STRONG_FOCUS = 0xB
# Qt::ColorScheme
COLOR_SCHEME_LIGHT = 1
COLOR_SCHEME_DARK = 2
# Qt::TextFormat
PLAIN_TEXT = 0
# Qt::ShortcutContext
WINDOW_SHORTCUT = 1
# Qt::ArrowType
NO_ARROW = 0
UP_ARROW = 1
# Qt::ToolButtonStyle
TOOL_BUTTON_ICON_ONLY = 0
TOOL_BUTTON_TEXT_BESIDE_ICON = 2


def set_properties(target: QObject, **values: int) -> None:
    """Set enum-typed Qt properties by number (`focusPolicy=STRONG_FOCUS`); a name that is not
    a property of `target` is a mistake, not a new dynamic property."""
    meta = target.metaObject()
    for name, value in values.items():
        if meta.indexOfProperty(name) < 0 or not target.setProperty(name, value):
            raise ValueError(f"{type(target).__name__} has no settable property {name!r}")

