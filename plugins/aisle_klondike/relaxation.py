"""A proof that a Klondike deal is lost, by a coarser game that can do at least everything the
real one can (the solver model's `hopeless`).

The coarse game forgets how the face-up cards lie and where the stock stands. A position is
only which cards of each pile are still face down (`downs`), how high each foundation is
(`levels`), which cards that came from the stock are known to lie in the tableau
(`committed`: they can never go back), and, once no redeal is left, the waste as it stands
(`stacked`, bottom first: only its top card can leave, and nothing can lie on its cards) and,
when one card is dealt at a time, the stock still to deal in its order (`undealt`); every other
card is face up in the tableau, or still in the stock or waste. Its moves change these:

- a pile's lowest face-up card leaves it and the card under it turns up (it went up, or onto a
  parent, or, a King, to an empty pile);
- the next card of a suit goes up (from the tableau or the stock; never a face-down card);
- a foundation's top card comes down (never an ace or a two, nor a card that would go straight
  back up safely: `safe.py` proves some winning game never does so);
- the stacked waste's top card goes up or into the tableau (it is committed there), and so
  does any card of the undealt stock, the cards before it dealt onto the waste.

A coarse position can exist only when its face-up tableau cards can lie in piles at all: each
pile with face-down cards has its lowest face-up card fixed; every other tableau card lies on a
parent (one rank higher, the other colour) that holds nothing else, or starts a pile with no
face-down cards (a King, or the pile's own first card if it never moved). Other cards from the
stock may lie anywhere or nowhere (the coarse game does not remember playing them, so one that
helped once may later be back in the stock). `Relaxation.fits` asks exactly this. A committed
card stays committed until it goes up.

Why a real win gives a coarse win: every real position maps onto a coarse one that fits (its
piles are such an arrangement), and every real move either leaves the coarse position as it is
(moves between piles that turn nothing, stock clicks, stock cards put onto piles) or is one of
the coarse moves above. The stacked waste is exact: with no redeal left, cards leave the waste
only from its top, and dealing only puts more cards over it. So is the undealt stock, when it
is kept: its cards lie in no pile and cannot go up until dealt, one at a time in their order,
onto the waste (without it they are free, which lets the coarse game do more, not less). So
if no coarse game from the start reaches all foundations full, no real game does. Apart from
the stacked waste and the undealt stock, the coarse game is the same for every stock option (a
stock card is always somewhere it may be taken from), so the proof needs no knowledge of passes
or deals.

The coarse positions are few: thousands to a few hundred thousand, against millions of real
ones; a deal that is lost for a reason of this kind (cards that need the same parent while the
foundation they could go to waits behind them) is proved lost in a fraction of a second. They
are fewer still as the searches go: a card that can never matter again (an ace, a card the safe
test passes) goes up alone whenever it can, nothing else tried (`Relaxation._forced` says why
that loses no win).

The same game is a dead-end test for the real search (`Relaxation.live`): a real position whose
coarse one (with the stock cards it has played committed) cannot reach a win is lost. What a
coarse search learns is kept: every coarse position it reached from a lost one is lost too (and
so is the same position with more cards stacked over its waste, or more cards committed), and
every one on its way to a win can win.

Fitting the cards splits into two independent chains: a black King holds red Queens, which hold
black Jacks, and so on down to red twos and black aces; the red King's chain is the other. In a
chain the two cards of one rank may each lie on either card of the rank above, so how many of
them are taken is all that matters from one rank to the next: a walk down the ranks with three
possible counts (`_chain_slots`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from aisle.solver import clock
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

#: Coarse positions the dead-end test remembers before it starts afresh (about 200 bytes each).
_KNOWN_KEPT = 400_000
_FULL = (13, 13, 13, 13)
#: A card from the stock within this many ranks of its foundation's top is not committed:
#: it soon goes up anyway, and leaving it out asks the test far fewer different questions
#: (leaving any card out only makes the coarse game freer, so the test stays right).
_SOON_UP = 2
#: Coarse positions one dead-end question may look at before it takes the position as able
#: to win (the real search then goes on there): a large corner settled at once saves far
#: more real positions, so the bound is generous.
_QUERY_KEPT = 50_000
#: The coarse positions the dead-end test may look at: at first, and more for each real
#: position it is asked about (where it cannot settle corners of the game cheaply, it stops
#: costing more than the real search it could save).
_FIRST_CREDIT = 100_000
_CREDIT_PER_QUESTION = 4
#: And for each real position it proves lost with a stacked waste.
_CREDIT_PER_LOSS = 40
#: `_QUERY_KEPT` for a question with a stacked waste: such questions are many (each place in
#: the stock gives another), so each may cost less. (With the forced moves of `_forced` the
#: coarse corners are small: 2,000 left one-pass deal 21 an exhaustive search of 6,788 real
#: positions, 20,000 settles it in 153; more changed nothing measured.)
STACKED_QUERY_KEPT = 20_000
#: Committed-card masks kept per face-down layout and foundations, for each answer.
_MASKS_KEPT = 8

#: (face-down cards per pile, foundation levels, committed cards, stacked waste, undealt stock)
Coarse = tuple[tuple[int, ...], tuple[int, ...], int, bytes, bytes]
#: What the remembered masks of committed cards are kept by: (face-down cards per pile,
#: foundation levels, stacked waste, undealt stock).
_MaskKey = tuple[tuple[int, ...], tuple[int, ...], bytes, bytes]


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
_ALL_CARDS = (1 << 52) - 1
#: Each chain's cards in all five masks `fits` packs into one number.
_PACKED_CHAINS = tuple(sum(mask << shift for shift in range(0, 260, 52)) for mask in _CHAIN_MASKS)
_KINGS = sum(1 << (suit * 13 + 12) for suit in range(4))
#: The suits of the other colour, by suit (clubs, diamonds, hearts, spades).
_OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))


class Relaxation:
    """The coarse game of one Klondike position (see the module text)."""

    def __init__(self, hidden: Sequence[bytes], ups: Sequence[bytes], levels: Sequence[int],
                 stock: Iterable[int], stacked: bytes = b"", undealt: bytes = b"") -> None:
        # Each pile's cards that can be its lowest face-up card: the face-down ones, then the
        # first face-up one.
        self.column = [bytes(hidden[pile]) + ups[pile][:1] for pile in range(len(ups))]
        #: The cards that came from the stock (or waste).
        self.free_mask = sum(1 << _index(card) for card in stock)
        self.start: Coarse = (tuple(len(cards) for cards in hidden), tuple(levels), 0, stacked, undealt)
        self._up: dict[tuple[int, ...], int] = {}
        #: For `committed`: the stock's cards out of each cycle, and the cards near each
        #: foundation's top.
        self._outside: dict[bytes, int] = {}
        self._near: dict[tuple[int, ...], int] = {}
        #: How many coarse positions the dead-end test may still look at (see `_FIRST_CREDIT`).
        self._credit = _FIRST_CREDIT
        #: Coarse positions known to reach a win (True) or not (False).
        self._known: dict[Coarse, bool] = {}
        #: For each face-down layout, foundations, stacked waste and undealt stock, the
        #: committed cards of lost positions (and of positions that can win).
        self._lost_masks: dict[_MaskKey, list[int]] = {}
        self._won_masks: dict[_MaskKey, list[int]] = {}
        #: The stacked waste's cards as a mask, by the waste.
        self._stacked: dict[bytes, int] = {b"": 0}
        self._layouts: dict[tuple[int, ...], tuple[int, int, int, int, dict[int, int]]] = {}
        #: What `_chain_slots` answered, by its cards packed into one number (see `fits`).
        self._chains: dict[int, int] = {}

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
             top: int = 0, stacked: int = 0) -> bool:
        """Whether the tableau's face-up cards can lie in piles. `placed`: cards that must lie
        in the tableau even if they came from the stock (the committed ones, one just taken
        down); `loose`: a pile's lowest face-up card that must lie somewhere else (it is
        leaving); `top`: a card that must lie on top of its pile (it is going up); `stacked`:
        cards in the waste, which are not in the tableau (no card can lie on them)."""
        face_down, fixed, starts, empty, _ = self._layout(downs)
        fixed &= ~loose
        up = self._up.get(levels)
        if up is None:
            up = self._up[levels] = sum(((1 << level) - 1) << (suit * 13)
                                        for suit, level in enumerate(levels))
        gone = face_down | up | stacked
        free = self.free_mask & ~placed & ~stacked
        # All five masks in one number, each chain's part of it a cheap key for what is known.
        packed = gone | fixed << 52 | (starts | _KINGS) << 104 | free << 156 | top << 208
        chains = self._chains
        first = packed & _PACKED_CHAINS[0]
        slots = chains.get(first)
        if slots is None:
            slots = chains[first] = self._chain_slots(0, first)
        if slots < 0:
            return False
        second = packed & _PACKED_CHAINS[1]
        more = chains.get(second)
        if more is None:
            more = chains[second] = self._chain_slots(1, second)
        return more >= 0 and slots + more <= empty

    def _chain_slots(self, chain: int, packed: int) -> int:
        """The fewest piles with nothing face down this chain's cards need, or -1: they
        cannot lie in piles at all (`packed`: the masks as `fits` packs them)."""
        gone, fixed, starts, free, top = (packed >> shift & _ALL_CARDS for shift in range(0, 260, 52))
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
        return min(best.values()) if best else -1

    # -- the coarse game ----------------------------------------------------------------------
    def moves(self, position: Coarse) -> Iterator[Coarse]:
        """The coarse positions one coarse move leads to, where the cards fit all along; cards
        going up first (the way to a win), one at a time as they are asked for.

        A pile's lowest face-up card leaves while the card under it is still face down: the
        cards must fit with it placed elsewhere and its pile neither holding it nor empty (then
        they also fit once the new card is up, as it takes nothing away). A card taken down
        from a foundation lies in the tableau at once. The stacked waste's top card goes up,
        or into the tableau, committed; so does each card of the undealt stock, dealt onto the
        waste with the cards before it in one move (a deal changes nothing the other moves ask
        about, so any coarse game can deal just before it takes the waste's top card)."""
        downs, levels, committed, stacked, undealt = position
        face_down, _, _, _, lowest = self._layout(downs)
        fits = self.fits
        # The waste's and the undealt stock's cards: in no pile, and only the waste's top and
        # the undealt ones can be taken (`cycle[first:]`).
        waste = self._stacked_mask(stacked) | self._stacked_mask(undealt)
        cycle = stacked + undealt if undealt else stacked
        first = len(stacked) - 1 if stacked else 0
        for suit, level in enumerate(levels):
            if level < 13:
                card = suit * 16 + level + 1
                bit = 1 << _index(card)
                if waste & bit:
                    at = cycle.find(card, first)
                    higher = (*levels[:suit], level + 1, *levels[suit + 1:])
                    if at >= 0 and fits(downs, higher, committed, stacked=waste & ~bit):
                        yield downs, higher, committed, cycle[:at], cycle[at + 1:]
                elif not face_down & bit:
                    higher = (*levels[:suit], level + 1, *levels[suit + 1:])
                    # From the tableau it lies on top first (then the rest fit without it);
                    # a card still in the stock may come straight from there.
                    emptied = lowest.get(card)
                    from_stock = self.free_mask & bit and not committed & bit
                    if (fits(downs, higher, committed, stacked=waste) if from_stock or emptied is not None
                            else fits(downs, levels, committed, top=bit, stacked=waste)):
                        # the lowest face-up card of a pile going up turns the card under it
                        after = downs if emptied is None else (
                            *downs[:emptied], downs[emptied] - 1, *downs[emptied + 1:])
                        yield after, higher, committed & ~bit, stacked, undealt
        for pile, down in enumerate(downs):
            if down and fits(downs, levels, committed, loose=1 << _index(self.column[pile][down]),
                             stacked=waste):
                yield (*downs[:pile], down - 1, *downs[pile + 1:]), levels, committed, stacked, undealt
        for at in range(first, len(cycle)):
            bit = 1 << _index(cycle[at])
            if fits(downs, levels, committed | bit, stacked=waste & ~bit):
                yield downs, levels, committed | bit, cycle[:at], cycle[at + 1:]
        for suit, level in enumerate(levels):
            if level > 2:
                card = suit * 16 + level
                lower = (*levels[:suit], level - 1, *levels[suit + 1:])
                if not settled_code(card, lower) and fits(downs, lower, committed | 1 << _index(card),
                                                          stacked=waste):
                    yield downs, lower, committed, stacked, undealt

    def _search_moves(self, position: Coarse) -> Iterator[Coarse]:
        """`moves`, but only the first move when it sends up a card that can never matter again
        (`_forced`): the searches (`lost`, `live`) then pass by every order of such moves."""
        forced = self._forced(position)
        return iter((forced,)) if forced is not None else self.moves(position)

    def _forced(self, position: Coarse) -> Coarse | None:
        """The coarse move that sends up a card that can never matter again, when one can (but
        not out of the undealt stock: that deals cards onto the waste): an ace, a two whose
        aces of the other colour are up, or a card `settled_code` passes.

        Whatever could lie on such a card is up (an ace holds nothing), and it keeps its test
        while no card it asks for comes down: the cards its test asks for (its suit below it, the
        other colour one rank lower and below, its own colour's other suit two lower and below)
        pass the test too, and a card that passes never comes down (nor does an ace or a two).

        Why every coarse win from `position` gives one after the move: replay the win keeping
        a set D, the cards up in the replay but not in the win (at first the card sent up),
        each passing its test at the replay's levels. The replay leaves out every move of a
        card of D; when the win takes down a card that passes the test at the replay's levels
        (one under a card of D does), that card joins D instead. Every other move is still a
        coarse move: in the win, a card of D holds only cards of D (what could lie on it is up
        in the replay), so the replay's cards still fit without them; the card under a pile's
        lowest face-up card of D has turned, which only adds a card that needs no parent; the
        stacked waste lacks the cards of D, which only frees the ones under them; a card taken
        down fails the test at the replay's levels too, so it is no card a card of D asks for
        (D keeps its tests) and none could lie on it. The replay fills the foundations in
        fewer moves; so a search that makes this move alone finds a win where there is one."""
        downs, levels, committed, stacked, undealt = position
        waste = -1  # worked out once a card passes
        for suit, level in enumerate(levels):
            if level == 13:
                continue
            card = suit * 16 + level + 1
            if level == 1:
                first, second = _OTHER_COLOUR[suit]
                if not (levels[first] and levels[second]):
                    continue  # a two that may still hold an ace
            elif level and not settled_code(card, levels):
                continue
            bit = 1 << _index(card)
            higher = (*levels[:suit], level + 1, *levels[suit + 1:])
            if waste < 0:
                waste = self._stacked_mask(stacked) | self._stacked_mask(undealt)
            if waste & bit:
                if stacked and stacked[-1] == card and self.fits(downs, higher, committed,
                                                                 stacked=waste & ~bit):
                    return downs, higher, committed, stacked[:-1], undealt
                continue
            face_down, _, _, _, lowest = self._layout(downs)
            if face_down & bit:
                continue
            emptied = lowest.get(card)
            from_stock = self.free_mask & bit and not committed & bit
            if (self.fits(downs, higher, committed, stacked=waste) if from_stock or emptied is not None
                    else self.fits(downs, levels, committed, top=bit, stacked=waste)):
                after = downs if emptied is None else (
                    *downs[:emptied], downs[emptied] - 1, *downs[emptied + 1:])
                return after, higher, committed & ~bit, stacked, undealt
        return None

    def lost(self, deadline: float, limit: int, stop: Callable[[], bool] | None = None) -> bool | None:
        """True: no coarse game from the start reaches a win, so it is lost. False: one does
        (the real game may still be lost). None: the time or `limit` positions ran out, or
        `stop()` turned true, first."""
        seen = dict([_place(self.start)])
        waiting = [self.start]
        countdown = _CHECK_EVERY
        while waiting:
            for child in self._search_moves(waiting.pop()):
                key, dealt = _place(child)
                before = seen.get(key)
                if before is not None and before <= dealt:
                    continue
                if child[1] == _FULL:
                    return False
                seen[key] = dealt
                waiting.append(child)
            countdown -= 1
            if countdown <= 0:
                countdown = _CHECK_EVERY
                if len(seen) >= limit or clock.now() >= deadline or (stop is not None and stop()):
                    return None
        return True

    def _stacked_mask(self, stacked: bytes) -> int:
        mask = self._stacked.get(stacked)
        if mask is None:
            if len(self._stacked) >= _KNOWN_KEPT:
                self._stacked.clear()
            mask = self._stacked[stacked] = sum(1 << _index(card) for card in stacked)
        return mask

    def committed(self, cycle: bytes, levels: tuple[int, ...]) -> int:
        """The cards from the stock that lie in the tableau, but those that go up soon: the
        cards from the stock neither still in its `cycle` (stock and waste) nor within
        `_SOON_UP` ranks of their foundation's top (which holds every card that went up)."""
        outside = self._outside.get(cycle)
        if outside is None:
            if len(self._outside) >= _KNOWN_KEPT:
                self._outside.clear()
            outside = self._outside[cycle] = self.free_mask & ~sum(1 << _index(card) for card in cycle)
        near = self._near.get(levels)
        if near is None:
            near = self._near[levels] = sum(((1 << min(level + _SOON_UP, 13)) - 1) << (suit * 13)
                                            for suit, level in enumerate(levels))
        return outside & ~near

    def live(self, position: Coarse, limit: int = _QUERY_KEPT) -> bool:
        """Whether a coarse game from `position` can reach a win (False: the real positions
        it stands for are lost): a depth-first search, cards going up first, that stops at
        positions already known, and (taking the position as able to win) after `limit`
        positions."""
        known = self._known
        self._credit += _CREDIT_PER_QUESTION
        found = known.get(position)
        if found is not None:
            return found
        if position[1] == _FULL:
            return True
        # A stacked question earns credit for each loss it proves (its answers are many and
        # each spares the real search what lies beyond it).
        earned = _CREDIT_PER_LOSS if position[3] or position[4] else 0
        if self._lost_below(position) or self._lost_with_less_waste(position):
            self._credit += earned
            return False
        if self._won_above(position):
            return True
        if self._credit <= 0:
            return True  # the test has cost more than it may; asked again later
        if len(known) >= _KNOWN_KEPT:
            known.clear()  # a bound on memory; what is forgotten is found again
            self._lost_masks.clear()
            self._won_masks.clear()
        key, dealt = _place(position)
        reached = {key: dealt}
        visited = [position]
        path = [position]
        branches = [self._search_moves(position)]
        while branches:
            child = next(branches[-1], None)
            if child is None:
                branches.pop()
                path.pop()
                continue
            key, dealt = _place(child)
            before = reached.get(key)
            if before is not None and before <= dealt:
                continue
            child_live = known.get(child)
            if child_live is False or (child_live is None and self._lost_below(child)):
                continue
            if child_live or child[1] == _FULL:
                for step in path:
                    known[step] = True
                    masks = self._won_masks.setdefault((step[0], step[1], step[3], step[4]), [])
                    _keep_widest(masks, step[2])
                self._credit -= len(reached)
                return True
            reached[key] = dealt
            visited.append(child)
            if len(reached) > limit:
                # Too large to settle here: taken as able to win (the real search goes on).
                known[position] = True
                self._credit -= len(reached)
                return True
            path.append(child)
            branches.append(self._search_moves(child))
        self._credit -= len(reached) - earned
        for lost_position in visited:  # all reached from a lost position: lost too
            known[lost_position] = False
            downs, levels, committed, stacked, undealt = lost_position
            _keep_narrowest(self._lost_masks.setdefault((downs, levels, stacked, undealt), []), committed)
        return False

    def out_of_credit(self) -> bool:
        """Whether `live` now answers "can win" without looking (see `_FIRST_CREDIT`)."""
        return self._credit <= 0

    def _lost_with_less_waste(self, position: Coarse) -> bool:
        """Whether the same position with fewer committed cards and only the lower part of
        this stacked waste (and the same undealt stock) is known to be lost (the cards over
        that part, stacked, can only do less than free)."""
        downs, levels, committed, stacked, undealt = position
        masks_of = self._lost_masks
        for length in range(len(stacked) - 1, -1, -1):
            masks = masks_of.get((downs, levels, stacked[:length], undealt))
            if masks and any(not mask & ~committed for mask in masks):
                return True
        return False

    def _won_above(self, position: Coarse) -> bool:
        """Whether the same position with more committed cards is known to reach a win."""
        masks = self._won_masks.get((position[0], position[1], position[3], position[4]))
        if masks:
            committed = position[2]
            return any(not committed & ~mask for mask in masks)
        return False

    def _lost_below(self, position: Coarse) -> bool:
        """Whether the same position with fewer committed cards is known to be lost (more
        committed cards only take moves away)."""
        masks = self._lost_masks.get((position[0], position[1], position[3], position[4]))
        if masks:
            committed = position[2]
            return any(not mask & ~committed for mask in masks)
        return False


def _place(position: Coarse) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int, bytes], int]:
    """A coarse position as (what it holds, how many cards of its stock's cycle are dealt): of
    two that hold the same, the one with fewer dealt can deal on to the other, so it can do all
    the other can."""
    downs, levels, committed, stacked, undealt = position
    return (downs, levels, committed, stacked + undealt), len(stacked)


def _keep_widest(masks: list[int], mask: int) -> None:
    """Add `mask` to `masks` unless one there holds it; drop those it holds, and the oldest
    beyond `_MASKS_KEPT` (looking through long lists would cost more than it saves)."""
    if any(not mask & ~other for other in masks):
        return
    masks[:] = [other for other in masks[-_MASKS_KEPT + 1:] if other & ~mask]
    masks.append(mask)


def _keep_narrowest(masks: list[int], mask: int) -> None:
    """Add `mask` to `masks` unless one there is within it; drop those it is within, and the
    oldest beyond `_MASKS_KEPT`."""
    if any(not other & ~mask for other in masks):
        return
    masks[:] = [other for other in masks[-_MASKS_KEPT + 1:] if mask & ~other]
    masks.append(mask)


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
