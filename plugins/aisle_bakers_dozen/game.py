"""Baker's Dozen, as GNOME AisleRiot plays it (docs/rules/bakers-dozen.md): thirteen piles of four,
Kings moved to the bottom, built down regardless of suit one card at a time; empty piles stay
empty, and foundation cards may come back into play."""

from __future__ import annotations

from aisle.engine import Board, Card, Move
from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, Empty, Foundations, KitVariant, Pick, Rows, Tableau, Texts
from aisle.kit.build import KING
from aisle.kit.move_hint import move_hint
from aisle.variant import Hint

PILES = 13


def kings_to_bottom(piles: list[list[Card]]) -> None:
    """Put a King lying on top of a pile at the bottom of that pile."""
    for pile in piles:
        if pile[-1].rank == KING:
            pile.insert(0, pile.pop())


class BakersDozen(KitVariant):
    id = "bakers-dozen"
    name = T("Baker's Dozen")
    description = T("Thirteen piles of four cards with every King at the bottom, built down "
                    "regardless of suit, one card at a time; an empty pile stays empty.")
    help_page = "bakers-dozen"
    has_deal_action = False
    # Lost only when no legal move is left, as its rules page says (docs/rules).
    look_ahead = False
    game_family = "builders"
    difficulty = 2
    # The reference's four foundations stand over every other pile, from the fourth on.
    table = (Foundations(4, at=(3, 0), step=(2, 0), give_back=True),
             Tableau(PILES, at=(0, 1), build=DOWN_ANY_SUIT, pick=Pick.TOP, empty=Empty.NOTHING))
    # Four rows, face up; the Kings go down as the reference moves them (`deal`).
    dealing = (Rows(4),)
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."))

    def deal(self, board: Board, deck: list[Card]) -> None:
        # Two rows, then a third and a fourth; after each of the last three rows a King on top
        # of a pile goes to its bottom.
        piles: list[list[Card]] = [[] for _ in range(PILES)]
        for row in range(4):
            for pile, card in zip(piles, deck[row * PILES:(row + 1) * PILES], strict=True):
                card.face_up = True
                pile.append(card)
            if row:
                kings_to_bottom(piles)
        for number, pile in enumerate(piles, start=1):
            board.place(f"tableau-{number}", pile)

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint: a pile's top card going up, else a top card onto a card one rank
        higher where that takes it off a card it does not lie in sequence on (or uncovers a card
        that can go up); see docs/rules/bakers-dozen.md §5."""
        piles = [board.slots[place] for place in self.kit.tableau]
        for pile in piles:
            if pile.top is not None:
                up = self._foundation_for(board, pile.top)
                if up is not None:
                    return move_hint(board, Move(pile.id, 1, up))
        for source in piles:
            if len(source.cards) < 2:
                continue
            card, under = source.cards[-1], source.cards[-2]
            for target in piles:
                top = target.top
                if target is source or top is None or top.rank != card.rank + 1:
                    continue
                if under.rank != top.rank or self._started_foundation_for(board, under):
                    return move_hint(board, Move(source.id, 1, target.id))
        return Hint(T("Try rearranging the cards."))

    def _started_foundation_for(self, board: Board, card: Card) -> bool:
        # The reference's check looks at started foundations only: an Ace does not count.
        tops = (board.slots[place].top for place in self.kit.foundations)
        return any(top is not None and top.suit == card.suit and top.rank + 1 == card.rank
                   for top in tops)
