"""Forty Thieves on compact positions for the solver (`FortyThieves.solver_model`).

A card is a small int: suit index * 16 + rank (1: Ace, 13: King). The two decks' twin cards
share a code: they play alike. A card lies on a pile's top card one code higher (down in suit),
and goes up onto a foundation one code lower (an Ace onto an empty one).

A position (`State`): the ten piles (bytes, bottom first); each suit's two foundation heights,
the higher first (eight bytes); the stock and waste as one sequence (the waste from its bottom,
then the stock in the order it deals, by code) with how many of it are in the waste; and (for
the actions only) each foundation's top card, 0 while empty.

What the key leaves out, and why nothing is lost by it:
- which pile is which: the piles play alike (any card starts an empty one), so they are sorted;
- which foundation is which, and which twin lies where: they play alike;
- the split of the sequence: there is no redeal, so of two positions alike but for it, the one
  with fewer cards in the waste reaches the other by clicking (`spent`: the cards in the waste).

What the key does not merge, though it looks safe: two positions that one legal move joins and a
legal move back undoes (a pile's only card and the same card on its higher card, with that pile
empty; a card in sequence on one twin or the other). Each reaches all the other does, but the
search goes on from the one it keeps and its moves only: the move to the other leads to a key
already seen. With a pile's only card on its higher card, the emptied pile takes any top card; the
lone card's own position cannot make that move without passing through the other. Tried on
2026-12-06: deal 11 was "proved" lost after 4,500 positions instead of 299,000, and deals 36 and
49 too, by a search that had not looked at every position.

What the exhaustive search files as lost by pattern (`loss_patterns`, aisle.solver.lost_patterns):
positions alike in their piles, foundations and stock, and in their waste down to the lowest card
anything looked at (the steps play the waste's top card; the dead-end test reads down as far as
its cards can leave). The endgames come back again and again with another bottom of the waste
(the stock's cards played at other times), which they never reach.

What `children` leaves out, and why a win never needs it:
- clicks on the stock alone: a step is "click n times, then play the card the waste shows".
  A click changes nothing but the split and no other move looks at it, so any game can be
  reordered to click just before each play from the waste (clicks after the last play from
  the waste are of no use: a win has played every card of the stock);
- runs moved together: the rules move a run only as far as moving it one card at a time
  through the empty piles would (docs/rules/forty-thieves.md §3), so single cards reach every
  position a run's move reaches; likewise a run going up is its cards going up one by one;
- a click past a card of the stock that goes up safely (`safe_up`): the step that clicks up
  to that card and sends it up, then the same clicks and play, reach the same position but for
  that card, which is up instead of lying in the waste; and a position with a safe card up
  (anywhere: in the waste too) can do all the one with it in play can, as `safe_up` argues. Each
  such step left out has fewer cards in play behind it, so the steps left out never hide the
  only way to a win (with the stock's next safe card sent up at once, above, deals 1 and 11 of
  1-20 are proved lost in 225,000 and 299,000 positions, not 768,000 and 965,000);
- a card into the second or third of several empty piles (empty piles are alike), and a
  pile's only card into an empty pile (the same key);
- the other moves while a card may go up safely (`safe_up`, which proves it): every step is
  followed by the safe cards going up, as the step's own actions; the stock's next card too
  (dealt, then sent up): that position has the same waste and the card up, so it can do all
  the one before it can;
- everything, at a position the dead-end test proves lost (dead_ends.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from aisle.engine import Action, Board, Card, Deal, Move
from aisle.kit.remembered import Remembered
from aisle.solver.beam import LeveledModel
from aisle_forty_thieves.beam_estimates import WEIGHINGS, disorder, weighed
from aisle_forty_thieves.dead_ends import CODES as _CODES
from aisle_forty_thieves.dead_ends import lost, lost_and_floor
from aisle_forty_thieves.layout import FOUNDATION_IDS, PILE_IDS

#: (piles, heights by suit (higher, lower), the stock and waste by code, cards of it in the
#: waste, each foundation's top card)
State = tuple[tuple[bytes, ...], bytes, bytes, int, bytes]
#: (source, count, target, clicks on the stock first); a source is a pile's index or WASTE, a
#: target a pile's index or UP.
Step = tuple[int, int, int, int]
WASTE, UP = 10, 11
#: The source of a safe card `_settle` deals from the stock and sends up.
STOCK = 12
_SEPARATOR = b"\xff"
_HEIGHTS = b"\xfe"
_NO_SAFE = -1


def card_code(card: Card) -> int:
    """The card's code: its suit and rank (twins alike)."""
    return card.id % 52 // 13 * 16 + card.rank


