"""Beleaguered Castle, as GNOME AisleRiot plays it (docs/rules/beleaguered-castle.md): the Aces
start the foundations in a middle column, eight piles of six on either side are built down
regardless of suit, one card at a time, and any card fills an empty pile."""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Card, Fan, Move, SlotSpec, Suit
from aisle.i18n import T
from aisle.kit import DOWN_ANY_SUIT, Foundations, KitVariant, Pick, Tableau, Texts
from aisle.kit.build import ACE
from aisle.kit.move_hint import move_hint
from aisle.variant import Hint

PILES = 8
#: The foundations' Aces, top to bottom.
ACE_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: Where the piles stand: row by row, one left of the foundations and one right of them.
LEFT_X, RIGHT_X = 0.0, 5.5


class BeleagueredCastle(KitVariant):
    id = "beleaguered-castle"
    name = T("Beleaguered Castle")
    description = T("The Aces start the foundations between two wings of piles built down "
                    "regardless of suit; one card moves at a time, and any card fills an empty pile.")
    help_page = "beleaguered-castle"
    has_deal_action = False
    game_family = "builders"
    difficulty = 2
    # The foundations stay based on their Aces (first=None: the dealt base card's rank), and
    # their other cards may come back into play. Piles are placed in two wings by `layout`.
    table = (Foundations(4, at=(4, 0), step=(0, 1), first=None, give_back=True),
             Tableau(PILES, at=(LEFT_X, 0), step=(0, 1), build=DOWN_ANY_SUIT, pick=Pick.TOP,
                     fan=Fan.RIGHT))
    texts = Texts(not_a_run=T("Only the top card of a pile can be moved."),
                  base_stays=T("The Aces stay on the foundations."))

    def layout(self) -> Sequence[SlotSpec]:
        specs = list(self.kit.specs)
        for index, spec in enumerate(specs):
            if spec.id.startswith("tableau-"):
                number = int(spec.id.rsplit("-", 1)[1]) - 1
                specs[index] = SlotSpec(spec.id, spec.kind, RIGHT_X if number % 2 else LEFT_X,
                                        number // 2, spec.fan)
        return specs

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

    def hint(self, board: Board) -> Hint | None:
        """The reference's hint, the first pile's top card that goes up, then [ours] a top card
        onto a card one rank higher where it does not lie on one already, or leaves its pile
        empty; else only advice. Each hint puts a card up, takes one out of sequence into it or
        empties a pile, so following them never comes back to a position."""
        piles = [board.slots[place] for place in self.kit.tableau]
        for pile in piles:
            if pile.top is not None:
                up = self._foundation_for(board, pile.top)
                if up is not None:
                    return move_hint(board, Move(pile.id, 1, up))
        for source in piles:
            card = source.top
            if card is None or (len(source.cards) > 1 and source.cards[-2].rank == card.rank + 1):
                continue
            for target in piles:
                if target is not source and target.top is not None and target.top.rank == card.rank + 1:
                    return move_hint(board, Move(source.id, 1, target.id))
        return Hint(T("Try rearranging the cards."))
