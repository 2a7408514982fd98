"""High contrast for low vision (View ▸ High Contrast): the large-index, four-colour deck and
wide highlights over a dark band.

The player's choice is kept in `Settings.high_contrast`; until they choose (None) it follows
the platform's contrast preference, where Qt knows it (Qt 6.10: QStyleHints.accessibility()),
as noted at the last start until it is asked after the first frame (aisle.ui.window.platform_look).
The deck chosen in Card Style stays saved and comes back when high contrast is turned off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QGuiApplication

from aisle.ui.table.marks import Mark
from aisle.ui.window.platform_look import PlatformLook, asked

if TYPE_CHECKING:
    from aisle.ui.window.main_window import MainWindow


def platform_high_contrast() -> bool:
    """Whether the platform asks for high contrast now (False where Qt cannot tell)."""
    return asked()[1]


class HighContrast(QObject):
    def __init__(self, window: MainWindow, look: PlatformLook) -> None:
        super().__init__(window)
        self.window = window
        self.look = look
        look.listeners.append(self._look_changed)
        self.on = False
        action = window.acts.high_contrast
        action.setChecked(self.wanted())
        action.toggled.connect(self._chosen)
        # A slot of this child of the window: Qt drops the connection with the window.
        QGuiApplication.styleHints().accessibility().contrastPreferenceChanged.connect(
            self._platform_changed)
        self.apply(self.wanted())

    def wanted(self) -> bool:
        chosen = self.window.settings.high_contrast
        return self.look.high_contrast if chosen is None else chosen

    def _chosen(self, on: bool) -> None:
        self.window.settings.high_contrast = on
        self.apply(on)

    @Slot()
    def _platform_changed(self) -> None:
        self.look.ask()  # tells `_look_changed` if the preference is another now

    def _look_changed(self) -> None:
        if self.window.settings.high_contrast is None:
            wanted = self.wanted()
            self.window.acts.high_contrast.setChecked(wanted)  # toggled: remembered then
            self.window.settings.high_contrast = None
            self.apply(wanted)

    def apply(self, on: bool) -> None:
        """Show the table in high contrast, or as the player's Card Style has it."""
        scene = self.window.scene
        art = self.window.appearance.art
        if on != self.on and art is not None:
            from aisle.ui.cards.decks.own import LargeIndexDeck
            from aisle.ui.window.appearance import saved_deck

            art.set_deck(LargeIndexDeck() if on else saved_deck(self.window.settings.card_deck))
            scene.refresh_pictures()
        self.on = on
        scene.marks.strong = on
        scene.set_strong_outlines(on)
        for kind in Mark:  # drawn again with the new lines
            places = scene.marked(kind)
            if places:
                scene.mark(kind, places)
