"""The look of the table: which card deck and which baize, remembered in the settings.

The saved choice is applied before the first frame without reading any deck file (the
pictures come from the disk cache, named after the deck); should the deck then fail to draw
(its file went bad since), the window falls back to our classic deck and says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.i18n import T
from aisle.ui.baize import DEFAULT_BAIZE, baize_style, set_baize_style
from aisle.ui.card_art import CardArt
from aisle.ui.decks.deck import DEFAULT_DECK, Deck, DeckError
from aisle.ui.decks.own import ClassicDeck

if TYPE_CHECKING:
    from aisle.ui.appearance_dialog import AppearanceDialog
    from aisle.ui.main_window import MainWindow


def saved_deck(deck_id: str) -> Deck:
    """The deck a setting names ("": ours), without reading any deck file. A deck whose file
    is gone (an unplugged drive, say) gives way to ours for this run; the setting stays, so it
    comes back with the file."""
    if not deck_id or deck_id == DEFAULT_DECK:
        return ClassicDeck()  # the deck catalog (folders, SVG decks) is not needed for ours
    from aisle.ui.decks.catalog import find_deck

    return find_deck(deck_id) or ClassicDeck()


class Appearance:
    """Applies the player's deck and baize to a window's table, at start and when chosen."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.dialog: AppearanceDialog | None = None

    @property
    def art(self) -> CardArt | None:
        """The card art of the table, when it is ours (tests may give the table another)."""
        pictures = self.window.scene.pictures
        return pictures if isinstance(pictures, CardArt) else None

    @property
    def deck(self) -> Deck:
        art = self.art
        return art.deck if art is not None else ClassicDeck()

    def apply_saved(self) -> None:
        """The saved deck and baize, before the first frame (no deck file is read here)."""
        set_baize_style(self.window.settings.baize or DEFAULT_BAIZE)
        art = self.art
        if art is not None:
            art.set_deck(saved_deck(self.window.settings.card_deck))

    def check_after_first_frame(self) -> None:
        """Fall back to our deck when the saved one failed to draw the first frame."""
        art = self.art
        if art is not None and art.problem is not None:
            self._refuse(art.problem)

    def choose_deck(self, deck: Deck) -> bool:
        """Show `deck` on the table now and remember it; False (and told) when it is unusable."""
        art = self.art
        if art is None:
            return False
        # Not checked ahead: pictures kept on disk need no reading of the file at all, and a
        # deck that cannot draw says so through `art.problem` on the way.
        previous = art.deck
        art.set_deck(deck)
        self.window.scene.refresh_pictures()
        problem = art.problem
        if problem is not None:  # the deck shown before comes back
            art.set_deck(previous)
            self.window.scene.refresh_pictures()
            self.tell(problem)
            return False
        self.window.settings.card_deck = "" if deck.id == DEFAULT_DECK else deck.id
        return True

    def choose_baize(self, style: str) -> None:
        set_baize_style(style)
        chosen = baize_style()
        self.window.settings.baize = "" if chosen == DEFAULT_BAIZE else chosen
        scene = self.window.scene
        rect = scene.sceneRect()
        scene.resize_table(round(rect.width()), round(rect.height()), scene.dpr)

    def _refuse(self, error: DeckError) -> None:
        art = self.art
        if art is not None:
            art.set_deck(ClassicDeck())
            self.window.scene.refresh_pictures()
        self.window.settings.card_deck = ""
        self.tell(error)

    def tell(self, error: DeckError) -> None:
        from PySide6.QtWidgets import QMessageBox  # slow to build: only when there is news

        from aisle.ui.dialogs import show_message

        show_message(self.window, T("This card deck cannot be used"), error.message,
                     QMessageBox.Icon.Warning)

    def open_dialog(self) -> None:
        from aisle.ui.appearance_dialog import AppearanceDialog

        if self.dialog is not None:
            self.dialog.raise_()
            self.dialog.activateWindow()
            return
        dialog = AppearanceDialog(self, self.window)
        self.dialog = dialog

        def closed(*_args: object) -> None:
            self.dialog = None

        dialog.destroyed.connect(closed)
        dialog.open()
