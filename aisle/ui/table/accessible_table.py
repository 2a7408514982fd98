"""The table for screen readers: its accessible name follows the keyboard focus, and every turn,
refusal and hint is announced.

The table is one widget (a graphics view) that Qt maps to AT-SPI, UI Automation and VoiceOver.
Its name is the focused slot or card ("Seven of hearts, tableau pile 3, card 4 of 6"): setting
it sends Qt's NameChanged event, which a screen reader speaks for the widget that has the
focus. What a turn did is sent as an announcement (QAccessibleAnnouncementEvent, Qt 6.8), which
is spoken without moving the focus. The texts are in aisle.ui.table.accessible_texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from aisle import i18n
from aisle.engine.game import Game
from aisle.i18n import TN, T, Text

if TYPE_CHECKING:
    from aisle.ui.table.view import TableView
    from aisle.ui.window.status import StatusLine

#: The table's name while no slot has the keyboard focus.
TABLE_NAME = T("Card table")
# TRANSLATORS: read by a screen reader when the table gets the keyboard focus.
TABLE_HELP = T("Arrow keys move between cards and slots. Space picks cards up and puts them "
               "down. Enter on the stock deals.")


class TableAccessibility(QObject):
    """Keeps the table's accessible name and sends its announcements."""

    #: Every announcement, as spoken (tests and a status object may follow it).
    announced = Signal(str)

    def __init__(self, view: TableView, status: StatusLine) -> None:
        super().__init__(view)
        self.view = view
        self.status = status
        #: The last announcement, as spoken.
        self.last = ""
        #: The game and the length of its history when last seen: a longer history is a turn
        #: played (or redone), a shorter one a turn taken back.
        self._seen: tuple[int, int] | None = None
        self._picked: tuple[str, int] | None = None
        #: A deal was laid on the table before (the first one, at the start, is not said).
        self._laid = False
        view.keys.listeners.append(self._focus_moved)
        view.player.changed.connect(self._changed)
        status.listeners.append(self._passing)
        self._unsubscribe = i18n.on_language_changed(lambda _code: self.refresh())
        view.destroyed.connect(lambda *_args: self._unsubscribe())
        self.refresh()

    # -- the name -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Name the focused place again (the focus, the cards or the language changed)."""
        name = self.name()
        if self.view.accessibleName() != name:
            self.view.setAccessibleName(name)  # Qt sends NameChanged
        description = TABLE_HELP.translate()
        if self.view.accessibleDescription() != description:
            self.view.setAccessibleDescription(description)

    def name(self) -> str:
        focus = self.view.keys.focus
        game = self.view.player.game
        if focus is None or game is None or not game.board.has_slot(focus[0]):
            return TABLE_NAME.translate()
        slot_id, index = focus
        # The texts (and the slot sentences behind them) are loaded when first spoken: the
        # first frame shows no focus and has nothing to say.
        from aisle.ui.table.accessible_texts import capitalised, place_name

        def ask(asked: Game) -> str:
            slot = asked.slot(slot_id)
            shown = index if index is not None and index < len(slot.cards) else None
            return capitalised(place_name(asked, slot, shown))

        named: str = self.view.player.ask(ask, TABLE_NAME.translate())
        return named

    def _focus_moved(self) -> None:
        # Only another game is noted here: a turn or an undo that moves the focus first is
        # still told by `_changed` (an undo's was lost that way).
        game = self.view.player.game
        if game is None or self._seen is None or self._seen[0] != id(game):
            self._note_game()
        self.refresh()
        picked = self.view.player.selection
        if picked is not None and picked != self._picked:
            self._say_picked(picked)
        elif self.view.keys.let_go:
            # TRANSLATORS: said when the player lets go of the cards picked up with the keyboard.
            self.announce(T("Cards let go.").translate())
        self._picked = picked

    def _say_picked(self, picked: tuple[str, int]) -> None:
        slot_id, first = picked
        from aisle.ui.table.accessible_texts import sentences, spoken_card

        def said(game: Game) -> str:
            cards = game.slot(slot_id).cards
            count, lowest = len(cards) - first, spoken_card(cards[first])
            if count == 1:
                # TRANSLATORS: said when a card is picked up with the keyboard; {card} is
                # spoken ("seven of hearts").
                return sentences([T("Picked up {card}.", card=lowest)])
            # TRANSLATORS: said when cards are picked up with the keyboard; {card} is the
            # lowest of them, spoken ("seven of hearts"), {n} counts them.
            return sentences([TN("Picked up {n} card from {card} up.",
                                 "Picked up {n} cards from {card} up.", count, card=lowest)])

        self.announce(self.view.player.ask(said, ""))

    # -- announcements ------------------------------------------------------------------------
    def announce(self, text: str) -> None:
        """Have a screen reader say `text` (without moving the focus)."""
        if not text:
            return
        self.last = text
        # Imported here: building QAccessible's Python type costs start-up time.
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self.view, text))
        self.announced.emit(text)

    def _note_game(self) -> tuple[int, int] | None:
        """The game seen now; what was seen before is returned (None: another game)."""
        game = self.view.player.game
        before = self._seen
        self._seen = None if game is None else (id(game), len(game.history))
        if before is None or self._seen is None or before[0] != self._seen[0]:
            return None
        return before

    def _changed(self) -> None:
        game = self.view.player.game
        before = self._note_game()
        self._picked = self.view.player.selection
        self.refresh()
        if game is None or before is None or self._seen is None:
            return
        from aisle.ui.table.accessible_texts import sentences, turn_sentences, undone_sentences

        if self._seen[1] < before[1]:
            undone = game.future[-1] if game.future else None
            taken = before[1] - self._seen[1]
            if taken > 1:  # Undo to Last Winnable Position
                # TRANSLATORS: said after several moves were taken back at once.
                self.announce(sentences([TN("{n} move taken back.", "{n} moves taken back.",
                                            taken)]))
            else:
                self.announce(self.view.player.ask(
                    lambda asked: sentences(undone_sentences(asked, undone)), ""))
        elif game.history:
            turn = game.history[-1]
            self.announce(self.view.player.ask(
                lambda asked: sentences(turn_sentences(asked, turn)), ""))

    def table_laid(self) -> None:
        """Another deal is on the table (New Game, Restart, another game): said, as the table's
        name alone did not tell it; not the start's first deal, before the player did anything."""
        game = self.view.player.game
        first, self._laid = not self._laid, True
        if game is None or first:
            return
        # TRANSLATORS: said when a deal is put on the table; {game} is the game's name, {deal}
        # the deal's number.
        self.announce(T("{game}: deal {deal} is on the table.", game=game.variant.name,
                        deal=str(game.seed)).translate())

    def _passing(self, text: Text) -> None:
        """A refusal or a hint shown in the status bar is said as well, its cards in words;
        while cards are picked up with the keys, that they still are (a refused drop keeps them)."""
        from aisle.ui.table.accessible_texts import said_aloud, sentences

        said = [said_aloud(text)]
        if self.view.player.selection is not None:
            # TRANSLATORS: said after a refusal while the player still holds the cards picked up.
            said.append(sentences([T("The cards stay picked up.")]))
        self.announce(" ".join(said))

    # -- the status, on demand ----------------------------------------------------------------
    def read_status(self) -> None:
        """Say what the status bar shows: the game's message, score, time, deal, solver."""
        from PySide6.QtWidgets import QLabel

        bar = self.status.bar
        # The game's own line, and after it what covers it for a while (a hint, the deal
        # search's count of tries), its cards in words.
        from aisle.ui.table.accessible_texts import said_aloud

        passing = self.status.passing
        labels = [self.status.score, self.status.time, self.status.deal]
        shown = [self.status.own_message(), said_aloud(passing) if passing is not None else "",
                 *(label.text() for label in labels)]
        solver = bar.findChild(QLabel, "status_solver")
        if solver is not None and not solver.isHidden():  # hidden: the player chose not to be told
            why = solver.accessibleDescription()  # why it is unknown, when it is
            shown.append(f"{solver.text()}: {why}" if why else solver.text())
        # Separate lines of the status bar, said one after another.
        self.announce("\n".join(text for text in shown if text))
