"""Which cards Klondike sends up by itself (the automatic moves): those that can never be needed
anywhere else, under our exact rules, where foundation cards may come back down.

A card of rank r goes up safely when it fits its foundation and

- r is 1 or 2, or
- both foundations of the other colour hold at least r - 1 cards, and the other foundation of
  its own colour at least r - 2;

and it lies on top of a tableau pile, or on top of the waste when the stock deals one card at a
time.

Why this can never turn a winnable deal into a lost one. Take any winning game from here.

1. Aces. An ace holds nothing in the tableau, and while its suit is not up a foundation is free
   for it (four foundations, four suits). So every time the winning game puts an ace on a pile,
   it may put it up instead and skip its later moves: nothing else needed the ace there. From
   now on, the winning game never puts an ace on a pile.
2. Call a card on a foundation *settled* when it passes the rank test above. Everything a settled
   card could hold in the tableau (the other colour, one rank lower) and every card under it on
   its foundation is settled too, so settled cards stay settled while none comes down. Suppose
   the winning game takes settled cards down; look at the lowest rank it does so for, and the
   first such card. Nothing lower comes down, so nothing can ever lie on it and nothing under it
   leaves its foundation: leaving it up and skipping its moves until it goes up again keeps
   every other move legal. With that card up, more cards may count as settled, but only of
   higher ranks: each such change leaves one fewer card taken down at the lowest rank and adds
   only higher ones, so it ends with no settled card ever coming down.
3. Now send the card up. The cards it could hold are settled (so up for good), the cards under
   it on its foundation are settled: it would never have held anything, and its foundation would
   have stayed as it is until it went up. The winning game, without the moves of this card, is
   still a winning game. (From the waste, one card at a time, the deal that would show it is
   skipped too: the other cards come in the same order.) A two is the same, by 1.

The weaker rule many games use (the other colour alone at r - 1) is not safe here: a card of the
other colour may come back down and need this one to rest on.

From the waste with three-card deals, a card is never sent up by itself: taking a card out of
the waste changes which cards the later deals show, and that can spoil a deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import SUITS, Card, Move, Slot
from aisle_klondike.rules import FOUNDATIONS, TABLEAU, WASTE, foundation_for


def foundation_heights(slots: Sequence[Slot]) -> dict[str, int]:
    """How many cards of each suit are on the foundations (a foundation holds one suit)."""
    heights: dict[str, int] = dict.fromkeys(SUITS, 0)
    for slot in slots[FOUNDATIONS]:
        if slot.cards:
            top = slot.cards[-1]
            heights[top.suit] = top.rank
    return heights


def settled(card: Card, heights: dict[str, int]) -> bool:
    """Whether `card`, on its foundation with these heights, can never be needed elsewhere."""
    return settled_code(SUITS.index(card.suit) * 16 + card.rank, [heights[suit] for suit in SUITS])


def settled_code(card: int, levels: Sequence[int]) -> bool:
    """`settled` for the solver's cards (suit index in `SUITS` * 16 + rank) and foundation
    heights by suit index (clubs, diamonds, hearts, spades)."""
    rank = card & 15
    if rank <= 2:
        return True
    suit = card >> 4
    # the other colour's suits both at rank - 1, the other suit of this colour at rank - 2
    if suit in (1, 2):
        return levels[0] >= rank - 1 and levels[3] >= rank - 1 and levels[3 - suit] >= rank - 2
    return levels[1] >= rank - 1 and levels[2] >= rank - 1 and levels[3 - suit] >= rank - 2


def safe_up_move(slots: Sequence[Slot], draw: int) -> Move | None:
    """The first card (waste, then piles 1 to 7) that goes up safely, as a move; or None."""
    heights = foundation_heights(slots)
    sources = [*slots[TABLEAU]] if draw > 1 else [slots[WASTE], *slots[TABLEAU]]
    for source in sources:
        top = source.top
        if top is None or not top.face_up or not settled(top, heights):
            continue
        target = foundation_for(slots, top)
        if target is not None:
            return Move(source.id, 1, target)
    return None
