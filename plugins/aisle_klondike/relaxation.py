"""A proof that a Klondike deal is lost, by a coarser game that can do at least everything the
real one can (the solver model's `hopeless`).

The coarse game forgets how the face-up cards lie and where the stock stands. A position is
only which cards of each pile are still face down (`downs`) and how high each foundation is
(`levels`); every other card is face up in the tableau, or still in the stock or waste. Its
moves change one of the two:

- a pile's lowest face-up card leaves it and the card under it turns up (it went up, or onto a
  parent, or, a King, to an empty pile);
- the next card of a suit goes up (from the tableau or the stock; never a face-down card);
- a foundation's top card comes down (never an ace or a two, nor a card that would go straight
  back up safely: `safe.py` proves some winning game never does so).

A coarse position can exist only when its face-up tableau cards can lie in piles at all: each
pile with face-down cards has its lowest face-up card fixed; every other tableau card lies on a
parent (one rank higher, the other colour) that holds nothing else, or starts a pile with no
face-down cards (a King, or the pile's own first card if it never moved). Cards still in the
stock may lie anywhere or nowhere. `Relaxation.fits` asks exactly this.

Why a real win gives a coarse win: every real position maps onto a coarse one that fits (its
piles are such an arrangement), and every real move either leaves the coarse position as it is
(moves between piles that turn nothing, stock clicks, stock cards put onto piles) or is one of
the coarse moves above. So if no coarse game from the start reaches all foundations full, no
real game does. The coarse game is the same for every stock option (a stock card is always
somewhere it may be taken from), so the proof needs no knowledge of passes or deals.

The coarse positions are few: thousands to a few hundred thousand, against millions of real
ones; a deal that is lost for a reason of this kind (cards that need the same parent while the
foundation they could go to waits behind them) is proved lost in a fraction of a second.

Fitting the cards splits into two independent chains: a black King holds red Queens, which hold
black Jacks, and so on down to red twos and black aces; the red King's chain is the other. In a
chain the two cards of one rank may each lie on either card of the rank above, so how many of
them are taken is all that matters from one rank to the next: a walk down the ranks with three
possible counts (`_chain_slots`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from aisle_klondike.safe import settled_code

# What a card can be in a coarse position (for the walk down a chain).
_GONE, _ROOT, _HELD, _HELD_OR_STARTS, _FREE, _FREE_OR_STARTS, _LEAF, _LEAF_OR_STARTS = range(8)
#: (can hold a card, needs a parent, takes an empty pile) for each way a card of each kind
#: can lie.
_WAYS: dict[int, tuple[tuple[int, int, int], ...]] = {
    _GONE: ((0, 0, 0),),
    _ROOT: ((1, 0, 0),),
    _HELD: ((1, 1, 0),),
    _HELD_OR_STARTS: ((1, 1, 0), (1, 0, 1)),
    _FREE: ((0, 0, 0), (1, 1, 0)),
    _FREE_OR_STARTS: ((0, 0, 0), (1, 1, 0), (1, 0, 1)),
    _LEAF: ((0, 1, 0),),
    _LEAF_OR_STARTS: ((0, 1, 0), (0, 0, 1)),
}
#: Positions looked at between two looks at the clock.
_CHECK_EVERY = 256

Coarse = tuple[tuple[int, ...], tuple[int, ...]]


def _index(card: int) -> int:
    """The bit of a model card (suit * 16 + rank) in the 52-bit masks."""
    return (card >> 4) * 13 + (card & 15) - 1


def _chains() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The bits of both chains' two cards per rank, King first."""
    chains: list[list[tuple[int, int]]] = [[], []]
    for rank in range(13, 0, -1):
        for chain in (0, 1):
            red = (rank + chain) & 1
            suits = (1, 2) if red else (0, 3)
            chains[chain].append((suits[0] * 13 + rank - 1, suits[1] * 13 + rank - 1))
    return tuple(chains[0]), tuple(chains[1])


_CHAIN_BITS = _chains()
_CHAIN_MASKS = tuple(sum((1 << a) | (1 << b) for a, b in chain) for chain in _CHAIN_BITS)
_KINGS = sum(1 << (suit * 13 + 12) for suit in range(4))


