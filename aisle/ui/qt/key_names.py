"""Keys written the way the player's platform and language write them.

Qt names keys natively ("Strg+Umschalt+Z" in German, "Invio" in Italian, "⌘Z" on a Mac), but
leaves the Enter key in English in some languages: German gets "Strg+Return" beside
"Umschalt", and Qt calls the main Enter key "Return" and the keypad's "Enter", though the table
treats both alike. Wherever Qt leaves that name in English, ours is used: the same word as in
the help and in every other text ("Eingabetaste").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from aisle.i18n import TP

# TRANSLATORS: the name of the Enter (Return) key, as your keyboards and Qt's key names write it.
ENTER = TP("key name", "Enter")
_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
#: Qt's own names of those keys when it has no other for the language.
_QT_ENGLISH = ("Return", "Enter")


def key_text(sequence: QKeySequence) -> str:
    """`sequence` in the platform's and the language's words (chords joined with ", ")."""
    native = QKeySequence.SequenceFormat.NativeText
    chords: list[str] = []
    for index in range(sequence.count()):
        combination = sequence[index]  # type: ignore[index]  # (PySide's stubs lack [])
        text = QKeySequence(combination).toString(native)
        key = combination.key()
        if key in _ENTER_KEYS:
            bare = QKeySequence(key).toString(native)
            if bare in _QT_ENGLISH and text.endswith(bare):
                text = text[: len(text) - len(bare)] + ENTER.translate()
        chords.append(text)
    return ", ".join(chords)


def keys_text(*names: str) -> str:
    """Keys given in Qt's portable words ("Ctrl+Return", "PgUp"), as the player reads them, each
    one an alternative ("PgUp, PgDown")."""
    return ", ".join(key_text(QKeySequence(name, QKeySequence.SequenceFormat.PortableText))
                     for name in names)
