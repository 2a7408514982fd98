"""The look of the table: which card deck and which baize, remembered in the settings.

The saved choice is applied before the first frame without reading any deck file (the
pictures come from the disk cache, named after the deck); should the deck then fail to draw
(its file went bad since), the window falls back to our classic deck and says why.

An SVG deck's file is read in the background when a picture is missing: while it is checked
(`DeckNotReadyError`) our classic deck stands in, and the table is drawn again when the word
comes that the check ended; a deck chosen meanwhile is remembered (or refused) only then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.i18n import T
from aisle.ui.cards.card_art import CardArt
from aisle.ui.cards.decks.deck import DEFAULT_DECK, Deck, DeckError, DeckNotReadyError
from aisle.ui.cards.decks.own import ClassicDeck
from aisle.ui.table.baize import DEFAULT_BAIZE, NIGHT_BAIZE, baize_style, set_baize_style

if TYPE_CHECKING:
    from aisle.ui.dialogs.card_style import AppearanceDialog
    from aisle.ui.window.main_window import MainWindow


def saved_deck(deck_id: str) -> Deck:
    """The deck a setting names ("": ours), without reading any deck file. A deck whose file
    is gone (an unplugged drive, say) gives way to ours for this run; the setting stays, so it
    comes back with the file."""
    if not deck_id or deck_id == DEFAULT_DECK:
        return ClassicDeck()  # the deck catalog (folders, SVG decks) is not needed for ours
    from aisle.ui.cards.decks.catalog import find_deck

    return find_deck(deck_id) or ClassicDeck()


class Appearance:
    """Applies the player's deck and baize to a window's table, at start and when chosen."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.dialog: AppearanceDialog | None = None
        #: A deck chosen while its file was still being checked, and the deck shown before.
        self._pending: tuple[str, Deck] | None = None
        self._listening = False
        #: The window shows dark colours (aisle.ui.window.theme): the default baize is dimmed.
        self._dark = False

    @property
    def art(self) -> CardArt | None:
        """The card art of the table, when it is ours (tests may give the table another)."""
        pictures = self.window.scene.pictures
        return pictures if isinstance(pictures, CardArt) else None

    @property
    def deck(self) -> Deck:
        art = self.art
        return art.deck if art is not None else ClassicDeck()

    def default_baize(self) -> str:
        """The baize of a player who chose none: our green, dimmed in a dark window."""
        return NIGHT_BAIZE if self._dark else DEFAULT_BAIZE

    def set_dark(self, dark: bool) -> None:
        """The window turned dark or light: the default baize follows (a chosen one stays)."""
        if dark == self._dark:
            return
        self._dark = dark
        if not self.window.settings.baize:
            self.choose_baize(self.default_baize())

    def apply_saved(self) -> None:
        """The saved deck and baize, before the first frame (no deck file is read here)."""
        set_baize_style(self.window.settings.baize or self.default_baize())
        art = self.art
        if art is not None:
            deck = saved_deck(self.window.settings.card_deck)
            if not isinstance(deck, ClassicDeck):
                self._listen()  # its file may be read in the background
            art.set_deck(deck)

    def check_after_first_frame(self) -> None:
        """Fall back to our deck when the saved one failed to draw the first frame (one still
        being checked is waited for)."""
        art = self.art
        if (art is not None and art.problem is not None
                and not isinstance(art.problem, DeckNotReadyError)):
            self._refuse(art.problem)

    def choose_deck(self, deck: Deck) -> bool:
        """Show `deck` on the table now and remember it; False (and told) when it is unusable."""
        art = self.art
        if art is None:
            return False
        # Not checked ahead: pictures kept on disk need no reading of the file at all, and a
        # deck that cannot draw says so through `art.problem` on the way.
        self._listen()
        previous = self._pending[1] if self._pending is not None else art.deck
        self._pending = None
        art.set_deck(deck)
        self.window.scene.refresh_pictures()
        problem = art.problem
        if isinstance(problem, DeckNotReadyError):  # decided when the check ends
            self._pending = (deck.id, previous)
            return True
        if problem is not None:
            self._restore(previous, problem)
            return False
        self._remember(deck)
        return True

    def _remember(self, deck: Deck) -> None:
        self.window.settings.card_deck = "" if deck.id == DEFAULT_DECK else deck.id

    def _restore(self, previous: Deck, problem: DeckError) -> None:
        """The deck shown before comes back, and the player is told why."""
        art = self.art
        if art is not None:
            art.set_deck(previous)
            self.window.scene.refresh_pictures()
        self.tell(problem)

    def _listen(self) -> None:
        if not self._listening:
            from aisle.ui.cards.decks.background import listen_for_checks

            self._listening = True
            listen_for_checks(self.window, self._deck_checked)

    def _deck_checked(self, deck_id: str) -> None:
        """A deck's check ended: the table's deck is drawn now, or refused."""
        art = self.art
        if art is None or art.deck.id != deck_id:
            return
        problem = art.problem
        if isinstance(problem, DeckNotReadyError):
            problem = self._draw_again(art)
            if isinstance(problem, DeckNotReadyError):  # let go meanwhile: read again
                return
        pending = self._pending if self._pending and self._pending[0] == deck_id else None
        self._pending = None
        if problem is None:
            if pending is not None:
                self._remember(art.deck)
        elif pending is not None:
            self._restore(pending[1], problem)
        else:
            self._refuse(problem)

    def choose_baize(self, style: str) -> None:
        set_baize_style(style)
        chosen = baize_style()
        self.window.settings.baize = "" if chosen == self.default_baize() else chosen
        scene = self.window.scene
        rect = scene.sceneRect()
        scene.resize_table(round(rect.width()), round(rect.height()), scene.dpr)

    def _draw_again(self, art: CardArt) -> DeckError | None:
        """Every picture drawn anew (the stand-ins go), and those asked for while the deck was
        read (kept on disk this time); what went wrong on the way."""
        art.problem = None
        art.clear()
        self.window.scene.refresh_pictures()
        for rank, suit, width, dpr in art.deck.missed_pictures():
            if rank:
                art.face(rank, suit, width, dpr)
            else:
                art.back(width, dpr)
        return art.problem

    def _refuse(self, error: DeckError) -> None:
        art = self.art
        if art is not None:
            art.set_deck(ClassicDeck())
            self.window.scene.refresh_pictures()
        self.window.settings.card_deck = ""
        self.tell(error)

    def tell(self, error: DeckError) -> None:
        from PySide6.QtWidgets import QMessageBox  # slow to build: only when there is news

        from aisle.ui.dialogs.small import show_message

        show_message(self.window, T("This card deck cannot be used"), error.message,
                     QMessageBox.Icon.Warning)

    def open_dialog(self) -> None:
        from PySide6.QtCore import Qt

        from aisle.ui.dialogs.card_style import AppearanceDialog

        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.raise_()
            self.dialog.activateWindow()
            return
        # A closed dialog is deleted, never kept hidden: the next choice builds it afresh.
        dialog = AppearanceDialog(self, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog

        def closed(*_args: object) -> None:
            self.dialog = None

        dialog.destroyed.connect(closed)
        dialog.open()
