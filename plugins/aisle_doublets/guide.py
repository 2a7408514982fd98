"""How far plain play gets from a Doublets position: the guide that orders the solver's steps
(`solving.DoubletsModel`). It only orders steps, never leaves one out, so it needs no proof.

Plain play: each time, the play the model would try first (the fewest clicks on the stock),
except that a King is not sent onto a reserve, where it would block the reserve for good, when
a later play can avoid it, unless it is the last pass and the King lies on other cards of the
waste: those can only come out once it has gone. How many cards go up this way says far more
about a position than the cards up so far: ordering the steps by it finds most wins without a
single step back.
"""

from __future__ import annotations

from collections.abc import Callable

from aisle_doublets.rules import MAX_REDEALS, WINNING_COUNT, wanted_rank

#: The reserves' ranks, the cycle (waste bottom first, then the stock), the cards in the waste,
#: the foundation's top rank, the cards up, the redeals used (as `solving.State`).
State = tuple[tuple[int, ...], bytes, int, int, int, int]
#: Plays the waste's top (source -1) or a reserve's card (its index) from a position.
Play = Callable[[State, int], State]

_KING = 13
_FROM_WASTE = -1
_WANTED = [wanted_rank(rank) for rank in range(14)]


def plain_play(state: State, play: Play) -> State | None:
    """The next position of plain play, or None when nothing can be played any more."""
    reserves, cycle, shown, top, up, redeals = state
    wanted = _WANTED[top]
    size = len(cycle)
    if wanted in reserves:
        # Any waste may show: the reserve's card goes up and the waste's top card (the stock's
        # when the waste is empty) takes its place.
        source = reserves.index(wanted)
        stops = [(redeals, shown_now) for shown_now in range(shown, size + 1)]
        if redeals < MAX_REDEALS and size:
            stops += [(redeals + 1, shown_now) for shown_now in range(shown)]
        chosen = stops[0]
        for used, shown_now in stops:
            refill = cycle[shown_now - 1] if shown_now else (cycle[0] if size else 0)
            below = shown_now - 1
            if refill != _KING or (used == MAX_REDEALS and below > 0 and cycle[:below].count(_KING) < below):
                chosen = (used, shown_now)
                break
        return play((reserves, cycle, chosen[1], top, up, chosen[0]), source)
    if shown and cycle[shown - 1] == wanted:
        return play(state, _FROM_WASTE)
    at = cycle.find(wanted, shown)
    if at >= 0:
        return play((reserves, cycle, at + 1, top, up, redeals), _FROM_WASTE)
    if redeals < MAX_REDEALS and size:
        at = cycle.find(wanted, 0, max(shown - 1, 0))
        if at >= 0:
            return play((reserves, cycle, at + 1, top, up, redeals + 1), _FROM_WASTE)
    return None


def reach(state: State, play: Play) -> int:
    """The cards up when plain play from `state` can go no further (48: it wins)."""
    reached: State | None = state
    up = state[4]
    while reached is not None:
        up = reached[4]
        if up == WINNING_COUNT:
            break
        reached = plain_play(reached, play)
    return up
