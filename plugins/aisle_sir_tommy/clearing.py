"""A dead-end test for Sir Tommy (`TommyModel.children`): can the reserve piles ever be cleared?

Cards leave a reserve pile only to go up, its top card first. Say `c(r)` cards of rank r are up:
the foundations take any suit, so `c(1) >= c(2) >= ...` always holds, and a card of rank s goes
onto a foundation showing rank s - 1. Split the cards not up now into those on the piles, `P(r)`
of rank r, and the loose ones, `L(r)` (the stock's and the waste's: later they may go onto a
pile, but they lie on nothing now). From then on, while `P(r)` of the piles' present cards of
rank r are still there, `c(r) <= 4 - P(r)`; and of rank s, every card neither on the piles now
nor loose is up, so `c(s) >= 4 - P(s) - L(s)`. Right after a pile card X of rank s goes up (X
counted in `P(s)` before), `c(s) >= 5 - P(s) - L(s)`, and every lower rank r has
`c(r) >= c(s)`, so `4 - P(r) >= 5 - P(s) - L(s)`:

    X of rank s may go up only while every lower rank r has P(r) < P(s) + L(s)

That is a relaxation of the real game: the piles lose their top cards one at a time under that
rule alone, the loose cards never block and never go onto a pile. When no order of taking the
piles' cards away under it empties them, no play wins (a win takes every pile card up, and the
rule held at each of those steps). With no loose card the rule is the game's own (then
`c(r) = 4 - P(r)`, and `c(s-1) > c(s)` is `P(s-1) < P(s)`, which holds for every lower rank as
`c` falls), so the test is exact once the stock and the waste are empty.

The cards of other ranks going up only lower the bounds on the rest, so taking a card away
hurts only the later cards of its own rank, by lowering their bound `P(s) + L(s)`: which of
them goes first is what the search below tries, over the piles' heights. A card whose lower
ranks have at most `L(s)` cards on the piles goes at once, without a choice: the bound stays
above them for every card of its rank, however many go before (it never falls below
`L(s) + 1` while a pile card of the rank is left), as the lower counts only fall.
The search gives up after `EFFORT` positions of its own and then answers that the piles may be
cleared: a dead-end test may miss a dead end, never call a live position dead.
"""

from __future__ import annotations

from itertools import pairwise

#: The positions (the piles' heights) one test looks at before it gives up (see the notes).
EFFORT = 3000
_RANKS = 14


def clearable(piles: tuple[bytes, ...], loose: bytes, effort: int = EFFORT) -> bool:
    """Whether some order of taking the piles' top cards away under the rule of the module's
    notes empties them (or the search gave up); `loose` holds the ranks of the cards out of the
    piles and not up."""
    if all(_falling(pile) for pile in piles):
        return True  # the lowest top card can always go: no lower card lies on any pile
    on_piles, spare = _counts(piles, loose)
    search = _Clearing(piles, on_piles, spare, effort)
    return search.clear([len(pile) for pile in piles])


def _counts(piles: tuple[bytes, ...], loose: bytes) -> tuple[list[int], list[int]]:
    """How many cards of each rank lie on the piles, and how many are loose."""
    on_piles = [0] * _RANKS
    for pile in piles:
        for rank in pile:
            on_piles[rank] += 1
    spare = [0] * _RANKS
    for rank in loose:
        spare[rank] += 1
    return on_piles, spare


def _falling(pile: bytes) -> bool:
    return all(lower >= upper for lower, upper in pairwise(pile))