def safe_up(card: int, heights: bytes) -> bool:
    """Whether `card` may go up at once with nothing else tried: it fits, and both cards one
    rank lower of its suit are up (the lower of the suit's two foundations is one rank below
    it, so the card fits there and the higher one holds both). Only those two cards could
    ever lie on it in a pile (down in suit), so it holds nothing a win needs; an Ace holds
    nothing at all. Take a win from the position with the card still in play and play it with
    the card's own moves left out: a card that would lie on it is up already; a pile it would
    lie alone in is empty instead (an empty pile takes whatever the win puts there, and runs
    move at least as far with more empty piles); the waste shows the card under it where the
    win shows it, which the win only clicks onto or plays from below it; and each card goes up
    where it went up in the win, its suit's foundations holding one more card (an Ace: one more
    foundation started) until the win sends this card up."""
    return heights[(card >> 4) * 2 + 1] == (card & 15) - 1


class FortyThievesModel(LeveledModel[State, Step]):
    """Forty Thieves for the solver (see the module's notes)."""

    def __init__(self, board: Board) -> None:
        tops = [0] * 8
        lengths = [[0, 0] for _ in range(4)]
        for index, slot in enumerate(FOUNDATION_IDS):
            cards = board.slot(slot).cards
            if cards:
                tops[index] = card_code(cards[-1])
                lengths[cards[-1].id % 52 // 13].append(len(cards))
        heights = bytes(height for pair in lengths for height in sorted(pair, reverse=True)[:2])
        waste = bytes(card_code(card) for card in board.slot("waste").cards)
        stock = bytes(card_code(card) for card in reversed(board.slot("stock").cards))
        piles = tuple(bytes(card_code(card) for card in board.slot(pile).cards) for pile in PILE_IDS)
        self._start: State = (piles, heights, waste + stock, len(waste), bytes(tops))
        self._costs: Remembered[bytes, int] = Remembered(_pile_cost)
        #: heights -> what each card code may do up there (`_fits`), looked up once per position
        #: instead of worked out for every card.
        self._fits: Remembered[bytes, bytes] = Remembered(_fits)
        #: heights -> the codes the foundations take next (`_wanted`).
        self._wanted: Remembered[bytes, tuple[int, ...]] = Remembered(_wanted)
        #: id of each child the last `hunch` sorted -> the child and its `_estimate`.
        self._scored: dict[int, tuple[State, int]] = {}
        #: The beam hunt's estimates (`beam_estimates`), made when it first asks.
        self._beam_estimates: list[Callable[[State], int]] = []

    # -- what the search asks ---------------------------------------------------------------
    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        return _SEPARATOR.join(sorted(state[0])) + _HEIGHTS + state[1] + state[2]

    def spent(self, state: State) -> int:
        return state[3]

    def won(self, state: State) -> bool:
        return sum(state[1]) == 104

    # -- the rules ----------------------------------------------------------------------------
    @staticmethod
    def _up(heights: bytes, tops: bytes, card: int) -> tuple[bytes, bytes]:
        """The heights and foundation tops after `card` goes up (it fits)."""
        rank, at = card & 15, (card >> 4) * 2
        if heights[at] != rank - 1:
            at += 1
        heights = heights[:at] + bytes((rank,)) + heights[at + 1:]
        home = tops.index(card - 1 if rank > 1 else 0)
        return heights, tops[:home] + bytes((card,)) + tops[home + 1:]

    def _play(self, state: State, source: int, count: int, target: int, at: int = 0) -> State:
        """The position after moving `count` cards from `source` to `target` (from the waste:
        the card `at` shows, the waste then holding the cards before it; up: one card)."""
        piles, heights, cycle, shown, tops = state
        changed = list(piles)
        if source == WASTE:
            moving = cycle[at - 1:at]
            cycle, shown = cycle[:at - 1] + cycle[at:], at - 1
        else:
            pile = piles[source]
            moving = pile[-count:]
            changed[source] = pile[:-count]
        if target == UP:
            heights, tops = self._up(heights, tops, moving[0])
        else:
            changed[target] += moving
        return tuple(changed), heights, cycle, shown, tops

    def _settle(self, state: State, moves: list[tuple[int, int]] | None = None) -> State:
        """`state` with every card that goes up safely gone up (`safe_up`), from the waste, the
        piles' tops and (with `stop_at_safe`) the stock's next card, until none is left; `moves`
        gets each (source, foundation index), STOCK for the stock's."""
        fits = self._fits
        while True:
            piles, heights, cycle, shown, tops = state
            safe = fits[heights]
            source = _NO_SAFE
            if shown and safe[cycle[shown - 1]] == _SAFE:
                source = WASTE
            else:
                for index, pile in enumerate(piles):
                    if pile and safe[pile[-1]] == _SAFE:
                        source = index
                        break
            at = shown
            if source == _NO_SAFE:
                if shown == len(cycle) or safe[cycle[shown]] != _SAFE or not self.stop_at_safe:
                    return state
                source, at = STOCK, shown + 1  # the stock's next card: dealt, then up
            if moves is not None:
                card = cycle[at - 1] if source >= WASTE else piles[source][-1]
                moves.append((source, tops.index(card - 1 if card & 15 > 1 else 0)))
            state = self._play(state, WASTE if source == STOCK else source, 1, UP, at)

    #: Whether `children` ends at the positions the dead-end test proves lost (dead_ends.py);
    #: the tests turn it off to check the test against the search without it.
    check_dead = True
    #: Whether `children` leaves out the steps that click past a card of the stock that goes up
    #: safely (see the module's notes); the tests turn it off to check the search without it.
    stop_at_safe = True
    #: Children best first by `estimate` (the hunch's are always): off, the exhaustive search
    #: looks at about a third more positions a second (its proofs see the same positions in any
    #: order), and its own order finds wins the best-first hunt misses (deal 12 of 1-20).
    sort_kids = False
    #: A short depth-first hunt with `hunch`, then best-first by each of `estimates`, as the
    #: kit's model (it won deals 6 and 13 in a few hundred positions); the exhaustive search
    #: gets the rest, 0.6 of the budget: since the safe cards go up from the stock too, the beam
    #: hunt wins deals 1-20 within 1.9 s, and proofs need the time (at 10 CPU s, deals 1 and 11
    #: proved lost in 8 and 9 s; with 0.35 for the best-first hunt and 0.3 for the beam hunt,
    #: neither was; of 21-60, deal 43 is proved lost too and no won deal is lost).
    hunt_shares = (0.05, 0.1)
    proof_share = 0.1
    #: The beam hunt (aisle.solver.beam, each card dealt a level) first of all: it wins most
    #: deals in a few thousand positions. Two positions a level at first, twice as many each
    #: round; in the last level (the stock dealt out) all that is left is to find the win.
    own_hunt_share = 0.25
    beam_first_width = 2
    beam_growth = 2
    beam_last_expansions = 3000

    def children(self, state: State) -> list[tuple[Step, State]]:
        kids = self._kids(state)
        if self.sort_kids:
            estimate = self.estimate
            kids.sort(key=lambda kid: estimate(kid[1]))
        return kids

    # -- lost patterns (aisle.solver.lost_patterns) -------------------------------------------
    #: The exhaustive search files what it proves lost by pattern: the same piles and
    #: foundations, the same stock and the same waste down to the lowest card anything looked
    #: at (its floor), whatever lies below. Deals 1, 11 and 43 are proved lost through 74,600,
    #: 149,900 and 60,100 positions instead of 225,400, 298,600 and 189,200.
    loss_patterns = True

    def children_and_floor(self, state: State) -> tuple[list[tuple[Step, State]], int]:
        """`children`, and how many cards at the waste's bottom neither the steps (they play
        its top card, or deal) nor the dead-end test looked at."""
        piles, heights, cycle, shown, _ = state
        floor = max(shown - 1, 0)
        if self.check_dead:
            dead, tested = lost_and_floor(piles, heights, cycle, shown)
            floor = min(floor, tested)
            if dead:
                return [], floor
        return self._kids(state, check=False), floor

    @staticmethod
    def pattern_bucket(state: State, key: Hashable) -> bytes:
        """The key without the waste and stock: the piles and the foundations."""
        assert isinstance(key, bytes)
        return key[:len(key) - len(state[2])]

    @staticmethod
    def loss_pattern(state: State, floor: int) -> tuple[bytes, int]:
        """The waste and stock above `floor`, and the cards left in the stock: a position with
        that top and no more cards left to deal has no other steps to try."""
        cycle = state[2]
        return cycle[floor:], len(cycle) - state[3]

    @staticmethod
    def fit_floor(state: State, pattern: tuple[bytes, int]) -> int | None:
        top, left = pattern
        cycle = state[2]
        if len(cycle) - state[3] <= left and cycle.endswith(top):
            return len(cycle) - len(top)
        return None

    def _kids(self, state: State, deals: bool = True, check: bool = True) -> list[tuple[Step, State]]:
        """The children in the order they are found (without `deals`: only those that deal no
        card from the stock; without `check`: the dead-end test was asked already)."""
        piles, heights, cycle, shown, _ = state
        if check and self.check_dead and lost(piles, heights, cycle, shown):
            return []
        if state is self._start:
            settled = self._settle(state)
            if settled is not state:  # the safe cards waiting at the start go up first
                return [((_NO_SAFE, 0, UP, 0), settled)]
        # The piles each card goes onto (their top is one code higher), the first empty one.
        takers: dict[int, list[int]] = {}
        empty = -1
        empties = 0
        for index, pile in enumerate(piles):
            if pile:
                top = pile[-1]
                if top & 15 > 1:
                    takers.setdefault(top - 1, []).append(index)
            else:
                empties += 1
                if empty < 0:
                    empty = index
        room, room_empty = 1 << empties, 1 << max(empties - 1, 0)
        fits = self._fits[heights]
        stop_at_safe = self.stop_at_safe
        steps: list[tuple[int, int, int, int, int]] = []  # the step and where the waste's card lies
        for index, pile in enumerate(piles):
            if not pile:
                continue
            card = pile[-1]
            if fits[card]:
                steps.append((index, 1, UP, 0, 0))
            for target in takers.get(card, ()):
                steps.append((index, 1, target, 0, 0))
            length = len(pile)
            if empty >= 0 and length > 1:
                steps.append((index, 1, empty, 0, 0))
            count = 1
            while count < length and count < room and pile[-count - 1] == pile[-count] + 1:
                count += 1  # a run moves as the empty piles let it (as its cards one by one)
                for target in takers.get(pile[-count], ()):
                    steps.append((index, count, target, 0, 0))
                if empty >= 0 and count <= room_empty and count < length:
                    steps.append((index, count, empty, 0, 0))
        for at in range(max(shown, 1), len(cycle) + 1 if deals else shown + 1):
            clicks = at - shown
            card = cycle[at - 1]
            if fits[card] == _SAFE and at > shown and stop_at_safe:
                steps.append((WASTE, 1, UP, clicks, at))
                break  # clicking past a safe card is no use: it goes up first (module notes)
            if fits[card]:
                steps.append((WASTE, 1, UP, clicks, at))
            for target in takers.get(card, ()):
                steps.append((WASTE, 1, target, clicks, at))
            if empty >= 0:
                steps.append((WASTE, 1, empty, clicks, at))
        play, settle = self._play, self._settle
        return [((source, count, target, clicks), settle(play(state, source, count, target, at)))
                for source, count, target, clicks, at in steps]

    #: How the best-first hunt's share is split between `estimate` and `estimate_by_waste`
    #: (alone, each wins deals the other misses: of 1-20, deals 3 and 8 only the second).
    estimate_parts = (0.25, 0.75)
    #: What `estimate_by_waste` adds for each card in the waste.
    waste_weight = 2

    def estimates(self) -> Sequence[tuple[Callable[[State], int | None], float]]:
        plain, by_waste = self.estimate_parts
        return ((self.estimate, plain), (self.estimate_by_waste, by_waste))

    def estimate_by_waste(self, state: State) -> int:
        """`estimate`, and a little more for each card in the waste: a card there leaves only
        from the top, so a hunt that deals fewer cards it cannot play keeps more ways open."""
        return self.estimate(state) + self.waste_weight * state[3]

    def _estimate(self, state: State) -> int:
        """The kit's weights (aisle.kit.solver_estimate): 6 for each card in play, 2 for each
        card out of sequence or above a lower card of its suit (the waste weighed as a pile: it
        is never turned back), 8 less for each empty pile, 2 for each card above the next cards
        the foundations take."""
        piles, heights, cycle, shown, _ = state
        costs = self._costs
        total = sum(map(costs.__getitem__, piles)) - 8 * piles.count(b"")
        if shown:
            total += costs[cycle[:shown]]
        layout = _SEPARATOR.join(piles)
        depth = 0
        find = layout.find
        for code in self._wanted[heights]:
            at = find(code)
            if at >= 0:
                end = find(_SEPARATOR, at)
                depth += (len(layout) if end < 0 else end) - at - 1
        return total + 6 * (len(cycle) - shown) + 2 * depth

    def hunch(self, state: State) -> list[tuple[Step, State]]:
        """The children but a card (or part of a run) taken off the card it lies in sequence
        on into an empty pile with nothing going up (a hunch, as the kit's), best first."""
        kept = self._hunched(state, self._kids(state))
        work_out = self._estimate
        scored = {id(child): (child, work_out(child)) for _, child in kept}
        self._scored = scored
        kept.sort(key=lambda kid: scored[id(kid[1])][1])
        return kept

    def level_steps(self, state: State) -> list[tuple[Step, State]]:
        """The hunch's steps that deal no card from the stock, in the order they are found
        (for the beam hunt, aisle.solver.beam: each card dealt begins a level)."""
        return self._hunched(state, self._kids(state, deals=False))

    def next_level(self, state: State) -> tuple[Step, State] | None:
        """The step that clicks the stock once, and the position after it (None: the stock is
        dealt out)."""
        piles, heights, cycle, shown, tops = state
        if shown == len(cycle):
            return None
        return (_NO_SAFE, 0, UP, 1), self._settle((piles, heights, cycle, shown + 1, tops))

    def has_next_level(self, state: State) -> bool:
        return state[3] < len(state[2])

    def played(self, state: State, step: Step) -> State:
        if step[0] == _NO_SAFE and step[3]:
            clicked = self.next_level(state)
            assert clicked is not None
            return clicked[1]
        return next(child for done, child in self.level_steps(state) if done == step)

    def beam_estimates(self) -> list[Callable[[State], int]]:
        """One estimate for each of the hunt's weighings (aisle_forty_thieves.beam_estimates)."""
        if not self._beam_estimates:
            self._beam_estimates = [weighed(self, weighing) for weighing in WEIGHINGS]
        return self._beam_estimates

    def beam_over(self) -> None:
        self._beam_estimates = []  # six tables of pile figures, up to 200,000 entries each

    @staticmethod
    def _hunched(state: State, kids: list[tuple[Step, State]]) -> list[tuple[Step, State]]:
        """`kids` but those the hunch leaves out (see `hunch`)."""
        piles = state[0]
        kept = []
        for step, child in kids:
            source, count, target = step[0], step[1], step[2]
            if 0 <= source < WASTE and target != UP and not piles[target] and child[1] == state[1]:
                pile = piles[source]
                if len(pile) > count and pile[-count - 1] == pile[-count] + 1:
                    continue
            kept.append((step, child))
        return kept

    def wanted(self, heights: bytes) -> tuple[int, ...]:
        """The codes the foundations at `heights` take next (a suit's twice only once)."""
        return self._wanted[heights]

    def estimate(self, state: State) -> int:
        """`_estimate`; for the children the last `hunch` sorted, the figure it worked out (the
        best-first hunt asks for each of them right after: it would work each out twice)."""
        known = self._scored.get(id(state))
        if known is not None and known[0] is state:
            return known[1]
        return self._estimate(state)

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        source, count, target, clicks = step
        piles, heights, cycle, shown, tops = state
        actions: list[Action] = [Deal()] * clicks
        if source == _NO_SAFE:  # clicks alone (`next_level`), or none at the start: the safe cards follow
            state = (piles, heights, cycle, shown + clicks, tops)
        else:
            at = shown + clicks
            card = cycle[at - 1] if source == WASTE else piles[source][-count]
            name = "waste" if source == WASTE else PILE_IDS[source]
            if target == UP:
                actions.append(Move(name, 1, FOUNDATION_IDS[tops.index(card - 1 if card & 15 > 1 else 0)]))
            else:
                actions.append(Move(name, count, PILE_IDS[target]))
            state = self._play(state, source, count, target, at)
        moves: list[tuple[int, int]] = []
        self._settle(state, moves)
        for source, home in moves:
            if source == STOCK:
                actions.append(Deal())
            actions.append(Move("waste" if source >= WASTE else PILE_IDS[source], 1, FOUNDATION_IDS[home]))
        return tuple(actions)

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles, heights, cycle, shown, tops = state
        found: list[tuple[Action, State]] = []
        empties = [index for index, pile in enumerate(piles) if not pile]

        def homes(card: int) -> list[int]:
            wanted = card - 1 if card & 15 > 1 else 0
            return [index for index, top in enumerate(tops) if top == wanted]

        if shown:
            card = cycle[shown - 1]
            for home in homes(card):
                child = self._play(state, WASTE, 1, UP, shown)
                found.append((Move("waste", 1, FOUNDATION_IDS[home]), (*child[:4], _onto(tops, home, card))))
            for target, pile in enumerate(piles):
                if not pile or pile[-1] == card + 1:
                    child = self._play(state, WASTE, 1, target, shown)
                    found.append((Move("waste", 1, PILE_IDS[target]), child))
        for index, pile in enumerate(piles):
            if not pile:
                continue
            run = 1
            while run < len(pile) and pile[-run - 1] == pile[-run] + 1:
                run += 1
            for count in range(1, run + 1):
                moved = pile[-count:]
                for home in homes(pile[-1]):
                    up = _lifted(state, index, count, home)
                    found.append((Move(PILE_IDS[index], count, FOUNDATION_IDS[home]), up))
                for target, onto in enumerate(piles):
                    if target == index:
                        continue
                    room = 1 << max(len(empties) - (0 if onto else 1), 0)
                    if count <= room and (not onto or onto[-1] == moved[0] + 1):
                        changed = list(piles)
                        changed[index], changed[target] = pile[:-count], onto + moved
                        found.append((Move(PILE_IDS[index], count, PILE_IDS[target]),
                                      (tuple(changed), heights, cycle, shown, tops)))
        if shown < len(cycle):
            found.append((Deal(), (piles, heights, cycle, shown + 1, tops)))
        return found


def _onto(tops: bytes, home: int, card: int) -> bytes:
    return tops[:home] + bytes((card,)) + tops[home + 1:]


def _lifted(state: State, index: int, count: int, home: int) -> State:
    """The position after the top `count` cards of pile `index` go up onto foundation `home`
    (the top card fits there; the run follows it, the foundation running upward)."""
    piles, heights, cycle, shown, tops = state
    pile = piles[index]
    top = pile[-1]
    last = top + count - 1
    suit, rank = (top >> 4) * 2, top & 15
    at = suit if heights[suit] == rank - 1 else suit + 1
    other = heights[suit + 1] if at == suit else heights[suit]
    high, low = max(last & 15, other), min(last & 15, other)
    heights = heights[:suit] + bytes((high, low)) + heights[suit + 2:]
    changed = list(piles)
    changed[index] = pile[:-count]
    return tuple(changed), heights, cycle, shown, _onto(tops, home, last)


#: What `_fits` says of a card: it goes up on neither foundation of its suit, on one, or
#: safely (`safe_up`).
_NO_FIT, _FITS, _SAFE = 0, 1, 2


def _fits(heights: bytes) -> bytes:
    """For each card code, whether it goes up with the foundations at `heights` (`_FITS`),
    safely (`_SAFE`) or not at all."""
    table = bytearray(_CODES)
    for suit in range(4):
        high, low = heights[2 * suit], heights[2 * suit + 1]
        if high < 13:
            table[suit * 16 + high + 1] = _FITS
        if low < 13:
            table[suit * 16 + low + 1] = _SAFE
    return bytes(table)


def _wanted(heights: bytes) -> tuple[int, ...]:
    """The codes the foundations at `heights` take next (a suit's twice only once)."""
    return tuple(sorted({suit * 16 + height + 1 for suit in range(4)
                         for height in heights[2 * suit:2 * suit + 2] if height < 13}))


def _pile_cost(pile: bytes) -> int:
    """A pile's (or the waste's) share of `FortyThievesModel.estimate`: 6 for each card, 2 for
    each out of sequence and 2 for each above a lower card of its suit."""
    return 6 * len(pile) + disorder(pile, 2, 2)
