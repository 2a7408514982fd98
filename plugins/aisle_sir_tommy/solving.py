"""Sir Tommy on compact positions for the solver (`SirTommy.solver_model`).

Suits play no part (the foundations take any suit, the piles any card), so cards are ranks. A
position (`State`) holds the four piles' ranks (bottom first) and the foundations' top ranks (0:
empty), both in table order, the waste's rank (0: empty) and the stock in the order it deals.

Piles with the same cards are alike, and so are foundations with the same top: the key sorts
them, and one of each is tried. A card that fits a foundation goes up alone, as the one step,
when the foundations waiting for its rank are at least as many as its rank's cards still out
(`_safe_up`): every such card then finds a foundation whenever it comes free, whatever is
played, so any win from the position with the card still out is a win from the one with it up
(the card's place is free sooner, and nothing else changes). Other cards going up are steps
like any other: two cards of a rank may compete for a foundation, and which one goes first
decides which pile comes free.

A step after which the piles can never be cleared (`clearing.py`: no order of taking their cards
up works, even with every card of the stock free to go up at any time) is a dead end, and not
tried. Once the stock and the waste are empty, that test is exact. The hunts keep to stricter tests
(`clears_eagerly`, `clears_greedily`), which cut positions that may be won but find wins far
sooner: a hunt never answers "lost".
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from itertools import pairwise

from aisle.engine import Action, Board, Deal, Move
from aisle.solver.beam import LeveledModel
from aisle_sir_tommy.clearing import clearable, clears_eagerly, clears_greedily

PILES = tuple(f"tableau-{n}" for n in range(1, 5))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: (piles, foundations' tops, waste, stock in dealing order)
State = tuple[tuple[bytes, ...], bytes, int, bytes]
#: (source: a pile's index or WASTE, target: a pile's index or a foundation's index + UP), or
#: DEAL for a click on the stock.
Step = tuple[int, int]
WASTE = -1
UP = 4
DEAL: Step = (-2, -2)
_KING = 13
_KINGS = bytes((_KING,))
_DECKS = 1
#: A clearing test (`clearing.py`): the piles, the ranks of the cards neither on them nor up.
Clearing = Callable[[tuple[bytes, ...], bytes], bool]


class TommyModel(LeveledModel[State, Step]):
    """Sir Tommy for the solver (see the module's notes)."""

    #: Most of the budget to the two hunts (the eager hunch, then the greedy one of `light`):
    #: the wins of deals 1-20 come from them within seconds, while the exhaustive search,
    #: every position costing a clearing test, proves no whole deal lost in 10 s.
    hunt_shares = (0.3, 0.1)
    light_share = 0.3
    #: The beam hunt (aisle.solver.beam, each card dealt a level) first: deals 1-20 at 10 s
    #: won 12, median 1.9 s (without it 9, median 10 s; deal 5 won at 0.45 s, was 32 s).
    own_hunt_share = 0.3

    def __init__(self, board: Board) -> None:
        piles = tuple(bytes(card.rank for card in board.slot(pile).cards) for pile in PILES)
        found = bytes(cards[-1].rank if (cards := board.slot(slot).cards) else 0 for slot in FOUNDATIONS)
        waste = board.slot("waste").cards
        if len(waste) > 1:
            raise ValueError("the waste holds one card at most")
        stock = bytes(card.rank for card in reversed(board.slot("stock").cards))
        self._start: State = (piles, found, waste[-1].rank if waste else 0, stock)

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        """Piles and foundations sorted (alike), the waste, and how many cards the stock has
        left (its cards follow: it only ever gives its top one). Kings at the bottom of a pile
        are left out: such a King covers nothing, no rank waits for Kings, and it can always go
        up last (once every other card is up, every foundation shows a Queen), so a pile over
        it plays as the same pile with no King under it (an empty pile takes the same cards).
        How many Kings were left out follows from the rest: every card is up, on a pile, on the
        waste or in the stock."""
        piles, found, waste, stock = state
        return tuple(sorted(pile.lstrip(_KINGS) for pile in piles)), bytes(sorted(found)), waste, len(stock)

    def won(self, state: State) -> bool:
        return all(top == _KING for top in state[1])

    def estimate(self, state: State) -> int:
        """The cards not up, and those lying on a lower card in a pile (each waits for it)."""
        piles, found = state[0], state[1]
        buried = sum(1 for pile in piles for lower, upper in pairwise(pile) if upper > lower)
        return 52 - sum(found) + 2 * buried

    # -- the rules ----------------------------------------------------------------------------
    def _fits(self, found: bytes, rank: int) -> int:
        """The first foundation taking `rank`, or -1."""
        return found.find(rank - 1) if rank > 1 else found.find(0)

    def _move(self, state: State, source: int, target: int) -> State:
        piles, found, waste, stock = state
        if source == WASTE:
            rank, waste = waste, 0
        else:
            rank = piles[source][-1]
            piles = (*piles[:source], piles[source][:-1], *piles[source + 1:])
        if target >= UP:
            index = target - UP
            found = found[:index] + bytes((rank,)) + found[index + 1:]
        else:
            piles = (*piles[:target], piles[target] + bytes((rank,)), *piles[target + 1:])
        return piles, found, waste, stock

    @staticmethod
    def _deal(state: State) -> State:
        piles, found, _, stock = state
        return piles, found, stock[0], stock[1:]

    def _ups(self, state: State) -> list[Step]:
        """The cards that may go up, each onto the first foundation taking it (foundations with the
        same top are alike). Two cards of a rank are both tried unless their piles are alike:
        which goes first decides which pile comes free."""
        piles, found = state[0], state[1]
        ups: list[Step] = []
        seen: set[bytes] = set()
        for source, rank in _tops(state):
            pile = b"" if source == WASTE else piles[source]
            if pile in seen and source != WASTE:
                continue
            target = self._fits(found, rank)
            if target >= 0:
                seen.add(pile)
                ups.append((source, UP + target))
        return ups

    def _safe_up(self, state: State, ups: list[Step]) -> Step | None:
        """An up step every win can take now (see the module's notes), or None."""
        found = state[1]
        for source, target in ups:
            rank = found[target - UP] + 1
            waiting = found.count(rank - 1)
            out = 4 * _DECKS - sum(1 for top in found if top >= rank)
            if waiting >= out:
                return source, target
        return None

    def _lost(self, state: State, ups: list[Step]) -> bool:
        """The game's own end: the stock used up and no card can go up."""
        return not state[3] and not ups

    @staticmethod
    def _clears(state: State, test: Clearing = clearable) -> bool:
        """Whether the piles of `state` pass the clearing test `test` (`clearing.py`)."""
        return test(state[0], bytes((state[2],)) + state[3] if state[2] else state[3])

    def _clears_after_up(self, before: State, step: Step, after: State, test: Clearing) -> bool:
        """The clearing test after a card went up: only its rank's other cards on the piles can
        have lost (their bound fell), so only then is it run."""
        rank = before[2] if step[0] == WASTE else before[0][step[0]][-1]
        return not any(rank in pile for pile in after[0]) or self._clears(after, test)

    #: The clearing test the hunch keeps to (`light` swaps it).
    _hunch_test: Clearing = staticmethod(clears_eagerly)

    def hunch(self, state: State) -> list[tuple[Step, State]]:
        """The children the eager clearing test keeps (`clears_eagerly`): it cuts positions
        that may be won, but wins come far sooner in what it keeps."""
        return self.children(state, self._hunch_test)

    def light(self) -> TommyModel:
        """This model with a hunch keeping to what one greedy order clears (`clears_greedily`):
        it wins deals the eager hunch misses, and the other way round."""
        light = copy.copy(self)
        light._hunch_test = staticmethod(clears_greedily)
        return light

    def children(self, state: State, test: Clearing = clearable) -> list[tuple[Step, State]]:
        ups = self._ups(state)
        if self._lost(state, ups):
            return []
        safe = self._safe_up(state, ups)
        if safe is not None:
            return [(safe, self._move(state, *safe))]
        kids = [(step, after) for step in ups
                if self._clears_after_up(state, step, after := self._move(state, *step), test)]
        piles, _, waste, stock = state
        if waste:
            seen: set[bytes] = set()
            # Onto the lowest top above the card first, then empty piles, then the rest.
            order = sorted(range(len(piles)), key=lambda index: _pile_order(piles[index], waste))
            for index in order:
                if piles[index] not in seen:
                    seen.add(piles[index])
                    after = self._move(state, WASTE, index)
                    # Onto an empty pile the card blocks nothing: it can go last of its rank.
                    if not piles[index] or self._clears(after, test):
                        kids.append(((WASTE, index), after))
        elif stock:
            kids.append((DEAL, self._deal(state)))
        return kids

    # -- the beam hunt's levels: each card dealt begins one -------------------------------------
    def level_steps(self, state: State) -> list[tuple[Step, State]]:
        """The hunch's steps but the deal (a hunt's: the eager clearing test)."""
        return [(step, after) for step, after in self.hunch(state) if step != DEAL]

    def next_level(self, state: State) -> tuple[Step, State] | None:
        if state[2] or not state[3]:
            return None  # the waste's card must be played first, or the stock is dealt out
        return DEAL, self._deal(state)

    def has_next_level(self, state: State) -> bool:
        return bool(state[3])

    def played(self, state: State, step: Step) -> State:
        return self._deal(state) if step == DEAL else self._move(state, *step)

    def beam_estimates(self) -> tuple[Callable[[State], int]]:
        return (self.estimate,)

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step == DEAL:
            return (Deal(),)
        source, target = step
        return (Move(_slot(source), 1, FOUNDATIONS[target - UP] if target >= UP else PILES[target]),)

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles, found, waste, stock = state
        found_moves: list[tuple[Action, State]] = []
        for source, rank in _tops(state):
            for index, top in enumerate(found):
                if top == rank - 1:
                    step = (source, UP + index)
                    found_moves.append((self.actions(state, step)[0], self._move(state, *step)))
        if waste:
            found_moves += [(Move("waste", 1, PILES[index]), self._move(state, WASTE, index))
                            for index in range(len(piles))]
        elif stock:
            found_moves.append((Deal(), self._deal(state)))
        return found_moves


def _tops(state: State) -> list[tuple[int, int]]:
    """(source, rank) of the cards that may be played: the waste's, then each pile's top."""
    piles, waste = state[0], state[2]
    tops = [(WASTE, waste)] if waste else []
    return tops + [(index, pile[-1]) for index, pile in enumerate(piles) if pile]


def _pile_order(pile: bytes, card: int) -> tuple[int, int]:
    if not pile:
        return 1, 0
    top = pile[-1]
    return (0, top) if top > card else (2, -top)


def _slot(index: int) -> str:
    return "waste" if index == WASTE else PILES[index]
