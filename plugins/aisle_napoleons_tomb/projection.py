"""Napoleon's Tomb's single-card deals cut in two: the low cards alone, the high cards alone.

The centre takes only Aces to 6s (the low cards), the corners only 7s to Kings (the high
cards): the two families never share a foundation. Take a position and strike out every high
card, wherever it lies (the stock, the waste, the reserves): what is left is a position of the
same game, with the same foundations, the low cards in the same order, and every reserve that
held a high card empty (`low_part`). The same with the low cards struck out (`high_part`).

Theorem: with one card dealt a click, if a position can be won, so can each of its two parts.
Play the winning line in the part, skipping what concerns the struck-out cards:
- a click that deals a kept card deals it in the part too (the stock keeps its order, so it is
  the part's next card); a click that deals a struck-out card is skipped;
- a move of a kept card is made in the part: from the waste its card is on top there too
  (the cards above it in the whole waste were taken away first, and in the part only kept
  cards lie above it, all taken away by then); into a reserve, the part has that reserve
  free too (a reserve of the part holds at most what the whole one holds); onto a
  foundation, the part's foundation is the same (it holds only that family's cards, and the
  same ones);
- a move of a struck-out card is skipped.
At the end every kept card is up in the part. So a part that cannot be won proves the
position lost (`TombModel.hopeless`, on the start).

Not with three cards a click: a click turns up three cards of the whole stock, and striking
some out changes which cards come up together, so the part is not a coarser game.
"""

from __future__ import annotations

#: The highest rank the centre takes; the corners take the ranks above it.
LAST_LOW = 6
#: A corner that takes nothing more (its King is up): the low part's corners.
_FULL_CORNERS = bytes((13, 13, 13, 13))
_LOW = bytes(range(1, LAST_LOW + 1))
_HIGH = bytes(range(LAST_LOW + 1, 14))

#: (reserves, corners, centre's top, cycle, split, passes): `solving.State`, spelled out here
#: so that this module needs nothing from the model.
State = tuple[bytes, bytes, int, bytes, int, int]


def low_part(state: State) -> State:
    """The position with the high cards struck out (its corners full: nothing goes there)."""
    return _part(state, _HIGH, _FULL_CORNERS)


def high_part(state: State) -> State:
    """The position with the low cards struck out (its centre as it is: nothing goes there)."""
    return _part(state, _LOW, None)


def _part(state: State, struck: bytes, corners: bytes | None) -> State:
    reserves, own_corners, centre, cycle, split, passes = state
    kept_reserves = bytes(0 if rank in struck else rank for rank in reserves)
    waste = cycle[:split].translate(None, struck)
    return (kept_reserves, own_corners if corners is None else corners, centre,
            waste + cycle[split:].translate(None, struck), len(waste), passes)
