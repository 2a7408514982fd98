"""The kit model's dead-end test where foundations give cards back (Baker's Dozen): a card up
may come down again to take a card, and only when it has somewhere to come down to; a position
it calls dead is lost to a plain search of the board too, and it never fires on a won line.

The test is the kit model's own: Baker's Dozen is solved by the open builders' model, which
asks a looser test (aisle/kit/solver_open.py), so the kit's model is built here by hand."""

from __future__ import annotations

import time

import pytest
from arranged_table import arranged

from aisle.engine import Game, Status
from aisle.kit import KitVariant
from aisle.kit.solver_model import KitModel, kit_rules
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_board
from aisle.solver.search import Search

UP_BUT_HEARTS = {
    "foundation-1": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
    "foundation-2": "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "foundation-3": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
    "foundation-4": "AH 2H 3H 4H",
}
#: The six of hearts lies on the five and needs a seven: the seven of hearts lies under the five,
#: and no other seven can come down (no eight, nine ... King is a top card). Lost.
HEARTS_STUCK = {**UP_BUT_HEARTS, "tableau-1": "KH QH JH 10H 9H 8H 7H 5H 6H"}
#: The same, but the clubs are up only to the seven, which comes down onto the eight of hearts,
#: a top card now: the six goes onto the seven, and the five goes up. Won.
HEARTS_FREED = {**UP_BUT_HEARTS, "foundation-1": "AC 2C 3C 4C 5C 6C 7C", "tableau-3": "KC QC JC 10C 9C 8C",
                "tableau-1": "KH QH JH 10H 9H 7H 5H 6H", "tableau-2": "8H"}


def model_of(game: Game) -> KitModel:
    """The kit's own model of the position, whichever model the game is solved by."""
    assert isinstance(game.variant, KitVariant)
    rules = kit_rules(game.variant, game.board)
    assert rules is not None
    return KitModel(rules, rules.table.position(game.board, int(game.board.state.get("passes", 0))))


def board_search(game: Game, positions: int = 200_000) -> Verdict:
    """The plain search over the board, which knows nothing of the model."""
    variant = type(game.variant)(game.options)
    return Search(variant, copy_board(game.board), Budget(600, positions), None, time.monotonic() + 600).run()


def test_a_card_that_can_come_down_nowhere_leaves_a_dead_end() -> None:
    game = arranged("bakers-dozen", HEARTS_STUCK, "tableau-13")
    model = model_of(game)
    assert model.dead.dead(model.start())
    assert solve(game, Budget(60)).verdict is Verdict.LOST
    assert board_search(game) is Verdict.LOST


def test_a_card_that_can_come_down_to_take_one_is_no_dead_end() -> None:
    game = arranged("bakers-dozen", HEARTS_FREED, "tableau-13")
    model = model_of(game)
    assert not model.dead.dead(model.start())
    assert solve(game, Budget(60)).verdict is Verdict.WON


@pytest.mark.parametrize("seed", [2, 3])
def test_the_dead_end_test_never_fires_on_a_winning_line(seed: int) -> None:
    game = new_game("bakers-dozen", seed)
    game.auto_up = False
    result = solve(game, Budget(60, positions=20_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        model = model_of(game)
        assert not model.dead.dead(model.start())
        game.play(action)
    assert game.status is Status.WON
