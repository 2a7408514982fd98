"""Kansas on compact positions for the solver (`Kansas.solver_model`).

A card is a small int: suit index * 16 + its rank counted from the base card (1: the base rank,
13: the rank just below it), so that the foundations are built from 1 to 13 in every deal. The
piles are built down whatever the suit and round the corner, so a card of rank r lies on any
card of rank r + 1 (and a 13 on a 1).

A position (`State`): the three piles (bytes, bottom first), each suit's height on the
foundations, how many cards are left in the reserve (its order never changes: only its top card
leaves), the stock and waste as one sequence (the waste from its bottom, then the stock in the
order it deals) with how many of it are in the waste, and (for the actions only) which
foundation holds each suit.

What the key leaves out, and why nothing is lost by it:
- which pile is which: the piles play alike (each is refilled from the reserve when emptied,
  each takes the waste's card once empty), so they are sorted;
- the sequence's cards: they never change order (a click moves the split, a play only takes a
  card out), so they are the cards that are nowhere else;
- the split: there is no redeal, so of two positions alike but for it, the one with fewer cards
  in the waste reaches the other by clicking (`spent`: the cards in the waste).

What `children` leaves out, and why a win never needs it:
- clicks on the stock alone: a step is "click n times, then play the card the waste shows".
  A click changes nothing but the split and no other move looks at it, so any game can be
  reordered to click just before each play from the waste (clicks after the last play from
  the waste are of no use: a win has played every card of the stock);
- everything else while a card goes up safely (`safe_up`): it goes up alone;
- the waste's card into the second or third of several empty piles (empty piles are alike).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from aisle.engine import Action, Board, Card, Deal, Move
from aisle.kit.remembered import Remembered
from aisle.solver.model import SolverModel

PILES = tuple(f"tableau-{n}" for n in range(1, 4))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: (piles, heights by suit, cards left in the reserve, the stock and waste, cards of it in the
#: waste, the foundation of each suit (NO_HOME: none yet)).
State = tuple[tuple[bytes, ...], bytes, int, bytes, int, bytes]
#: (source, count, target, clicks on the stock first); a source is a pile's index, RESERVE or
#: WASTE; a target a pile's index or UP.
Step = tuple[int, int, int, int]
RESERVE, WASTE, UP = 3, 4, 9
NO_HOME = 255
_TOP = 13
_SEPARATOR = b"\xff"

# The estimate's weights (as the kit's, aisle/kit/solver_estimate.py): each card not up; each
# card not in sequence on the card below it in a pile; each card above a lower card of its suit
# in a pile, the reserve or the waste; each empty pile (less).
_IN_PLAY, _BREAK, _BLOCKING, _EMPTY = 6, 2, 2, 8


def below(rank: int) -> int:
    """The rank that lies on `rank` in a pile (round the corner: a 13 on a 1)."""
    return _TOP if rank == 1 else rank - 1


def in_sequence(upper: int, lower: int) -> bool:
    """Whether `upper` lies in sequence on `lower` (one rank lower, whatever the suit)."""
    return below(lower & 15) == upper & 15


def stack_cost(cards: bytes, breaks: bool) -> int:
    """A pile's, the reserve's or the waste's share of the estimate (bottom first)."""
    lowest = [99, 99, 99, 99]
    cost = _IN_PLAY * len(cards)
    under = -1
    for card in cards:
        suit, rank = card >> 4, card & 15
        if breaks and under >= 0 and not in_sequence(card, under):
            cost += _BREAK
        if lowest[suit] < rank:
            cost += _BLOCKING
        else:
            lowest[suit] = rank
        under = card
    return cost if cards else -_EMPTY


def safe_up(card: int, heights: bytes) -> bool:
    """Whether `card`, fitting its foundation, can go up by itself: once every card of the rank
    below it is up, no card can ever be built on it (the foundations never give a card back),
    so it is of no use in play. Its going up leaves the rest as it was, but for the place it
    leaves: a pile it empties is refilled from the reserve, and the reserve's card, alone
    there with nothing that could cover it while it waits, does all it would have done from
    the reserve; with the reserve empty, the pile stays empty, one more than the game with
    the card had. A base card never goes so (a 13 on its pile needs its own suit complete)."""
    rank = card & 15
    return rank != 1 and min(heights) >= rank - 1


