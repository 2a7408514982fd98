"""Canfield on compact positions for the solver (`Canfield.solver_model`).

A card is a small int: suit index * 16 + its rank counted from the base card (1: the base rank,
13: the rank just below it), so that the foundations are built from 1 to 13 in every deal. The
piles then go round the corner from 1 down to 13 (a card of 13 lies on one of 1).

A position (`State`): the four piles (bytes, bottom first), each suit's height on the
foundations, how many cards are left in the reserve (its order never changes: only its top card
leaves), the stock and waste as one cycle (the waste from its bottom, then the stock in the
order it deals) with how many of it are in the waste, and (for the actions only) which
foundation holds each suit.

What the key leaves out, and why nothing is lost by it:
- which pile is which: the piles play alike, so they are sorted;
- the cycle's cards: they never change order (dealing and turning the waste keep it, a play
  only takes a card out), so they are the cards that are nowhere else;
- where the cycle is split, but for what that split can still reach: dealing three at a time
  through passes without end, splits at a multiple of three (and at the end) reach each other;
  another split (after a card was played from the waste) reaches every third place after it
  and then every multiple of three, so it is kept apart by its remainder, and of two the
  earlier one reaches all the later one does (`spent`).

What `children` leaves out, and why a win never needs it:
- clicks on the stock alone: a step is "deal n times, then play the card the waste shows".
  Dealing changes nothing but the split, so any game can be reordered to deal just before each
  play from the waste, with the fewest clicks that show the card (`spent` keeps the rest);
- everything else while a card goes up safely (docs/rules/canfield.md §4, the automatic moves:
  from the reserve or a pile's top, a card whose possible guests are all up for good): it goes
  up alone. The reserve's refill does not spoil the argument: the card's place is taken by the
  reserve's top card, which the winning game would have played from the reserve;
- a card taken down from a foundation that would go straight back up safely (the position
  before is the same), a whole pile moved onto an empty pile (the same key), and a run moved
  onto more than one empty pile (empty piles are alike).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import cache

from aisle.engine import Action, Board, Card, Deal, Move
from aisle.kit.families.reserve_start import NO_HOME, ReservePosition, card_code, read_table
from aisle.solver.model import SolverModel

PILES = tuple(f"tableau-{n}" for n in range(1, 5))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: The position (aisle.kit.families.reserve_start).
State = ReservePosition
#: (source, count, target, clicks on the stock first); a source is a pile's index, RESERVE,
#: WASTE or FROM_UP + suit; a target a pile's index or UP.
Step = tuple[int, int, int, int]
RESERVE, WASTE, FROM_UP, UP = 4, 5, 6, 9
_DRAW = 3
_TOP = 13
_SEPARATOR = b"\xff"

# Priorities of the steps (higher first), for the depth-first search.
_P_UP, _P_RESERVE, _P_EMPTY, _P_WASTE_UP, _P_WASTE, _P_PART, _P_DOWN = 90, 80, 70, 60, 50, 30, 10


def _red(card: int) -> bool:
    return (card >> 4) in (1, 2)  # diamonds and hearts


def _guests(card: int) -> tuple[int, int]:
    """The two cards that may lie on `card` in a pile: the other colour, one rank lower (round
    the corner: a 13 on a 1)."""
    rank = card & 15
    lower = _TOP if rank == 1 else rank - 1
    suits = (0, 3) if _red(card) else (1, 2)
    return suits[0] * 16 + lower, suits[1] * 16 + lower


#: card code -> the two codes that may lie on it.
GUESTS = {suit * 16 + rank: _guests(suit * 16 + rank) for suit in range(4) for rank in range(1, 14)}


def safe_up(card: int, heights: bytes) -> bool:
    """Whether `card`, fitting its foundation, can go up by itself (docs/rules/canfield.md §4):
    a 2 once both suits of the other colour have started, a higher card once both hold at least
    one less and the other suit of its colour two less; a base card never (it alone can hold a
    13)."""
    rank, suit = card & 15, card >> 4
    if rank == 1:
        return False
    first, second = (0, 3) if suit in (1, 2) else (1, 2)
    if rank == 2:
        return heights[first] >= 1 and heights[second] >= 1
    return heights[first] >= rank - 1 and heights[second] >= rank - 1 and heights[3 - suit] >= rank - 2


class CanfieldModel(SolverModel[State, Step]):
    """Canfield for the solver (see the module's notes)."""

    #: The two best-first hunts share most of the budget; the exhaustive search proves the
    #: small lost spaces at once (`proof_share`) and gets the rest.
    hunt_shares = (0.0, 0.95)
    proof_share = 0.02

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
        piles, heights, reserve, cycle, shown, _ = state
        split = shown % _DRAW if shown < len(cycle) else 0
        return _SEPARATOR.join(sorted(piles)) + heights + bytes((reserve, split))

    def spent(self, state: State) -> int:
        shown, total = state[4], len(state[3])
        return 0 if shown % _DRAW == 0 or shown == total else shown

    def won(self, state: State) -> bool:
        return sum(state[1]) == 52

    def estimate(self, state: State) -> int:
        """The cards not up, and the reserve's cards three times over: each must find a place
        before the piles can be emptied at will."""
        return (52 - sum(state[1])) + 3 * state[2]

    def estimate_with_piles(self, state: State) -> int:
        """The cards not up, the reserve's twice over, and half the piles' cards."""
        piles, heights, reserve = state[0], state[1], state[2]
        return (52 - sum(heights)) + 2 * reserve + sum(len(pile) for pile in piles) // 2

    def estimates(self) -> tuple[tuple[Callable[[State], int], float], ...]:
        """Both, in turn, the first for most of the time: each wins deals the other hunts for
        far longer (deals 1-100: by the first, deals 40, 86 and 97 within 120,000 positions and
        deal 74 in 394,000, deal 2 not in 300,000; by the second, deal 2 in 72,000, and not deals
        40, 86 and 97 in 150,000)."""
        return (self.estimate, 0.8), (self.estimate_with_piles, 0.2)

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
        elif source == WASTE:
            moving = cycle[at - 1:at]
            cycle, shown = cycle[:at - 1] + cycle[at:], at - 1
        else:
            suit = source - FROM_UP
            moving = bytes((suit * 16 + heights[suit],))
            heights = heights[:suit] + bytes((heights[suit] - 1,)) + heights[suit + 1:]
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
    @cache
    def _reach(shown: int, total: int) -> tuple[tuple[int, int, int], ...]:
        """Every split that clicks bring about with a card on the waste, from `shown` cards of
        `total` in the waste, with the fewest clicks and the steps' bonus for them (fewer
        first), in click order (a second turn of the waste shows nothing new)."""
        found: list[tuple[int, int, int]] = []
        seen: set[int] = set()
        split, clicks, turned = shown, 0, False
        while True:
            if split and split not in seen:
                seen.add(split)
                found.append((clicks, split, 3 if clicks == 0 else -min(clicks, 30) // 3))
            if split < total:
                split = min(split + _DRAW, total)
            elif not turned and total:
                split, turned = 0, True
            else:
                return tuple(found)
            clicks += 1

    @staticmethod
    def _takers(piles: Sequence[bytes]) -> tuple[dict[int, list[int]], int]:
        """Card -> the piles it may go onto now, and the first empty pile (-1: none)."""
        takers: dict[int, list[int]] = {}
        empty = -1
        for index, pile in enumerate(piles):
            if not pile:
                if empty < 0:
                    empty = index
                continue
            for guest in GUESTS[pile[-1]]:
                takers.setdefault(guest, []).append(index)
        return takers, empty

    def children(self, state: State) -> list[tuple[Step, State]]:
        piles, heights, reserve, cycle, _, _ = state
        # A card that goes up safely goes alone (see the module's notes).
        if reserve:
            card = self.reserve[reserve - 1]
            if heights[card >> 4] == (card & 15) - 1 and safe_up(card, heights):
                return [((RESERVE, 1, UP, 0), self._play(state, RESERVE, 1, UP))]
        for index, pile in enumerate(piles):
            if pile:
                card = pile[-1]
                if heights[card >> 4] == (card & 15) - 1 and safe_up(card, heights):
                    return [((index, 1, UP, 0), self._play(state, index, 1, UP))]
        takers, empty = self._takers(piles)
        # (priority, order, step, where the waste's card lies in the cycle)
        steps: list[tuple[int, int, Step, int]] = []

        def add(priority: int, step: Step, at: int = 0) -> None:
            steps.append((priority, len(steps), step, at))

        if reserve:
            card = self.reserve[reserve - 1]
            if heights[card >> 4] == (card & 15) - 1:
                add(_P_UP + 5, (RESERVE, 1, UP, 0))
            for target in takers.get(card, ()):
                add(_P_RESERVE, (RESERVE, 1, target, 0))
        for index, pile in enumerate(piles):
            length = len(pile)
            if not length:
                continue
            card = pile[-1]
            if heights[card >> 4] == (card & 15) - 1:
                add(_P_UP, (index, 1, UP, 0))
            for count in range(1, length + 1):
                card = pile[-count]
                whole = count == length
                priority = _P_EMPTY + (5 if reserve else 0) if whole else _P_PART
                for target in takers.get(card, ()):
                    if target != index:
                        add(priority, (index, count, target, 0))
                if empty >= 0 and not whole:
                    add(_P_PART, (index, count, empty, 0))
        for clicks, at, bonus in self._reach(state[4], len(cycle)):
            card = cycle[at - 1]
            if heights[card >> 4] == (card & 15) - 1:
                add(_P_WASTE_UP + bonus, (WASTE, 1, UP, clicks), at)
            for target in takers.get(card, ()):
                add(_P_WASTE + bonus, (WASTE, 1, target, clicks), at)
            if empty >= 0:
                add(_P_WASTE + bonus - 5, (WASTE, 1, empty, clicks), at)
        for suit in range(4):
            height = heights[suit]
            if height < 2:
                continue  # a base card never leaves its foundation
            card = suit * 16 + height
            if safe_up(card, heights[:suit] + bytes((height - 1,)) + heights[suit + 1:]):
                continue  # it would go straight back up
            targets = list(takers.get(card, ()))
            if empty >= 0:
                targets.append(empty)
            for target in targets:
                add(_P_DOWN, (FROM_UP + suit, 1, target, 0))
        steps.sort(key=lambda item: (-item[0], item[1]))
        play = self._play
        return [(step, play(state, step[0], step[1], step[2], at)) for _, _, step, at in steps]

    def _split_after(self, state: State, clicks: int) -> int:
        shown, total = state[4], len(state[3])
        for _ in range(clicks):
            shown = min(shown + _DRAW, total) if shown < total else 0
        return shown

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        source, count, target, clicks = step
        piles, heights, reserve, cycle, _, homes = state
        if source < RESERVE:
            name, card = PILES[source], piles[source][-count]
        elif source == RESERVE:
            name, card = "reserve", self.reserve[reserve - 1]
        elif source == WASTE:
            name, card = "waste", cycle[self._split_after(state, clicks) - 1]
        else:
            suit = source - FROM_UP
            name, card = FOUNDATIONS[homes[suit]], suit * 16 + heights[suit]
        if target == UP:
            home = homes[card >> 4]
            goal = FOUNDATIONS[home if home != NO_HOME else min(set(range(4)) - set(homes))]
        else:
            goal = PILES[target]
        return (*[Deal()] * clicks, Move(name, count, goal))

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles, heights, reserve, cycle, shown, homes = state
        found: list[tuple[Action, State]] = []
        empties = [index for index, pile in enumerate(piles) if not pile]

        def card_moves(name: str, source: int, card: int, count: int, at: int = 0) -> None:
            if count == 1 and heights[card >> 4] == (card & 15) - 1:
                free = [homes[card >> 4]] if card & 15 != 1 else sorted(set(range(4)) - set(homes))
                for home in free:
                    child = self._play(state, source, 1, UP, at, home)
                    found.append((Move(name, 1, FOUNDATIONS[home]), child))
            for target, pile in enumerate(piles):
                if target != source and (not pile or card in GUESTS[pile[-1]]):
                    child = self._play(state, source, count, target, at)
                    found.append((Move(name, count, PILES[target]), child))

        if shown:
            card_moves("waste", WASTE, cycle[shown - 1], 1, shown)
        if reserve:
            card_moves("reserve", RESERVE, self.reserve[reserve - 1], 1)
        for index, pile in enumerate(piles):
            for count in range(1, len(pile) + 1):
                card_moves(PILES[index], index, pile[-count], count)
        for suit in range(4):
            if heights[suit] >= 2:
                card = suit * 16 + heights[suit]
                takers = [index for index, pile in enumerate(piles) if pile and card in GUESTS[pile[-1]]]
                for target in [*empties, *takers]:
                    found.append((Move(FOUNDATIONS[homes[suit]], 1, PILES[target]),
                                  self._play(state, FROM_UP + suit, 1, target)))
        if cycle:
            turned = (*state[:4], min(shown + _DRAW, len(cycle)) if shown < len(cycle) else 0, homes)
            found.append((Deal(), turned))
        return found
