"""A sound dead-end test for Cruel's solver model: the first cards of the table locked for good.

Write S for all the cards of the piles in table order, each pile from the bottom up: the order
a redeal gathers them in. Only three things ever change S:
- a card going up leaves it;
- a card built onto a pile moves from its place to just after the card it goes onto (its
  successor: the same suit, one rank higher), which must be a pile's top;
- a redeal keeps S as it is and cuts it into piles of four from the start, so the tops are
  then at places 3, 7, 11, ... (counting from 0) and the last card.

Take the first k cards T = S[0:k]. Call a place j < k "top-able" when j is 3 mod 4, j is a
pile's top now, or j = k - 1. As long as T stays the first k cards of S, no other card of T can
ever be a top: a redeal puts tops only at those places, and between redeals a card of T
becomes a top only when the cards above it leave, which for a card of T below k - 1 are cards
of T themselves. Now suppose that for every top-able card t of T:
1. t is a King, or its successor lies in T at a place that is not top-able;
2. if t is not the last of T, its predecessor (one rank lower, same suit) lies in T;
3. if t is the last of T, some card of its suit that must go up before it lies in T.
Then T never changes. Look at the first move that would change it: either a card of T moves,
or a card goes onto a card of T other than the last (a card put onto the last lands just after
T and leaves it alone). A moving card of T is at a top-able place. It cannot go up: a lower
card of its suit in T (by 2. its predecessor, by 3. a card that goes up first) has not moved.
It cannot be built: a King has no successor, and a successor at a place that is not top-able
is never a top. A card going onto a top-able card t of T other than the last is t's
predecessor, which by 2. lies in T and would be a card of T moving. So the cards of T never go
up and the deal cannot be won any more: the model stops there (a LOST verdict still needs every
other position seen).

Deal 5 starts with the first pile "2H 6C KC QH": the King of clubs lies on the six of clubs,
and no redeal ever moves them apart. T = "2H 6C KC" is locked: the deal is lost at once.
"""

from __future__ import annotations

from collections.abc import Sequence

_KING = 13
_CARD = [bytes((code,)) for code in range(64)]


def locked_prefix(piles: Sequence[bytes], levels: Sequence[int]) -> bool:
    """Whether some first cards of the table are locked for good (see the module's text).

    `piles`: the piles that still hold cards, in table order, bottom first, as card codes
    (suit * 16 + rank); `levels`: each suit's foundation rank.

    One pass over S: the last place of T grows by one each time, and the conditions of the
    top-able places before it are gathered on the way (the least length they allow, and the
    places their successors take, which the last card of T must not be). A top-able place
    whose card could move would have to lie inside every longer T, so the pass stops there.
    """
    cards = b"".join(piles)
    tops: set[int] = set()
    at = -1
    for pile in piles:
        at += len(pile)
        tops.add(at)
    # The least length of T that the top-able places passed so far allow.
    least = 0
    # Places where those places' successors lie: the last card of T must not be one of them.
    not_last: set[int] = set()
    # The lowest rank of each suit among the cards passed so far.
    lowest = [_KING + 1] * 4
    for place, card in enumerate(cards):
        suit, rank = card >> 4, card & 15
        # T = cards[0:place + 1], with this card as its last.
        if least <= place + 1 and place not in not_last and lowest[suit] < rank:
            if rank == _KING:
                return True
            after = cards.find(_CARD[card + 1], 0, place)
            if after >= 0 and after % 4 != 3 and after not in tops:
                return True
        # This card as a top-able card inside a longer T.
        if place % 4 == 3 or place in tops:
            if rank == _KING:
                after = -1
            else:
                after = cards.find(_CARD[card + 1])
                if after < 0 or after % 4 == 3 or after in tops:
                    return False
                not_last.add(after)
            below = cards.find(_CARD[card - 1]) if rank > levels[suit] + 1 else -1
            if below < 0:
                return False
            least = max(least, place + 2, below + 1, after + 1)
        if rank < lowest[suit]:
            lowest[suit] = rank
    return False