class _Clearing:
    """Depth first over the piles' heights; `on_piles` follows them, `failed` holds the heights
    seen from which nothing empties the piles."""

    def __init__(self, piles: tuple[bytes, ...], on_piles: list[int], spare: list[int], effort: int,
                 eager: bool = False) -> None:
        self.piles, self.on_piles, self.spare = piles, on_piles, spare
        #: Take a card away at once on a looser condition (`clears_eagerly`).
        self.eager = eager
        self.failed: set[tuple[int, ...]] = set()
        self.left = effort

    def lower(self) -> list[int]:
        """For each rank, the most cards of one lower rank on the piles."""
        on_piles = self.on_piles
        lower = [0] * _RANKS
        most = 0
        for rank in range(2, _RANKS):
            if on_piles[rank - 1] > most:
                most = on_piles[rank - 1]
            lower[rank] = most
        return lower

    def _lowered(self, lower: list[int], rank: int) -> None:
        """`lower` brought up to date after a card of `rank` left the piles: only the ranks
        above can change, and only until one does not."""
        on_piles = self.on_piles
        for above in range(rank + 1, _RANKS):
            most = lower[above - 1] if lower[above - 1] > on_piles[above - 1] else on_piles[above - 1]
            if most == lower[above]:
                return
            lower[above] = most

    def _goes_at_once(self, lower: list[int], rank: int) -> bool:
        if self.eager:
            room = self.on_piles[rank] + self.spare[rank] - lower[rank]
            return room > 1 or (room > 0 and self.on_piles[rank] == 1)
        return lower[rank] <= self.spare[rank]

    def clear(self, heights: list[int]) -> bool:
        piles, on_piles, spare = self.piles, self.on_piles, self.spare
        taken: list[tuple[int, int]] = []  # (pile, rank) taken away without a choice, to put back
        try:
            lower = self.lower()
            index = 0
            while index < len(heights):
                height = heights[index]
                if height and self._goes_at_once(lower, rank := piles[index][height - 1]):
                    heights[index] -= 1
                    on_piles[rank] -= 1
                    taken.append((index, rank))
                    self._lowered(lower, rank)
                    index = 0
                else:
                    index += 1
            if not any(heights):
                return True
            state = tuple(heights)
            if state in self.failed:
                return False
            self.left -= 1
            if self.left < 0:
                return True  # given up: see the notes
            for index, height in enumerate(heights):
                if not height:
                    continue
                rank = piles[index][height - 1]
                if lower[rank] >= on_piles[rank] + spare[rank]:
                    continue
                heights[index] -= 1
                on_piles[rank] -= 1
                cleared = self.clear(heights)
                heights[index] += 1
                on_piles[rank] += 1
                if cleared:
                    return True
            self.failed.add(state)
            return False
        finally:
            for index, rank in taken:
                heights[index] += 1
                on_piles[rank] += 1



def clears_eagerly(piles: tuple[bytes, ...], loose: bytes) -> bool:
    """`clearable` with a card going at once whenever its rank's bound is two above the lower
    ranks' counts: a hunch only (that card may take the place another of its rank needed), for
    `TommyModel.hunch`, which keeps to positions it clears and so finds wins far sooner."""
    if all(_falling(pile) for pile in piles):
        return True
    on_piles, spare = _counts(piles, loose)
    search = _Clearing(piles, on_piles, spare, EFFORT, eager=True)
    return search.clear([len(pile) for pile in piles])


def clears_greedily(piles: tuple[bytes, ...], loose: bytes) -> bool:
    """Whether one greedy order empties the piles under the rule of the module's notes: the top
    card whose rank has most room goes first. A hunch only (the order may be the wrong one),
    for `TommyModel.light`."""
    if all(_falling(pile) for pile in piles):
        return True
    on_piles, spare = _counts(piles, loose)
    heights = [len(pile) for pile in piles]
    search = _Clearing(piles, on_piles, spare, 0)
    while any(heights):
        lower = search.lower()
        best, room = -1, 0
        for index, height in enumerate(heights):
            if height:
                rank = piles[index][height - 1]
                if (more := on_piles[rank] + spare[rank] - lower[rank]) > room:
                    best, room = index, more
        if best < 0:
            return False
        heights[best] -= 1
        on_piles[piles[best][heights[best]]] -= 1
    return True
