"""Beleaguered Castle, as GNOME AisleRiot plays it (docs/rules/beleaguered-castle.md): the Aces
start the foundations in a middle column, eight piles of six on either side are built down
regardless of suit, one card at a time, and any card fills an empty pile."""

from __future__ import annotations

from aisle.engine import Board, Card, Fan, Suit
from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, Foundations, Pick, Tableau, Texts
from aisle.kit.build import ACE
from aisle.kit.families.wings import LEFT_X, WingsGame

PILES = 8
#: The foundations' Aces, top to bottom.
ACE_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class BeleagueredCastle(WingsGame):
    id = "beleaguered-castle"
    name = T("Beleaguered Castle")
    description = T("The Aces start the foundations between two wings of piles built down "
                    "regardless of suit; one card moves at a time, and any card fills an empty pile.")
    help_page = "beleaguered-castle"
    has_deal_action = False
    # Lost only when no legal move is left, as its rules page says (docs/rules).
    look_ahead = False
    game_family = "builders"
    difficulty = 2
    # The foundations stay based on their Aces (first=None: the dealt base card's rank), and
    # their other cards may come back into play. Piles are placed in two wings by `layout`.
    table = (Foundations(4, at=(4, 0), step=(0, 1), first=None, give_back=True),
             Tableau(PILES, at=(LEFT_X, 0), step=(0, 1), build=DOWN_ANY_SUIT, pick=Pick.TOP,
                     fan=Fan.RIGHT))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."),
                  base_stays=T("The Aces stay on the foundations."))

    def deal(self, board: Board, deck: list[Card]) -> None:
        for card in deck:
            card.face_up = True
        aces = {card.suit: card for card in deck if card.rank == ACE}
        for number, suit in enumerate(ACE_ORDER, start=1):
            board.place(f"foundation-{number}", [aces[suit]])
        # Six rounds across the piles, in the order the rest of the deck comes.
        for index, card in enumerate(card for card in deck if card.rank != ACE):
            board.place(f"tableau-{index % PILES + 1}", [card])

    def score(self, board: Board) -> int:
        # The Aces were put there by the deal: only the cards played up count.
        return super().score(board) - len(self.kit.foundations)

    def max_score(self) -> int:
        return 52 - len(self.kit.foundations)
