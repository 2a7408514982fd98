"""Positions of Forty Thieves that can never be won, by a test that follows from the rules alone
(so a LOST verdict resting on it stays a proof). Cards are the solver model's codes
(plugins/aisle_forty_thieves/solving.py): suit * 16 + rank, twins alike.

Call a card's lying where it lies a link: on the card below it in a pile (or on the table), or
on the card below it in the waste (or at the waste's bottom). Take a set of links, suppose all
of them hold, and look at the first moment one of them breaks: its card W leaves. While no pile
can become empty, at most one card moves at a time (runs move only as far as the empty piles
allow), so W is then a top card with no card of the set on it, and it goes

- onto a pile's top card of its suit one rank higher: a card not up, and by then a top card. It
  is one not covered by a card of the set now, or one of the stock or the waste not held by the
  set that got onto a pile before (with no pile empty, only onto such a top card in turn);
- up: onto one of its suit's two foundations, the cards between it and that foundation's top
  gone up first; each of them is up now or a card not held by the set (in a pile, in the waste,
  or in the stock), and any such card could have;
- into an empty pile: only if some pile is empty now or its bottom card's link is not held.

Start from every link of the piles and the waste; drop, again and again, the links whose card
has such a way, the top cards first (a card under a held link never leaves while it holds). If
a pile's bottom card is dropped (or a pile is empty), the test gives up: any top card may then
go into an empty pile. Else every pile's bottom card keeps its place for good: it never goes
up, and the position is lost.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Codes run from 1 to 4 * 16 + 13; one more for a King's "rank above".
CODES = 0x50


def lost(piles: Sequence[bytes], heights: bytes, cycle: bytes, shown: int) -> bool:
    """Whether the test proves the position lost (see the module's notes): `heights` are each
    suit's two foundation heights, the higher first; `cycle` the waste (its first `shown` cards,
    bottom first) and the stock (in the order it deals)."""
    return lost_and_floor(piles, heights, cycle, shown)[0]


def lost_and_floor(piles: Sequence[bytes], heights: bytes, cycle: bytes,
                   shown: int) -> tuple[bool, int]:
    """`lost`, and how many cards at the bottom of the waste the test never looked at (it
    reads the waste from the top down, as far as its cards can leave, and one more)."""
    verdict, waste = _test(piles, heights, cycle, shown)
    return verdict, max(waste - 1, 0)


def _test(piles: Sequence[bytes], heights: bytes, cycle: bytes, shown: int) -> tuple[bool, int]:
    """The test's verdict, and the waste's cards it has not taken off (the last one looked at
    is the top of those, when it looked at any)."""
    if not all(piles):
        return False, shown
    # The commonest way out, checked before anything is counted: a pile's only card that can
    # move at once (up, or onto another pile's top) is dropped in the first pass below.
    lone = [pile[0] for pile in piles if len(pile) == 1]
    if lone:
        top_cards = {pile[-1] for pile in piles}
        for card in lone:
            rank, at = card & 15, (card >> 4) * 2
            if card + 1 in top_cards or heights[at] == rank - 1 or heights[at + 1] == rank - 1:
                return False, shown
    #: tops[code]: copies that may be a pile's top card when the first held link breaks.
    tops = [0] * CODES
    stock = cycle[shown:]
    counted = _STOCKS.get(heights + stock)
    if counted is None:
        counted = _count_stock(heights, stock)
    #: floating[code]: copies not held, in the waste or the stock, not yet known to reach a pile.
    floating = list(counted[0])
    #: loose[code]: copies not up and not held (they may go up, their lower cards up first).
    loose = list(counted[0])
    held = [len(pile) for pile in piles]
    for pile in piles:
        tops[pile[-1]] += 1
    for pile in piles:
        _land(pile[-1] - 1, tops, floating)
    #: Each suit's two foundations, higher first, and the rank each could climb to with the
    #: loose cards: a card goes up if one of them reaches the rank below it (the higher one
    #: only if it is below the card).
    ups = list(heights)
    reach = list(counted[1])
    waste = shown
    changed = True
    while changed:
        changed = False
        for index, pile in enumerate(piles):
            while True:
                card = pile[held[index] - 1]
                if not tops[card + 1]:
                    rank, suit = card & 15, (card >> 4) * 2
                    if not ((ups[suit] < rank and reach[suit] >= rank - 1) or reach[suit + 1] >= rank - 1):
                        break
                held[index] -= 1
                changed = True
                _loosen(card, loose, ups, reach)
                if not held[index]:
                    return False, waste  # the pile may become empty: the test gives up
                below = pile[held[index] - 1]
                tops[below] += 1
                if tops[below] == 1 and below > 1:
                    _land(below - 1, tops, floating)
        while waste:
            card = cycle[waste - 1]
            if not tops[card + 1]:
                rank, suit = card & 15, (card >> 4) * 2
                if not ((ups[suit] < rank and reach[suit] >= rank - 1) or reach[suit + 1] >= rank - 1):
                    break
            waste -= 1
            changed = True
            _loosen(card, loose, ups, reach)
            floating[card] += 1
            if tops[card + 1]:
                _land(card, tops, floating)
    return True, waste


#: The heights and the stock -> the stock's cards by code and how high each foundation could
#: climb with them (`_count_stock`): the stock is a tail of the one the deal began with, and
#: the heights change slowly, so the same pairs come up again and again. Cleared when full
#: (an entry takes about 350 bytes).
_STOCKS: dict[bytes, tuple[bytes, bytes]] = {}
_STOCKS_MOST = 20_000


def _count_stock(heights: bytes, stock: bytes) -> tuple[bytes, bytes]:
    counts = [0] * CODES
    for card in stock:
        counts[card] += 1
    reach = bytes(_climb(at >> 1, height, counts) for at, height in enumerate(heights))
    if len(_STOCKS) >= _STOCKS_MOST:
        _STOCKS.clear()
    _STOCKS[heights + stock] = counted = (bytes(counts), reach)
    return counted


def _climb(suit: int, height: int, loose: list[int]) -> int:
    """How high a foundation of `suit` now at `height` could climb with the loose cards."""
    first = suit * 16
    while height < 13 and loose[first + height + 1]:
        height += 1
    return height


def _loosen(card: int, loose: list[int], ups: list[int], reach: list[int]) -> None:
    """One more loose copy of `card`: the foundations of its suit may climb further."""
    loose[card] += 1
    suit, rank = (card >> 4) * 2, card & 15
    for at in (suit, suit + 1):
        if reach[at] == rank - 1:
            reach[at] = _climb(suit >> 1, rank, loose)


def _land(card: int, tops: list[int], floating: list[int]) -> None:
    """The floating copies of `card` land on a pile (a copy of the card above is a top), and
    in turn the floating copies of the card below them, and so on down the suit."""
    while card & 15 and floating[card]:
        fresh = tops[card] == 0
        tops[card] += floating[card]
        floating[card] = 0
        if not fresh:
            return
        card -= 1
