"""Aces Up, described with Aisle's game kit: its discard rule is a function of its own, given to
the discard pile (plugins/README.md, "Override one rule with a function").

The rules, which the help page aces-up.md tells the player: one deck. Four piles get one face-up
card each; the other 48 cards form the stock, and a click on it deals one card face up onto each
pile. A pile's top card may be discarded when the top card of another pile is of the same suit
and higher, Aces ranking high. Any top card may move into an empty pile. Won when only the four
Aces are left (the score counts the cards discarded, at most 48); lost when the stock is empty
and neither a discard nor a move into an empty pile is possible.
"""

from __future__ import annotations

from aisle.engine import Board, Card
from aisle.i18n import Text
from aisle.kit import Empty, Foundations, KitVariant, Pick, Rest, Rows, Stock, Tableau, Texts

from aisle_aces_up.texts import TN, T

STOCK = "stock"
DISCARD = "foundation-1"


def value(card: Card) -> int:
    """The card's rank with Aces high."""
    return 14 if card.rank == 1 else card.rank


def beats(card: Card, top: Card) -> bool:
    """The discard rule: `card` may go while `top`, on top of another pile, is of its suit and higher."""
    return top.suit == card.suit and value(top) > value(card)


class AcesUp(KitVariant):
    id = "aces-up"
    name = T("Aces Up")
    description = T("Discard every card that a higher card of its suit beats, until only the four "
                    "Aces are left.")
    help_page = "aces-up"
    # The stock deals one card onto each of the four piles; the discard pile is on the right.
    table = (Stock(at=(0, 0), onto="tableau"),
             Tableau(4, at=(1.25, 0), build=None, pick=Pick.TOP, empty=Empty.ANY),
             Foundations(1, at=(5.5, 0), accepts=beats, refusal=T(
                 "{card} can only be discarded while a higher card of its suit lies on top of "
                 "another pile.")))
    dealing = (Rows(1), Rest())
    # Won with 48 cards discarded: the four Aces stay.
    goal = 48
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."),
                  no_building=T("A card can only be moved into an empty pile."))

    def status_text(self, board: Board) -> Text | None:
        left = len(board.slot(STOCK).cards)
        if left == 0:
            return T("The stock is empty.")
        return TN("The stock holds {n} card.", "The stock holds {n} cards.", left)