class KansasModel(SolverModel[State, Step]):
    """Kansas for the solver (see the module's notes)."""

    #: A depth-first hunt on the hunch and a best-first one; the exhaustive search proves the
    #: small lost spaces at once (`proof_share`) and gets the rest.
    hunt_shares = (0.3, 0.3)
    proof_share = 0.1

    def __init__(self, board: Board, first: int) -> None:
        self.first = first
        piles = tuple(bytes(self.code(card) for card in board.slot(pile).cards) for pile in PILES)
        heights = [0, 0, 0, 0]
        homes = [NO_HOME] * 4
        for index, slot in enumerate(FOUNDATIONS):
            cards = board.slot(slot).cards
            if cards:
                suit = cards[-1].id % 52 // 13
                heights[suit], homes[suit] = len(cards), index
        #: The reserve's cards, bottom first: a position keeps only how many are left.
        self.reserve = bytes(self.code(card) for card in board.slot("reserve").cards)
        waste = bytes(self.code(card) for card in board.slot("waste").cards)
        stock = bytes(self.code(card) for card in reversed(board.slot("stock").cards))
        self._start: State = (piles, bytes(heights), len(self.reserve), waste + stock, len(waste),
                              bytes(homes))
        self._pile_costs: Remembered[bytes, int] = Remembered(lambda pile: stack_cost(pile, True))
        self._waste_costs: Remembered[bytes, int] = Remembered(lambda waste: stack_cost(waste, False))
        #: The reserve's share of the estimate, by the cards left in it.
        self._reserve_costs = [stack_cost(self.reserve[:left], False) if left else 0
                               for left in range(len(self.reserve) + 1)]

    def code(self, card: Card) -> int:
        """The card's code: its suit, and its rank counted from the base card."""
        return card.id % 52 // 13 * 16 + (card.rank - self.first) % 13 + 1

    # -- what the search asks ---------------------------------------------------------------
    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        piles, heights, reserve = state[0], state[1], state[2]
        return _SEPARATOR.join(sorted(piles)) + heights + bytes((reserve,))

    def spent(self, state: State) -> int:
        return state[4]

    def won(self, state: State) -> bool:
        return sum(state[1]) == 52

    def estimate(self, state: State) -> int:
        """Each card not up, more for a card out of sequence in a pile or above a lower card
        of its suit, less for an empty pile (the weights of the kit's estimate)."""
        piles, _, reserve, cycle, shown, _ = state
        costs = self._pile_costs
        return (costs[piles[0]] + costs[piles[1]] + costs[piles[2]] + self._reserve_costs[reserve]
                + self._waste_costs[cycle[:shown]] + _IN_PLAY * (len(cycle) - shown))

    # -- the rules ----------------------------------------------------------------------------
    def _play(self, state: State, source: int, count: int, target: int, at: int = 0,
              home: int = NO_HOME) -> State:
        """The position after moving `count` cards from `source` to `target` (from the waste:
        the card `at` shows, the waste then holding the cards before it; up: onto its suit's
        foundation, or `home`, or the first free one), the reserve refilling an emptied pile."""
        piles, heights, reserve, cycle, shown, homes = state
        changed = list(piles)
        if source < RESERVE:
            moving = changed[source][-count:]
            changed[source] = changed[source][:-count]
        elif source == RESERVE:
            moving = self.reserve[reserve - 1:reserve]
            reserve -= 1
        else:
            moving = cycle[at - 1:at]
            cycle, shown = cycle[:at - 1] + cycle[at:], at - 1
        if target == UP:
            card = moving[0]
            suit = card >> 4
            heights = heights[:suit] + bytes((card & 15,)) + heights[suit + 1:]
            if homes[suit] == NO_HOME:
                free = home if home != NO_HOME else min(set(range(4)) - set(homes))
                homes = homes[:suit] + bytes((free,)) + homes[suit + 1:]
        else:
            changed[target] += moving
        if source < RESERVE and not changed[source] and reserve:
            changed[source] = self.reserve[reserve - 1:reserve]  # the reserve fills it at once
            reserve -= 1
        return tuple(changed), heights, reserve, cycle, shown, homes

    @staticmethod
    def _takers(piles: Sequence[bytes]) -> tuple[list[list[int]], int]:
        """Rank -> the piles a card of that rank may go onto now, and the first empty pile
        (-1: none)."""
        takers: list[list[int]] = [[] for _ in range(_TOP + 1)]
        empty = -1
        for index, pile in enumerate(piles):
            if pile:
                takers[below(pile[-1] & 15)].append(index)
            elif empty < 0:
                empty = index
        return takers, empty

    def _safe_step(self, state: State) -> Step | None:
        """A card that goes up safely from a pile, the reserve or the waste (as it shows): the
        next card of a suit among the lowest on the foundations (`safe_up`)."""
        piles, heights, reserve, cycle, shown, _ = state
        low = min(heights)
        if not low:
            return None  # a base card never goes up so
        wanted = [suit * 16 + low + 1 for suit in range(4) if heights[suit] == low]
        for index, pile in enumerate(piles):
            if pile and pile[-1] in wanted:
                return index, 1, UP, 0
        if reserve and self.reserve[reserve - 1] in wanted:
            return RESERVE, 1, UP, 0
        if shown and cycle[shown - 1] in wanted:
            return WASTE, 1, UP, 0
        return None

    def children(self, state: State) -> list[tuple[Step, State]]:
        piles, heights, reserve, cycle, shown, _ = state
        safe = self._safe_step(state)
        if safe is not None:  # it goes up alone (see the module's notes)
            return [(safe, self._play(state, safe[0], 1, UP, shown))]
        takers, empty = self._takers(piles)
        # The steps, best first for the depth-first search: cards up from the reserve and the
        # piles, the reserve's card onto a pile, whole piles moved (the reserve refills them),
        # the waste's cards (fewest clicks first), then parts of piles moved.
        play = self._play
        first: list[tuple[Step, State]] = []
        later: list[tuple[Step, State]] = []
        whole: list[tuple[Step, State]] = []
        parts: list[tuple[Step, State]] = []
        if reserve:
            card = self.reserve[reserve - 1]
            if heights[card >> 4] == (card & 15) - 1:
                first.append(((RESERVE, 1, UP, 0), play(state, RESERVE, 1, UP)))
            later += [((RESERVE, 1, target, 0), play(state, RESERVE, 1, target))
                      for target in takers[card & 15]]
        for index, pile in enumerate(piles):
            length = len(pile)
            if not length:
                continue
            card = pile[-1]
            if heights[card >> 4] == (card & 15) - 1:
                first.append(((index, 1, UP, 0), play(state, index, 1, UP)))
            for count in range(1, length + 1):
                for target in takers[pile[-count] & 15]:
                    if target != index:
                        kid = ((index, count, target, 0), play(state, index, count, target))
                        (whole if count == length else parts).append(kid)
        for at in range(max(shown, 1), len(cycle) + 1):
            clicks = at - shown
            card = cycle[at - 1]
            if heights[card >> 4] == (card & 15) - 1:
                later.append(((WASTE, 1, UP, clicks), play(state, WASTE, 1, UP, at)))
            for target in takers[card & 15]:
                later.append(((WASTE, 1, target, clicks), play(state, WASTE, 1, target, at)))
            if empty >= 0:
                later.append(((WASTE, 1, empty, clicks), play(state, WASTE, 1, empty, at)))
        return first + whole + later + parts

    def hunch(self, state: State) -> list[tuple[Step, State]]:
        """The steps, less those that take cards off a card of a pile they lie in sequence on
        (such a move seldom helps), the most promising first."""
        piles = state[0]
        kept = [(step, child) for step, child in self.children(state)
                if not (step[0] < RESERVE and step[1] < len(piles[step[0]])
                        and in_sequence(piles[step[0]][-step[1]], piles[step[0]][-step[1] - 1]))]
        kept.sort(key=lambda kid: self.estimate(kid[1]))
        return kept

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        source, count, target, clicks = step
        piles, _, reserve, cycle, shown, homes = state
        if source < RESERVE:
            name, card = PILES[source], piles[source][-count]
        elif source == RESERVE:
            name, card = "reserve", self.reserve[reserve - 1]
        else:
            name, card = "waste", cycle[shown + clicks - 1]
        if target == UP:
            home = homes[card >> 4]
            goal = FOUNDATIONS[home if home != NO_HOME else min(set(range(4)) - set(homes))]
        else:
            goal = PILES[target]
        return (*[Deal()] * clicks, Move(name, count, goal))

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles, heights, reserve, cycle, shown, homes = state
        found: list[tuple[Action, State]] = []

        def card_moves(name: str, source: int, card: int, count: int, at: int = 0) -> None:
            if count == 1 and heights[card >> 4] == (card & 15) - 1:
                free = [homes[card >> 4]] if card & 15 != 1 else sorted(set(range(4)) - set(homes))
                for home in free:
                    child = self._play(state, source, 1, UP, at, home)
                    found.append((Move(name, 1, FOUNDATIONS[home]), child))
            for target, pile in enumerate(piles):
                # Only the waste's card goes into an empty pile.
                fits = below(pile[-1] & 15) == card & 15 if pile else source == WASTE
                if target != source and fits:
                    child = self._play(state, source, count, target, at)
                    found.append((Move(name, count, PILES[target]), child))

        if shown:
            card_moves("waste", WASTE, cycle[shown - 1], 1, shown)
        if reserve:
            card_moves("reserve", RESERVE, self.reserve[reserve - 1], 1)
        for index, pile in enumerate(piles):
            for count in range(1, len(pile) + 1):
                card_moves(PILES[index], index, pile[-count], count)
        if shown < len(cycle):
            found.append((Deal(), (*state[:4], shown + 1, homes)))
        return found
