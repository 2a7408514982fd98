"""Spider Three Decks on compact positions, for the solver (`Variant.solver_model`).

A card is a small int, suit index * 16 + rank; the three decks' twins are the same int, so a
same-suit link is simply `lower == upper + 1`. A position is each pile's cards (bytes, bottom
first) with how many of them are face down, the stock (the next card first) and how many runs
are up.

The solver hunts for a win stage by stage (`stage`: each deal begins one, see
aisle/solver/staged.py): between two deals it looks for the best position it can reach
(`estimate`) and deals from there. The steps it tries (`children`) leave out moves that seldom
help, so the model `prunes`: the solver answers "won" or "unknown", never "lost".
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from aisle.engine import Action, Deal, Move, Slot
from aisle.solver.model import SolverModel
from aisle_spider_three_decks.runs import FULL_RUN

#: The model's position: each pile's cards (bytes, bottom first) and how many of them are
#: face down, the stock (the next card first) and how many runs are up.
State = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int]
#: ("move", pile, count, target) | ("up", pile) | ("deal",)
Step = tuple[int | str, ...]
PILES = 12
_DEAL_STEP: Step = ("deal",)

# What the estimate counts (lower is better); the weights were tuned on deals 1-60.
#: Each face-down card.
DOWN = 6
#: Each face-up card on a card of another suit one rank higher (in order, but not movable with it).
OFF_SUIT = 2
#: Each face-up card on a card that is not one rank higher (it must move before that card can).
BREAK = 4
#: Each empty pile (less).
EMPTY = 2
#: Each run sent up (less).
RUN_UP = 40
#: Pile costs remembered at most (the table is emptied when full).
CACHE_SIZE = 400_000


def card_code(suit_index: int, rank: int) -> int:
    return suit_index * 16 + rank


def run_length(pile: bytes, down: int) -> int:
    """How many top cards form one same-suit run going down by one (all face up)."""
    if len(pile) <= down:
        return 0
    length = 1
    for index in range(len(pile) - 1, down, -1):
        if pile[index - 1] != pile[index] + 1:
            break
        length += 1
    return length


def pile_cost(pile: bytes, down: int) -> int:
    """One pile's share of the estimate (see the weights above)."""
    if not pile:
        return -EMPTY
    cost = DOWN * down
    for index in range(down + 1, len(pile)):
        lower, upper = pile[index - 1], pile[index]
        if lower != upper + 1:
            cost += OFF_SUIT if (lower & 15) == (upper & 15) + 1 else BREAK
    return cost


