"""A sound dead-end test for Napoleon's Tomb with one card a click (one pass): more cards than
the four reserves can hold must wait in them at once.

Write the waste from the bottom w_0 … w_{s-1}, R for the cards in the reserves and S for the
stock. Cards leave the waste (up, or into a reserve) from its top only, and a dealt card lands
on top, so w_j leaves only at an instant when every card above it, and every card dealt by
then, has left the waste. A win empties the waste, so that instant comes. Let
A_j = R + {w_{j+1}, …, w_{s-1}}. At that instant each card of A_j is up or in a reserve (a
reserve's card never goes back to the waste). Whatever went up by then came from A_j, from the
stock or from the foundations as they are: w_0 … w_j are all still in the waste. So at most q_j
cards of A_j are up, q_j being the most cards of A_j that could go up from the foundations as
they are with every card of A_j and S at hand; the other |A_j| - q_j wait in the reserves. If
|A_j| - q_j > 4 for some j, the position cannot be won (`overloaded`).

q_j, with t_r cards of rank r at hand (A_j and S): the centre takes its ranks in turn (6, 5, …,
Ace, 6, …), so it can take k_r of rank r where k is what the walk along its ranks uses while a
card of the rank it takes is at hand. A corner takes a rank only onto the rank below, so with
c_r cards of rank r up on the corners now, at most p_r = min(c_r + t_r, p_{r-1}) can be up
(p_6 = 4: four corners), k_r = p_r - c_r more. Of those k_r at most min(k_r, a_r) are cards of
A_j (a_r of rank r in it): q_j = sum over r of min(k_r, a_r).

Where to test (`TombModel.children`): a click moves the stock's next card from S into every
A_j (their union with S stays the same, so k does too, and |A_j| - q_j grows by 0 or 1) and
adds a place j: a position more clicks away from an overloaded one is overloaded too, and the
model stops clicking there. A card going up (from the waste's top or a reserve, fitting) leaves
every |A_j| - q_j as it was: one card fewer in A_j, and the foundations one card further, from
where the same cards less that one can go up. A waste card moved into a reserve stays in every
A_j below it. So only the start and the positions after a click need the test.
"""

from __future__ import annotations

#: The reserves: how many cards may wait at once.
RESERVES = 4
_LAST_LOW = 6
_KING = 13


def overloaded(reserves: bytes, corners: bytes, centre: int, cycle: bytes, split: int) -> bool:
    """Whether, at some waste card's leaving, more cards than the reserves hold must wait in
    them (see the module's notes). `cycle` holds the waste (its first `split` cards, from the
    bottom) then the stock, `corners` the corners' top ranks (0: empty), `centre` the centre's
    top rank (0: empty).

    One pass down the waste: A_j grows by one card a step, and the centre's walk and the
    corners' counts only go further, so each step updates them rather than starting again."""
    at_hand = [0] * (_KING + 1)  # t: in A_j or the stock
    in_a = [0] * (_KING + 1)  # a: in A_j
    waiting = 0  # |A_j|
    for rank in reserves:
        if rank:
            at_hand[rank] += 1
            in_a[rank] += 1
            waiting += 1
    stock = cycle[split:]
    for rank in range(1, _KING + 1):
        at_hand[rank] += stock.count(rank)
    # The corners: c (up now), p (at most up), k = p - c.
    now = [0] * (_KING + 1)
    most = [0] * (_KING + 1)
    more = [0] * (_KING + 1)
    most[_LAST_LOW] = below = len(corners)
    first, second, third, fourth = corners
    for rank in range(_LAST_LOW + 1, _KING + 1):
        now[rank] = up_now = (first >= rank) + (second >= rank) + (third >= rank) + (fourth >= rank)
        below = most[rank] = up_now + at_hand[rank] if up_now + at_hand[rank] < below else below
        more[rank] = below - up_now
    # The centre: walk its ranks while one is at hand; `more` counts the cards it takes.
    takes = _LAST_LOW if centre <= 1 else centre - 1
    while more[takes] < at_hand[takes]:
        more[takes] += 1
        takes = takes - 1 if takes > 1 else _LAST_LOW
    up = 0  # q_j
    for rank in range(1, _KING + 1):
        up += more[rank] if more[rank] < in_a[rank] else in_a[rank]
    if waiting - up > RESERVES:
        return True
    for j in range(split - 1, 0, -1):
        rank = cycle[j]  # w_j joins A_{j-1}
        at_hand[rank] += 1
        in_a[rank] += 1
        waiting += 1
        if more[rank] >= in_a[rank]:
            up += 1
        if rank <= _LAST_LOW:
            if rank == takes:  # the centre's walk stopped for want of this rank
                while more[takes] < at_hand[takes]:
                    more[takes] += 1
                    if more[takes] <= in_a[takes]:
                        up += 1
                    takes = takes - 1 if takes > 1 else _LAST_LOW
        elif now[rank] + at_hand[rank] <= most[rank - 1]:  # else the rank below holds it back
            up += _corners_further(rank, now, most, more, at_hand, in_a)
        if waiting - up > RESERVES:
            return True
    return False


def _corners_further(rank: int, now: list[int], most: list[int], more: list[int], at_hand: list[int],
                     in_a: list[int]) -> int:
    """Update the corners' counts from `rank` up after one more card of `rank` came to hand;
    how many more cards of A_j can go up."""
    gained = 0
    below = most[rank - 1]
    while rank <= _KING:
        bound = min(now[rank] + at_hand[rank], below)
        if bound == most[rank]:
            break  # nothing changes here, nor above
        before = more[rank]
        most[rank] = bound
        more[rank] = bound - now[rank]
        gained += min(more[rank], in_a[rank]) - min(before, in_a[rank])
        below = bound
        rank += 1
    return gained
