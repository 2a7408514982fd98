"""A dead-end test for Sir Tommy (`TommyModel.children`): cards of one rank locked over lower cards.

Cards never leave a reserve pile except to go up, so a card goes up only after every card lying
on it. Say `c(r)` cards of rank r are up: the foundations take any suit, so a card of rank s can
go up exactly when `c(s-1) > c(s)`, and `c(1) >= c(2) >= ...` always. When the j-th card of rank
s goes up, `c(r) >= j` for every r < s; the cards of rank s still out at that moment (the one
going up and the 4 - j that follow it: 5 - j in all, the set T) lie where they lay, so every card
under one of them in a pile is still out too. Of the four cards of rank r, then, at most
`4 - j = |T| - 1` may lie under a card of T. The cards of rank s go up one after another, so the
sets T are the tails of one order of them: the test asks whether some order of the rank's cards
still out gives every tail T that bound for every lower rank r; when none does, no play wins. A
card in the stock or the waste lies on nothing, so it blocks nothing.
"""

from __future__ import annotations


def locked(piles: tuple[bytes, ...], loose: bytes, rank: int) -> bool:
    """Whether the cards of `rank` can never all go up (see the module's notes); `loose` holds
    the ranks of the cards out of the piles (the stock and the waste)."""
    stacks: list[list[tuple[int, ...]]] = []  # per pile, the lower cards under each card of the rank
    for pile in piles:
        if rank not in pile:
            continue
        under = [0] * rank
        unders: list[tuple[int, ...]] = []
        for card in pile:
            if card == rank:
                unders.append(tuple(under))
            elif card < rank:
                under[card] += 1
        stacks.append(unders)
    if not any(any(under) for unders in stacks for under in unders):
        return False  # no card of the rank lies over a lower one
    return not _can_go_up(stacks, loose.count(rank))


def _can_go_up(stacks: list[list[tuple[int, ...]]], loose: int) -> bool:
    """Whether some order of going up keeps every tail within the bound of the module's notes.

    The loose cards are best last (they cover nothing, so a tail holding them instead of pile
    cards has as many cards and covers fewer), so a tail is the loose cards and, in each pile,
    the rank's lowest cards (a pile gives its top card first): `levels` counts them per pile.
    """
    known: dict[tuple[int, ...], bool] = {}

    def good(levels: tuple[int, ...]) -> bool:
        size = sum(levels)
        if size == 0:
            return True
        if levels in known:
            return known[levels]
        covered = [sum(counts) for counts in zip(*(stacks[index][level - 1]
                                                    for index, level in enumerate(levels) if level),
                                                  strict=True)]
        # The card covering most goes up first, as a first guess.
        firsts = sorted((index for index, level in enumerate(levels) if level),
                        key=lambda index: -sum(stacks[index][levels[index] - 1]))
        fits = max(covered) <= loose + size - 1 and any(
            good((*levels[:index], levels[index] - 1, *levels[index + 1:])) for index in firsts)
        known[levels] = fits
        return fits

    return good(tuple(len(unders) for unders in stacks))
