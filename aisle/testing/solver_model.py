"""Cross-check a game's solver model (`Variant.solver_model`) against the engine.

At many positions of random games it checks that the model allows exactly the actions the
engine allows (`Variant.legal_actions`), that each leads to the position the engine reaches
(equal keys, equal `spent`, the same "won"), and that every step the model's search would try
plays through `Game.play` to the position the model says. A model that passes is as exact as
the engine on those positions, so the solver's LOST verdicts rest on the rules, not on the model.

    from aisle.testing.solver_model import cross_check
    cross_check(MyGame, {"deal": "three"}, seeds=(1, 2), steps=150)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from typing import Any, TypeVar

from aisle.engine import Game, Status
from aisle.engine.actions import Action
from aisle.solver.beam import BeamHunt, LeveledModel
from aisle.solver.model import SolverModel
from aisle.solver.position import copy_game
from aisle.solver.result import Budget, Verdict
from aisle.variant import Variant


def _model(game: Game) -> SolverModel[Any, Any]:
    model = game.variant.solver_model(game.board)
    assert model is not None, f"{game.variant_id}: no model at a position the game reached"
    return model


_Model = TypeVar("_Model", bound=SolverModel[Any, Any])


def own_model(game: Game, kind: type[_Model]) -> _Model:
    """The game's solver model at its position, which must be a `kind`."""
    model = _model(game)
    assert isinstance(model, kind), f"{game.variant_id}: {type(model).__name__}, not {kind.__name__}"
    return model


def beam_hunt(game: Game, positions: int) -> tuple[Verdict, BeamHunt]:
    """The beam hunt (aisle.solver.beam) on the game's model from its position, looking at
    `positions` at most (with time enough for them): its verdict, and the hunt."""
    model = _model(game)
    assert isinstance(model, LeveledModel), f"{game.variant_id}: its model has no levels"
    hunt = BeamHunt(model, Budget(600.0, positions), None, float("inf"))
    return hunt.run(), hunt


def wins_when_played(game: Game, actions: Iterable[Action]) -> bool:
    """Whether `actions`, played through `Game.play` on a copy of `game`, win it."""
    replay = copy_game(game)
    for action in actions:
        replay.play(action)
    return replay.status is Status.WON


def start_key(game: Game) -> Hashable:
    """The model's key of `game`'s position: tests compare it for positions that must count
    as alike (or apart)."""
    model = _model(game)
    return model.key(model.start())


def random_positions(deals: Iterable[Game], moves: int) -> list[Game]:
    """A copy of the position after every move of a random game from each deal (at most
    `moves` moves, fewer when the game ends; the moves chosen by the deal's number): positions
    a model's tests walk through."""
    found: list[Game] = []
    for game in deals:
        chooser = random.Random(game.seed)
        for _ in range(moves):
            actions = game.variant.legal_actions(game.board)
            if game.status is not Status.PLAYING or not actions:
                break
            game.play(chooser.choice(actions))
            found.append(copy_game(game))
    return found


def check_position(game: Game) -> None:
    """Compare the model with the engine at `game`'s position (`game` is left as it was)."""
    model = _model(game)
    state = model.start()
    where = f"{game.variant_id} {dict(game.options)} deal {game.seed} after {len(game.history)} turns"
    assert model.won(state) == game.variant.is_won(game.board), where
    engine = sorted(map(repr, game.variant.legal_actions(game.board)))
    legal = model.legal(state)
    assert sorted(repr(action) for action, _ in legal) == engine, where
    for action, child in legal:
        _same(game, (action,), model, child, f"{where}, {action}")
    for step, child in model.children(state):
        _same(game, model.actions(state, step), model, child, f"{where}, step {step}")


def check_along_a_win(game: Game, positions: int, every: int, first: int = 1) -> None:
    """Solve `game` (it must be won within `positions` positions), then play the win through,
    comparing the model with the engine (`check_position`) at every `every`-th turn from the
    `first`: emptied piles, a dealt-out stock, foundations nearly full, the positions random
    play rarely reaches. `game` is played to its end."""
    from aisle.solver import Budget, Verdict, solve

    result = solve(game, Budget(60, positions=positions))
    assert result.verdict is Verdict.WON, f"{game.variant_id} deal {game.seed}: {result.verdict}"
    game.auto_up = False
    for number, action in enumerate(result.solution):
        if number % every == first:
            check_position(game)
        game.play(action)
    assert game.status is Status.WON


def _same(game: Game, actions: Iterable[Action], model: SolverModel[Any, Any], child: Any,
          where: str) -> None:
    replay = copy_game(game)
    for action in actions:
        replay.play(action)
    reached = _model(replay)
    assert reached.key(reached.start()) == model.key(child), where
    assert reached.spent(reached.start()) == model.spent(child), where
    assert model.won(child) == (replay.status is Status.WON), where


def cross_check(variant: type[Variant], options: Mapping[str, str] | None = None,
                seeds: Iterable[int] = (1, 2), steps: int = 120) -> int:
    """Play `steps` random actions from each deal, checking every position; returns how many
    positions were checked."""
    checked = 0
    for seed in seeds:
        game = Game.new(variant, seed, options)
        chooser = random.Random(seed)
        for _ in range(steps):
            if game.status is not Status.PLAYING:
                break
            check_position(game)
            checked += 1
            actions = game.variant.legal_actions(game.board)
            if not actions:
                break
            game.play(chooser.choice(actions))
    return checked