class SpiderModel(SolverModel[State, Step]):
    """Spider Three Decks for the solver (see the module's docstring).

    The steps (`children`), best first for the depth-first search (the staged hunt orders by
    `estimate` anyway): a complete run goes up alone (nothing else is tried beside it); a
    pile's whole top run goes onto any card one rank higher, or onto an empty pile when that
    leaves something behind; part of a run goes only onto its own suit; the stock is dealt last.
    """

    prunes = True
    # The staged hunt gets the whole budget: the exhaustive search cannot prove anything with
    # steps that prune.
    hunt_shares = (0.0, 1.0)

    def __init__(self, stock: Slot, foundations: Sequence[Slot], piles: Sequence[Slot]) -> None:
        self.pile_ids = tuple(pile.id for pile in piles)
        self.free_foundations = tuple(slot.id for slot in foundations if not slot.cards)
        self.runs_at_start = len(foundations) - len(self.free_foundations)
        cards = [bytes(card_code(card.id % 52 // 13, card.rank) for card in pile.cards) for pile in piles]
        downs = tuple(sum(1 for card in pile.cards if not card.face_up) for pile in piles)
        stock_cards = bytes(card_code(card.id % 52 // 13, card.rank) for card in reversed(stock.cards))
        self._start: State = (tuple(cards), downs, stock_cards, self.runs_at_start)
        #: (pile, face-down count) -> its share of the estimate; -> its top run's length
        self._cost: dict[tuple[bytes, int], int] = {}
        self._run: dict[tuple[bytes, int], int] = {}

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        """The piles in order while the stock still deals onto them in order, in any order
        after that, and how much is left in the stock (its order never changes; the runs up
        follow from the cards left)."""
        piles, downs, stock, _ = state
        if stock:
            return piles, downs, len(stock)
        return tuple(sorted(zip(piles, downs, strict=True)))

    def won(self, state: State) -> bool:
        piles, downs, stock, runs = state
        if stock:
            return False
        if runs:
            return not any(piles)
        return all(not pile or (not downs[index] and len(pile) % FULL_RUN == 0
                                and all(run_length(pile[at:at + FULL_RUN], 0) == FULL_RUN
                                        for at in range(0, len(pile), FULL_RUN)))
                   for index, pile in enumerate(piles))

    def stage(self, state: State) -> int:
        """The cards left in the stock: only a deal changes it."""
        return len(state[2])

    def estimate(self, state: State) -> int:
        """Face-down cards, cards out of order, empty piles and runs up, weighed (see the
        weights above)."""
        piles, downs, _, runs = state
        costs = self._cost
        try:
            return sum(map(costs.__getitem__, zip(piles, downs, strict=True))) - RUN_UP * runs
        except KeyError:  # a pile not seen before (or since the table was last emptied)
            total = -RUN_UP * runs
            for pile in zip(piles, downs, strict=True):
                if pile not in costs:
                    self._learn(pile)
                total += costs[pile]
            return total

    def _learn(self, pile: tuple[bytes, int]) -> int:
        """Remembers a pile's share of the estimate and its top run's length; returns the run."""
        if len(self._cost) >= CACHE_SIZE:
            self._cost.clear()
            self._run.clear()
        self._cost[pile] = pile_cost(*pile)
        run = self._run[pile] = run_length(*pile)
        return run

    # -- the rules ----------------------------------------------------------------------------
    def _move(self, state: State, source: int, count: int, target: int) -> State:
        piles, downs, stock, runs = state
        pile = piles[source]
        moving, left = pile[-count:], pile[:-count]
        new_piles = list(piles)
        new_piles[source] = left
        new_downs = downs
        if left and len(left) == downs[source]:
            new_downs = (*downs[:source], downs[source] - 1, *downs[source + 1:])
        if target >= 0:
            new_piles[target] = piles[target] + moving
            return tuple(new_piles), new_downs, stock, runs
        return tuple(new_piles), new_downs, stock, runs + 1

    def _deal(self, state: State) -> State:
        piles, downs, stock, runs = state
        dealt = min(len(stock), PILES)
        new_piles = tuple(map(bytes.__add__, piles, [stock[index:index + 1] for index in range(dealt)]))
        return new_piles + piles[dealt:], downs, stock[dealt:], runs

    def children(self, state: State) -> list[tuple[Step, State]]:
        piles, downs, stock, runs = state
        run_of = self._run
        by_top: dict[int, list[int]] = {}
        empty: list[int] = []
        sources: list[tuple[int, bytes, int]] = []
        for index, pile_down in enumerate(zip(piles, downs, strict=True)):
            pile = pile_down[0]
            if pile:
                by_top.setdefault(pile[-1] & 15, []).append(index)
                run = run_of.get(pile_down) or self._learn(pile_down)
                if run == FULL_RUN and runs < PILES:
                    return [(("up", index), self._move(state, index, FULL_RUN, -1))]
                sources.append((index, pile, run))
            else:
                empty.append(index)
        if not stock:
            del empty[1:]  # the piles are alike once nothing is dealt onto them
        found: list[tuple[Step, State]] = []
        move = self._move
        for index, pile, run in sources:
            for count in range(1, run + 1):
                moving = pile[-count]
                whole = count == run
                for target in by_top.get((moving & 15) + 1, ()):
                    if whole or piles[target][-1] == moving + 1:
                        found.append((("move", index, count, target), move(state, index, count, target)))
            if len(pile) > run:
                for target in empty:
                    found.append((("move", index, run, target), move(state, index, run, target)))
        if stock:
            found.append((_DEAL_STEP, self._deal(state)))
        return found

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles, downs, stock, runs = state
        found: list[tuple[Action, State]] = []
        for index, pile in enumerate(piles):
            run = run_length(pile, downs[index])
            for count in range(1, run + 1):
                base = pile[-count] & 15
                for target, other in enumerate(piles):
                    if target != index and (not other or other[-1] & 15 == base + 1):
                        found.append((Move(self.pile_ids[index], count, self.pile_ids[target]),
                                      self._move(state, index, count, target)))
            if run == FULL_RUN:
                for foundation in self.free_foundations[runs - self.runs_at_start:]:
                    found.append((Move(self.pile_ids[index], FULL_RUN, foundation),
                                  self._move(state, index, FULL_RUN, -1)))
        if stock:
            found.append((Deal(), self._deal(state)))
        return found

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step[0] == "deal":
            return (Deal(),)
        source = self.pile_ids[int(step[1])]
        if step[0] == "up":
            return (Move(source, FULL_RUN, self.free_foundations[state[3] - self.runs_at_start]),)
        return (Move(source, int(step[2]), self.pile_ids[int(step[3])]),)
