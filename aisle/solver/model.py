"""A game's own compact model of itself for the solver (`Variant.solver_model`, optional).

Playing a step on the engine's `Board` (events, `Card` objects, the variant's hooks) costs tens
of microseconds; a model's positions are small immutable values (tuples of small ints, bytes)
built with a few slice operations, so the search looks at several times more positions in the
same time. The engine stays the judge: every solution the search finds is translated back into
engine actions (`actions`) and replayed by `Game.play` before it is returned, and
`aisle.testing.solver_model.cross_check` compares a model with the engine at many positions
(the same legal actions, the same resulting keys), so a LOST verdict rests on both.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from aisle.engine.actions import Action

if TYPE_CHECKING:
    from aisle.solver.model_search import ModelSearch
    from aisle.solver.result import Budget

State = TypeVar("State")
Step = TypeVar("Step")


class SolverModel(ABC, Generic[State, Step]):
    """The rules of one game on the model's own positions (`State`) and steps (`Step`).

    A position must be immutable and hashable only through `key`; a step is anything the
    model understands (often a small tuple) and turns into engine actions with `actions`.
    """

    #: True when `children` may leave out a step a win could need (a hunch, not a proof): the
    #: solver then never answers "lost".
    prunes: bool = False
    #: The shares of the budget for the first hunts for a win, depth-first with `hunch` and
    #: best-first with `estimate` (each only when the model has it); the exhaustive search
    #: gets the rest.
    hunt_shares: tuple[float, float] = (0.35, 0.35)
    #: The share of the budget for the first part of the exhaustive search, right after the
    #: first short hunt: a small space is proved lost at once. 0 skips it (the search still
    #: gets what the hunts leave), for models whose `hopeless` and dead-end tests settle small
    #: spaces anyway and whose hunts need the time.
    proof_share: float = 0.15
    #: Positions a search looks at between two looks at the clock, the memory and `stop()`:
    #: fewer for a model whose positions are dear (each dead-end test a search of its own), so
    #: that a search ends close to the end of its share of the time.
    check_every: int = 512
    #: True: the depth-first hunt starts over now and then with its steps a little shaken
    #: (`aisle.solver.restarts`), which finds wins far sooner where hunting times vary wildly.
    restarts: bool = False
    #: The share of the budget for a second depth-first hunt on `light()` (taken after the first
    #: short hunt, before the rest of the `hunt_shares`); 0 (the default): none.
    light_share: float = 0.0
    #: The share of the budget for a depth-first hunt on `reordered()` (after the light hunt);
    #: 0 (the default): none.
    reordered_share: float = 0.0
    #: The part of the depth-first hunt's share it gets first, before the other searches
    #: (None: `aisle.solver.hunts.FIRST_HUNT`).
    first_hunt_share: float | None = None
    #: The share of the budget for the model's own hunt (`own_hunt`), the first of all the
    #: hunts; 0 (the default): none.
    own_hunt_share: float = 0.0
    #: True: the staged best-first hunt (`aisle.solver.staged`) explores each stage with `hunch`
    #: rather than `children` (Spider: few, good moves; it only hunts, so it may leave any out).
    hunch_in_stages: bool = False
    #: The positions the staged hunt expands in one stage before it picks the stage's best ways
    #: out (`aisle.solver.staged`). Spider's stages need many; where a stage's moves are many
    #: and its wins common (Gypsy: runs, foundations that give back), fewer let the hunt reach
    #: the last stages at all within its budget.
    stage_expansions: int = 1000
    #: The same in the last stage (nothing left to deal), where a win must be found: a model
    #: whose last stage is wide and its wins there common keeps it short, so that the hunt
    #: tries the other positions it reached the last stage with.
    last_stage_expansions: int = 20000

    @abstractmethod
    def start(self) -> State:
        """The position the model was built from."""

    @abstractmethod
    def key(self, state: State) -> Hashable:
        """Equal for positions with the same futures (see `Variant.solver_key`)."""

    def spent(self, state: State) -> int:
        """What the position used up that `key` leaves out (see `Variant.solver_spent`)."""
        return 0

    def estimate(self, state: State) -> int | None:
        """How far the position looks from a win (lower is better), for a first best-first
        search that hunts for a win before the exhaustive one; None (the default, from the
        start position): no first search."""
        return None

    def estimates(self) -> Sequence[tuple[Callable[[State], int | None], float]]:
        """The estimates the best-first hunt goes by, one hunt after the other, each with its
        part of the hunt's share of the budget (`estimate` alone by default, with all of it):
        where each finds wins the other misses (Canfield), two hunts win more deals than one."""
        return ((self.estimate, 1.0),)

    def stage(self, state: State) -> int | None:
        """Which stage of the game the position is in, for games whose play falls into stages
        that are never undone (Spider: the cards left in the stock, so each deal begins a
        stage): a number that changes only along the steps into the next stage. With an
        `estimate`, the best-first hunt then goes stage by stage (`aisle.solver.staged`).
        None (the default, from the start position): no stages."""
        return None

    def hopeless(self, deadline: float, stop: Callable[[], bool] | None = None) -> bool | None:
        """A quick proof that the start is lost, on a coarser game that can do at least
        everything the real one can (a relaxation: if the coarse game cannot win, neither can
        the real one). True only when it proves the loss; False when the coarse game can
        win; None (the default) when there is no coarse game, or `deadline`
        (`aisle.solver.clock.now()`) came or `stop()` turned true first. The solver asks it before
        anything else, with a share of the budget."""
        return None

    @abstractmethod
    def won(self, state: State) -> bool:
        """Whether every card is home."""

    @abstractmethod
    def children(self, state: State) -> Sequence[tuple[Step, State]]:
        """The steps worth trying, best first, each with the position it leads to; empty at a
        dead end (also where the engine calls the game lost). Leave out only what provably
        cannot be needed, unless `prunes`."""

    def hunch(self, state: State) -> Sequence[tuple[Step, State]] | None:
        """Fewer steps than `children`, for a first quick search that only hunts for a win
        and may leave out anything (see `Variant.solver_quick_steps`); None: no such search."""
        return None

    def light(self) -> SolverModel[State, Step] | None:
        """The same game with its costly dead-end tests left out, for a second hunt
        (`light_share`): where those tests cost far more than the positions they spare, a hunt
        that looks at many more positions finds the wins sooner. None (the default): no such
        hunt. Its positions and steps must be the model's own (the same `key` and `actions`)."""
        return None

    def reordered(self) -> SolverModel[State, Step] | None:
        """The same game with its hunch in another good order, for one more hunt
        (`reordered_share`): where the model's own order holds the hunt in a large dead corner,
        the other one often walks past it. None (the default): no such hunt. Its positions and
        steps must be the model's own (the same `key` and `actions`)."""
        return None

    def own_hunt(self, budget: Budget, stop: Callable[[], bool] | None) -> ModelSearch | None:
        """A hunt for a win of the model's own making, run first with `own_hunt_share` of the
        budget (`budget`): a search that never answers "lost" and whose `solution` is the
        engine actions of the win it found. None (the default): none."""
        return None

    @abstractmethod
    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        """The engine actions that play `step` from `state` (with `Game.auto_up` off)."""

    @abstractmethod
    def legal(self, state: State) -> Sequence[tuple[Action, State]]:
        """Every single action the engine allows at `state`, each with the position it leads
        to: what the cross-check compares with `Variant.legal_actions` (not used to search)."""
