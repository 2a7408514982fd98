"""The shared beam hunt (aisle/solver/beam.py) on a toy game with levels: it finds a win that
its first, narrow pass misses, keeps the path's steps in order, never answers "lost", stops at a
positions cap, and leaves out what `alive` rejects."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from aisle.engine.actions import Action, Deal, Move
from aisle.solver.beam import BeamHunt, LeveledModel
from aisle.solver.result import Budget, Verdict

#: (cards dealt so far, the two heaps' totals)
Toy = tuple[int, int, int]
#: ("deal",) or ("add", heap)
ToyStep = tuple[str, ...]


class Heaps(LeveledModel[Toy, ToyStep]):
    """A stock of numbers dealt one at a time (each deal a level); each card dealt must go onto
    one of two heaps before the next deal; the game is won when the heaps hold `goal` exactly
    once the stock is dealt out. The estimate prefers the left heap, which misleads a pass that
    keeps one position a level."""

    beam_first_width = 1
    beam_growth = 2

    def __init__(self, stock: Sequence[int], goal: tuple[int, int], rejected: Toy | None = None) -> None:
        self.stock = tuple(stock)
        self.goal = goal
        self.rejected = rejected

    def start(self) -> Toy:
        return (0, 0, 0)

    def key(self, state: Toy) -> Hashable:
        return state

    def won(self, state: Toy) -> bool:
        return state[0] == len(self.stock) and (state[1], state[2]) == self.goal

    def children(self, state: Toy) -> Sequence[tuple[ToyStep, Toy]]:
        return [*self.level_steps(state), *filter(None, [self.next_level(state)])]

    def level_steps(self, state: Toy) -> Sequence[tuple[ToyStep, Toy]]:
        dealt, left, right = state
        if dealt == 0 or left + right == sum(self.stock[:dealt]):
            return []  # the card dealt is placed already
        card = self.stock[dealt - 1]
        return [(("add", "left"), (dealt, left + card, right)),
                (("add", "right"), (dealt, left, right + card))]

    def next_level(self, state: Toy) -> tuple[ToyStep, Toy] | None:
        dealt, left, right = state
        if dealt == len(self.stock) or left + right != sum(self.stock[:dealt]):
            return None  # dealt out, or the card dealt must be placed first
        return ("deal",), (dealt + 1, left, right)

    def played(self, state: Toy, step: ToyStep) -> Toy:
        return dict([*self.level_steps(state), *filter(None, [self.next_level(state)])])[step]

    def alive(self, state: Toy) -> bool:
        return state != self.rejected

    def beam_estimates(self) -> list[Callable[[Toy], int]]:
        return [lambda state: state[2]]  # the fewer on the right the better: a poor guide

    def actions(self, state: Toy, step: ToyStep) -> tuple[Action, ...]:
        if step == ("deal",):
            return (Deal(),)
        return (Move("waste", 1, step[1]),)

    def legal(self, state: Toy) -> Sequence[tuple[Action, Toy]]:
        return [(action, child) for step, child in self.children(state)
                for action in self.actions(state, step)]


def hunt(model: Heaps, positions: int = 100_000) -> tuple[Verdict, BeamHunt]:
    found = BeamHunt(model, Budget(60.0, positions), None, float("inf"))
    return found.run(), found


def test_a_wider_pass_finds_the_win_the_narrow_one_misses() -> None:
    model = Heaps([3, 1, 2, 2], goal=(4, 4))
    verdict, found = hunt(model)
    assert verdict is Verdict.WON
    # Replay the solution's heaps: every card dealt, then placed, and the goal reached.
    left = right = dealt = 0
    for action in found.solution:
        if action == Deal():
            dealt += 1
        else:
            assert isinstance(action, Move)
            card = model.stock[dealt - 1]
            left, right = (left + card, right) if action.target == "left" else (left, right + card)
    assert (dealt, left, right) == (4, 4, 4)


def test_it_never_answers_lost() -> None:
    verdict, found = hunt(Heaps([3, 1, 2, 2], goal=(5, 4)))  # the totals cannot be split so
    assert verdict is Verdict.UNKNOWN
    assert not found.solution


def test_a_positions_cap_stops_it() -> None:
    verdict, found = hunt(Heaps([1] * 12, goal=(0, 12)), positions=10)  # the win lies on the worst path
    assert verdict is Verdict.UNKNOWN
    assert found.positions <= 10


def test_what_alive_rejects_is_left_out() -> None:
    # The only win passes through (2, 0, 3): rejected, the hunt cannot find it.
    assert hunt(Heaps([3, 1], goal=(1, 3)))[0] is Verdict.WON
    assert hunt(Heaps([3, 1], goal=(1, 3), rejected=(2, 0, 3)))[0] is Verdict.UNKNOWN
