"""What every deck is: a name, a stamp naming its pictures on disk, and the drawing of a card."""

from __future__ import annotations

from abc import ABC, abstractmethod

from PySide6.QtGui import QPainter

from aisle.i18n import Text

#: The deck shown when the player chose none (or the chosen one is gone).
DEFAULT_DECK = "aisle"
SUITS = ("clubs", "diamonds", "hearts", "spades")


class DeckError(Exception):
    """A deck that cannot be used; the message (translated when shown) names the deck and
    says why in the player's words."""

    def __init__(self, message: Text, kind: str = "") -> None:
        super().__init__(str(message))
        self.message = message
        #: A short tag of the reason (see `aisle.deck_guard`), for callers and tests.
        self.kind = kind


class DeckNotReadyError(DeckError):
    """The deck's file is still being checked in the background: not a refusal. Our classic
    deck stands in meanwhile (and is never kept on disk under the deck's name); a word on
    `aisle.ui.cards.decks.background.deck_events().checked` follows when the check ends."""


class Deck(ABC):
    """A source of card pictures; cheap to make (nothing is read or drawn until asked)."""

    #: Kept in the settings: "aisle…" for our own decks, "svg:<file>" for an SVG deck.
    id: str
    #: Our own decks draw their corner indices in the application's font and the language's
    #: rank letters; an SVG deck has them in its pictures.
    uses_letters: bool = True

    @property
    @abstractmethod
    def name(self) -> str:
        """The name shown to the player (translated for our own decks)."""

    @abstractmethod
    def stamp(self) -> str:
        """A short tag that changes when the pictures would: part of their names on disk.
        Must be quick (a file's size and time, never its content)."""

    @abstractmethod
    def draw_face(self, painter: QPainter, rank: int, suit: str, w: float, h: float,
                  dpr: float) -> None:
        """Draw a face (rank 1..13, suit "clubs"…) filling the card of `w` x `h`; may raise
        DeckError."""

    @abstractmethod
    def draw_back(self, painter: QPainter, w: float, h: float, dpr: float) -> None:
        """Draw the back; may raise DeckError."""

    def shape(self) -> float | None:
        """Its cards' height over their width, once known, when it differs from the card the
        table lays out (a deck's cards are drawn fitted into it, centred): the empty slots'
        outlines then take the same shape. None: the table's own shape, or not known yet."""
        return None

    def check(self) -> None:
        """Raise DeckError when the deck cannot be drawn (an SVG deck reads its file here, in
        the calling thread); our own decks always can."""
        return None

    def start_check(self) -> bool:
        """Have the deck checked in the background unless that is known already; True when it
        is (then `problem` tells the verdict), else a word follows on `deck_events().checked`."""
        return True

    @property
    def problem(self) -> DeckError | None:
        """Why the deck was refused, once a check said so; None otherwise."""
        return None

    def missed_pictures(self) -> list[tuple[int, str, int, float]]:
        """The pictures asked for while the deck could not draw yet (DeckNotReadyError), as
        (rank, suit, width, pixel ratio), rank 0 for the back; forgotten once told."""
        return []

    def release(self) -> None:
        """Let go of what drawing needed (a parsed file): its pictures are kept by now. Our
        own decks hold nothing."""
        return None
