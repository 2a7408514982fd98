"""The exhaustive search with lost patterns (aisle.solver.lost_patterns) on a small made-up game:
a pattern is filed only once the whole strongly connected part of the space it belongs to is
done, and fits positions alike above its floor.

The game: a position is a room and a stack of letters. From R one goes to S over "ab" and to X;
S and P lead to each other (a move and its way back); S also wins when its stack's bottom is
"z", so S looks at the bottom (floor 0) while P looks only at the top (floor 1); X leads to P
over "zb", from where S over "zb" wins. A search that filed P over "ab" as lost the moment P
had nothing more to try (S still being searched) would take P over "zb" for lost by its
pattern and answer LOST: Tarjan's components keep P's filing until S is done, with S's floor.
"""

from __future__ import annotations

from collections.abc import Hashable

from aisle.engine.actions import Action, Deal
from aisle.solver.lost_patterns import PatternSearch, exhaustive_search
from aisle.solver.model import SolverModel
from aisle.solver.model_search import ModelSearch
from aisle.solver.result import Budget, Verdict

State = tuple[str, bytes]


class Rooms(SolverModel[State, str]):
    """Rooms joined by ways (`ways`: room -> each (room it leads to, the stack there; None:
    the same)); the win needs a "z" at the bottom; S looks at the bottom, the rest at the top."""

    loss_patterns = True

    def __init__(self, ways: dict[str, list[tuple[str, bytes | None]]]) -> None:
        self._ways = ways

    def start(self) -> State:
        return ("R", b"")

    def key(self, state: State) -> Hashable:
        return state

    def won(self, state: State) -> bool:
        return state[0] == "WIN"

    def children(self, state: State) -> list[tuple[str, State]]:
        return self.children_and_floor(state)[0]

    def children_and_floor(self, state: State) -> tuple[list[tuple[str, State]], int]:
        room, stack = state
        kids = [(target, (target, stack if carried is None else carried))
                for target, carried in self._ways.get(room, [])
                if target != "WIN" or stack.startswith(b"z")]
        return kids, 0 if room == "S" else min(1, len(stack))

    def pattern_bucket(self, state: State, key: Hashable) -> Hashable:
        return state[0]

    def loss_pattern(self, state: State, floor: int) -> bytes:
        return state[1][floor:]

    def fit_floor(self, state: State, pattern: bytes) -> int | None:
        stack = state[1]
        return len(stack) - len(pattern) if stack.endswith(pattern) else None

    def actions(self, state: State, step: str) -> tuple[Action, ...]:
        return (Deal(),)

    def legal(self, state: State) -> list[tuple[Action, State]]:
        return []


#: The game of the module's notes.
WAYS: dict[str, list[tuple[str, bytes | None]]] = {
    "R": [("S", b"ab"), ("X", None)], "S": [("P", None), ("WIN", b"")], "P": [("S", None)],
    "X": [("P", b"zb")]}


def run(kind: type[ModelSearch], ways: dict[str, list[tuple[str, bytes | None]]]
        ) -> tuple[Verdict, ModelSearch]:
    search = kind(Rooms(ways), Budget(60, 1000), None, float("inf"))
    return search.run(), search


def test_a_pattern_waits_for_its_component_and_its_floor() -> None:
    assert run(ModelSearch, WAYS)[0] is Verdict.WON
    verdict, search = run(PatternSearch, WAYS)
    assert verdict is Verdict.WON  # P over "zb" was searched, not taken for lost
    assert isinstance(search, PatternSearch) and search.fitted == 0


def test_a_done_component_is_filed_at_its_floor_and_its_pattern_spares_the_search() -> None:
    # No way out: S and P over "ab" are lost together, filed at S's floor 0 (which P over "zb"
    # does not fit: it is searched, and so is S over "zb").
    closed = {**WAYS, "S": [("P", None)]}
    verdict, search = run(PatternSearch, closed)
    assert verdict is Verdict.LOST and isinstance(search, PatternSearch) and search.fitted == 0
    assert search.positions == run(ModelSearch, closed)[1].positions
    # P alone, a dead end looking at the top only: P over "zb" fits the pattern P over "ab"
    # was filed with, and is not searched.
    alone: dict[str, list[tuple[str, bytes | None]]] = {
        "R": [("P", b"ab"), ("X", None)], "P": [], "X": [("P", b"zb")]}
    verdict, search = run(PatternSearch, alone)
    assert verdict is Verdict.LOST and isinstance(search, PatternSearch) and search.fitted == 1
    assert search.positions == run(ModelSearch, alone)[1].positions - 1


def test_the_plain_search_serves_models_without_patterns() -> None:
    model = Rooms(WAYS)
    assert isinstance(exhaustive_search(model, Budget(1, 10), None, 1.0), PatternSearch)
    model.loss_patterns = False
    assert type(exhaustive_search(model, Budget(1, 10), None, 1.0)) is ModelSearch
