"""Yukon's dead-end test worked with bit masks (aisle/kit/solver_dead_face_up.py) answers as the
kit's general one (aisle/kit/solver_dead_end.py) at every position a search of a few deals
expands, dead or not."""

from __future__ import annotations

from typing import Any

from aisle.kit.model_facts import WinRule
from aisle.kit.solver_dead_end import DeadEnds
from aisle.kit.solver_dead_face_up import FaceUpDeadEnds
from aisle.kit.solver_model import KitModel
from aisle.registry.games import new_game
from aisle.solver import Budget
from aisle.solver.model_search import ModelSearch


def expanded_positions(seeds: range, positions: int) -> tuple[KitModel, list[Any]]:
    """The positions an exhaustive search of each deal expands, up to `positions` a deal."""
    found: list[Any] = []
    model: KitModel | None = None
    for seed in seeds:
        game = new_game("yukon", seed)
        model = game.variant.solver_model(game.board)
        assert isinstance(model, KitModel)
        children = model.children

        def noted(state: Any, children: Any = children) -> Any:
            found.append(state)
            return children(state)

        model.children = noted  # type: ignore[method-assign]
        ModelSearch(model, Budget(600, positions=positions), None, float("inf")).run()
    assert model is not None
    return model, found


def test_yukon_gets_the_bit_mask_test() -> None:
    game = new_game("yukon", 1)
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KitModel)
    assert isinstance(model.dead, FaceUpDeadEnds)


def test_the_bit_mask_test_answers_as_the_general_one() -> None:
    model, states = expanded_positions(range(1, 7), 400)
    general = DeadEnds(model.table, WinRule.HOME)
    assert isinstance(model.dead, FaceUpDeadEnds)
    answers = [general.dead(state) for state in states]
    assert [model.dead.dead(state) for state in states] == answers
    assert 100 < sum(answers) < len(answers) - 100  # both answers, many times
