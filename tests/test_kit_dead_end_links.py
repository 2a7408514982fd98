"""The kit's dead-end test worked with bit masks (aisle/kit/solver_dead_links.py) answers as the
general one (aisle/kit/solver_dead_end.py) at every position a search of a few deals expands, on
every kind of table it serves: piles moving runs with a stock onto them (Easthaven), a waste and
foundations that give cards back (Aunt Mary, Agnes: round the corner), free cells (Eight Off) and
a reserve that refills the piles (Kansas)."""

from __future__ import annotations

from typing import Any

import pytest

from aisle.kit.model_facts import WinRule
from aisle.kit.solver_dead_end import DeadEnds
from aisle.kit.solver_dead_links import LinkDeadEnds
from aisle.kit.solver_model import KitModel
from aisle.kit.solver_models import model_of
from aisle.registry.games import new_game
from aisle.solver import Budget
from aisle.solver.model_search import ModelSearch


def expanded_positions(game_id: str, seed: int, positions: int) -> tuple[KitModel, list[Any]]:
    """The positions an exhaustive search of a deal expands, up to `positions`."""
    found: list[Any] = []
    game = new_game(game_id, seed)
    model = model_of(game.variant, game.board)  # the kit's, even where a game has its own (Kansas)
    assert isinstance(model, KitModel)
    children = model.children

    def noted(state: Any) -> Any:
        found.append(state)
        return children(state)

    model.children = noted  # type: ignore[method-assign]
    ModelSearch(model, Budget(600, positions=positions), None, float("inf")).run()
    return model, found


@pytest.mark.parametrize(("game_id", "dead_ones"), [
    ("easthaven", 20), ("aunt-mary", 20), ("agnes", 20), ("eight-off", 0), ("kansas", 20)])
def test_the_bit_mask_test_answers_as_the_general_one(game_id: str, dead_ones: int) -> None:
    answers: list[bool] = []
    for seed in range(1, 9):  # each deal its own table (Agnes: the foundations' first rank)
        model, states = expanded_positions(game_id, seed, 300)
        general = DeadEnds(model.table, WinRule.HOME)
        assert isinstance(model.dead, LinkDeadEnds)
        expected = [general.dead(state) for state in states]
        assert [model.dead.dead(state) for state in states] == expected
        answers += expected
    assert sum(answers) >= dead_ones and len(answers) - sum(answers) > 100  # both answers, often