class Relaxation:
    """The coarse game of one Klondike position (see the module text)."""

    def __init__(self, hidden: Sequence[bytes], ups: Sequence[bytes], levels: Sequence[int],
                 stock: Iterable[int]) -> None:
        self.hidden = [bytes(cards) for cards in hidden]
        # Each pile's cards that can be its lowest face-up card: the face-down ones, then the
        # first face-up one.
        self.column = [self.hidden[pile] + ups[pile][:1] for pile in range(len(ups))]
        self.free_mask = sum(1 << _index(card) for card in stock)
        self.start: Coarse = (tuple(len(cards) for cards in self.hidden), tuple(levels))
        self._layouts: dict[tuple[int, ...], tuple[int, int, int, int, dict[int, int]]] = {}
        self._chains: dict[tuple[int, int, int, int, int, int], int] = {}

    # -- whether the cards can lie in piles --------------------------------------------------
    def _layout(self, downs: tuple[int, ...]) -> tuple[int, int, int, int, dict[int, int]]:
        """For these face-down counts: the face-down cards, the piles' fixed lowest face-up
        cards, the cards that may start their own pile, the number of piles with nothing face
        down, and which pile each fixed card is the lowest of."""
        found = self._layouts.get(downs)
        if found is None:
            face_down = fixed = starts = 0
            empty = 0
            lowest: dict[int, int] = {}
            for pile, down in enumerate(downs):
                column = self.column[pile]
                for card in column[:down]:
                    face_down |= 1 << _index(card)
                if down:
                    fixed |= 1 << _index(column[down])
                    lowest[column[down]] = pile
                else:
                    empty += 1
                    if column:
                        starts |= 1 << _index(column[0])
            found = self._layouts[downs] = (face_down, fixed, starts, empty, lowest)
        return found

    def fits(self, downs: tuple[int, ...], levels: tuple[int, ...], placed: int = 0, loose: int = 0,
             top: int = 0) -> bool:
        """Whether the tableau's face-up cards can lie in piles. `placed`: cards that must lie
        in the tableau even if they came from the stock (one just taken down); `loose`: a
        pile's lowest face-up card that must lie somewhere else (it is leaving); `top`: a card
        that must lie on top of its pile (it is going up)."""
        face_down, fixed, starts, empty, _ = self._layout(downs)
        fixed &= ~loose
        gone = face_down
        for suit, level in enumerate(levels):
            gone |= ((1 << level) - 1) << (suit * 13)
        free = self.free_mask & ~placed
        starts |= _KINGS
        needed = 0
        for chain, mask in enumerate(_CHAIN_MASKS):
            slots = self._chain_slots(chain, gone & mask, fixed & mask, starts & mask, free & mask,
                                      top & mask)
            if slots < 0:
                needed = empty + 1
                break
            needed += slots
        return needed <= empty

    def _chain_slots(self, chain: int, gone: int, fixed: int, starts: int, free: int, top: int) -> int:
        """The fewest piles with nothing face down this chain's cards need, or -1: they
        cannot lie in piles at all."""
        memo_key = (chain, gone, fixed, starts, free, top)
        found = self._chains.get(memo_key)
        if found is not None:
            return found
        best = {0: 0}  # cards of the rank above that can hold one -> the fewest piles used
        for pair in _CHAIN_BITS[chain]:
            ways = [_WAYS[_kind(1 << bit, gone, fixed, starts, free, top)] for bit in pair]
            following: dict[int, int] = {}
            for holders, used in best.items():
                for first in ways[0]:
                    for second in ways[1]:
                        if first[1] + second[1] > holders:
                            continue
                        count = first[0] + second[0]
                        piles = used + first[2] + second[2]
                        if following.get(count, 99) > piles:
                            following[count] = piles
            best = following
            if not best:
                break
        found = self._chains[memo_key] = min(best.values()) if best else -1
        return found

    # -- the coarse game ----------------------------------------------------------------------
    def moves(self, position: Coarse) -> list[Coarse]:
        """The coarse positions one coarse move leads to, where the cards fit all along.

        A pile's lowest face-up card leaves while the card under it is still face down: the
        cards must fit with it placed elsewhere and its pile neither holding it nor empty (then
        they also fit once the new card is up, as it takes nothing away). A card taken down
        from a foundation lies in the tableau at once."""
        downs, levels = position
        face_down, _, _, _, lowest = self._layout(downs)
        found: list[Coarse] = []
        for pile, down in enumerate(downs):
            if down and self.fits(downs, levels, loose=1 << _index(self.column[pile][down])):
                found.append(((*downs[:pile], down - 1, *downs[pile + 1:]), levels))
        for suit, level in enumerate(levels):
            if level < 13:
                card = suit * 16 + level + 1
                bit = 1 << _index(card)
                if not face_down & bit:
                    higher = (*levels[:suit], level + 1, *levels[suit + 1:])
                    # From the tableau it lies on top first (then the rest fit without it);
                    # a card from the stock may come straight from there.
                    if (self.fits(downs, higher) if self.free_mask & bit or lowest.get(card) is not None
                            else self.fits(downs, levels, top=bit)):
                        # the lowest face-up card of a pile going up turns the card under it
                        emptied = lowest.get(card)
                        after = downs if emptied is None else (
                            *downs[:emptied], downs[emptied] - 1, *downs[emptied + 1:])
                        found.append((after, higher))
            if level > 2:
                card = suit * 16 + level
                lower = (*levels[:suit], level - 1, *levels[suit + 1:])
                if not settled_code(card, lower) and self.fits(downs, lower, placed=1 << _index(card)):
                    found.append((downs, lower))
        return found

    def lost(self, deadline: float, limit: int, stop: Callable[[], bool] | None = None) -> bool | None:
        """True: no coarse game reaches a win, so the position is lost. False: one does (the
        real game may still be lost). None: the time or `limit` positions ran out, or
        `stop()` turned true, first."""
        full = (13, 13, 13, 13)
        seen = {self.start}
        waiting = [self.start]
        countdown = _CHECK_EVERY
        while waiting:
            for child in self.moves(waiting.pop()):
                if child in seen:
                    continue
                if child[1] == full:
                    return False
                seen.add(child)
                waiting.append(child)
            countdown -= 1
            if countdown <= 0:
                countdown = _CHECK_EVERY
                if len(seen) >= limit or time.monotonic() >= deadline or (stop is not None and stop()):
                    return None
        return True


def _kind(bit: int, gone: int, fixed: int, starts: int, free: int, top: int) -> int:
    if gone & bit:
        return _GONE
    if fixed & bit:
        return _ROOT
    if top & bit:
        return _LEAF_OR_STARTS if starts & bit else _LEAF
    if free & bit:
        return _FREE_OR_STARTS if starts & bit else _FREE
    return _HELD_OR_STARTS if starts & bit else _HELD
