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
  in the waste reaches the other by clicking (`spent`: the cards in the waste);
- which foundation holds which suit: the foundations are alike.

What `children` leaves out, and why a win never needs it:
- clicks on the stock alone: a step is "click n times, then play the card the waste shows".
  A click changes nothing but the split and no other move looks at it, so any game can be
  reordered to click just before each play from the waste (clicks after the last play from
  the waste are of no use: a win has played every card of the stock);
- everything else while a card goes up safely (`safe_up`, which proves it): it goes up alone;
- the waste's card into the second or third of several empty piles (empty piles are alike).
"""

from __future__ import annotations

from collections.abc import Hashable

from aisle.engine import Action, Board, Card, Deal, Move
from aisle.kit.families.reserve_start import NO_HOME, ReservePosition, card_code, read_table
from aisle.solver.model import SolverModel

PILES = tuple(f"tableau-{n}" for n in range(1, 4))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: The position (aisle.kit.families.reserve_start).
State = ReservePosition
#: (source, count, target, clicks on the stock first); a source is a pile's index, RESERVE or
#: WASTE; a target a pile's index or UP.
Step = tuple[int, int, int, int]
RESERVE, WASTE, UP = 3, 4, 9
_TOP = 13
_SEPARATOR = b"\xff"


def below(rank: int) -> int:
    """The rank that lies on `rank` in a pile (round the corner: a 13 on a 1)."""
    return _TOP if rank == 1 else rank - 1


def safe_up(card: int, heights: bytes) -> bool:
    """Whether `card`, fitting its foundation, may go up at once with nothing else tried: once
    every card of the rank below it is up (the foundations never give one back), no card can
    ever be built on it. Take a win from the position with the card still in play: play the
    same win without the card's moves (a group it tops moves without it). Where the card would
    lie alone in a pile, that pile holds the reserve's top card instead (the reserve refills an
    emptied pile at once), and nothing covers it there (nothing lies on the card in the other
    game): when the win plays that card from the reserve, it is played from the pile, the next
    card of the reserve taking its place; when the win has the reserve refill another pile
    with it, that pile gets the next card of the reserve, and the two piles (alike) trade
    roles. With the reserve out, the pile is empty: one more than the other game has. (This
    holds where a pile is empty only once the reserve is out, as in play, where the reserve
    refills an emptied pile at once.) A base card never goes so: a 13 could lie on it."""
    rank = card & 15
    return rank != 1 and min(heights) >= rank - 1


class KansasModel(SolverModel[State, Step]):
    """Kansas for the solver (see the module's notes)."""

    #: No hunts: the exhaustive search gets the whole budget. Lost deals are the most, and
    #: their spaces take most of it (deal 3: 690,000 positions); its own order wins the deals
    #: it wins as soon as the hunts did (deal 18: 2,400 positions).
    hunt_shares = (0.0, 0.0)

    def __init__(self, board: Board, first: int) -> None:
        self.first = first
        #: The reserve's cards, bottom first: a position keeps only how many are left.
        self.reserve, self._start = read_table(board, first, PILES, FOUNDATIONS)

    def code(self, card: Card) -> int:
        """The card's code: its suit, and its rank counted from the base card."""
        return card_code(card, self.first)

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

    def _safe_step(self, state: State) -> Step | None:
        """A card that goes up safely from a pile, the reserve or the waste (as it shows): the
        next card of a suit among the lowest on the foundations (`safe_up`)."""
        piles, heights, reserve, cycle, shown, _ = state
        low = min(heights)
        if not low:
            return None  # a base card never goes up so
        if reserve and not all(piles):
            return None  # a position laid by hand: in play the reserve refills a pile at once
        wanted = [suit * 16 + low + 1 for suit in range(4) if heights[suit] == low]
        for index, pile in enumerate(piles):
            if pile and pile[-1] in wanted:
                return index, 1, UP, 0
        if reserve and self.reserve[reserve - 1] in wanted:
            return RESERVE, 1, UP, 0
        if shown and cycle[shown - 1] in wanted:
            return WASTE, 1, UP, 0
        return None

    def _onto_pile(self, state: State, source: int, count: int, target: int) -> State:
        """`_play` for a pile's cards onto another pile (the search's most common step)."""
        piles, heights, reserve, cycle, shown, homes = state
        changed = list(piles)
        pile = piles[source]
        changed[target] = piles[target] + pile[-count:]
        if count < len(pile):
            changed[source] = pile[:-count]
        elif reserve:
            changed[source] = self.reserve[reserve - 1:reserve]  # the reserve fills it at once
            reserve -= 1
        else:
            changed[source] = b""
        return tuple(changed), heights, reserve, cycle, shown, homes

    def children(self, state: State) -> list[tuple[Step, State]]:
        piles, heights, reserve, cycle, shown, _ = state
        safe = self._safe_step(state)
        if safe is not None:  # it goes up alone (see the module's notes)
            return [(safe, self._play(state, safe[0], 1, UP, shown))]
        # The rank each pile takes (0: none, an empty pile).
        wants = [below(pile[-1] & 15) if pile else 0 for pile in piles]
        empty = wants.index(0) if 0 in wants else -1
        # The steps, best first for the depth-first search: cards up from the reserve and the
        # piles, whole piles moved (the reserve refills them), the reserve's card onto a pile,
        # the waste's cards (fewest clicks first), then parts of piles moved.
        play, onto_pile = self._play, self._onto_pile
        first: list[tuple[Step, State]] = []
        whole: list[tuple[Step, State]] = []
        later: list[tuple[Step, State]] = []
        parts: list[tuple[Step, State]] = []
        for index, pile in enumerate(piles):
            length = len(pile)
            if not length:
                continue
            card = pile[-1]
            if heights[card >> 4] == (card & 15) - 1:
                first.append(((index, 1, UP, 0), play(state, index, 1, UP)))
            for target, rank in enumerate(wants):
                if target == index or not rank:
                    continue
                for count in range(1, length + 1):
                    if pile[-count] & 15 == rank:
                        kid = ((index, count, target, 0), onto_pile(state, index, count, target))
                        (whole if count == length else parts).append(kid)
        if reserve:
            card = self.reserve[reserve - 1]
            if heights[card >> 4] == (card & 15) - 1:
                first.append(((RESERVE, 1, UP, 0), play(state, RESERVE, 1, UP)))
            later += [((RESERVE, 1, target, 0), play(state, RESERVE, 1, target))
                      for target, rank in enumerate(wants) if rank == card & 15]
        for at in range(max(shown, 1), len(cycle) + 1):
            clicks = at - shown
            card = cycle[at - 1]
            rank = card & 15
            if heights[card >> 4] == rank - 1:
                later.append(((WASTE, 1, UP, clicks), play(state, WASTE, 1, UP, at)))
            for target, wanted in enumerate(wants):
                if wanted == rank:
                    later.append(((WASTE, 1, target, clicks), play(state, WASTE, 1, target, at)))
            if empty >= 0:
                later.append(((WASTE, 1, empty, clicks), play(state, WASTE, 1, empty, at)))
        return first + whole + later + parts

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
