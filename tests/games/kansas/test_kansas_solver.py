"""Kansas and the kit's solver model: the model plays its rule of the empty piles (the waste's
card only, once the reserve is empty; `aisle.kit.solver_rules.WasteFillsSpaces`) as the game's
own methods do, and its verdicts agree with a plain search of the game's own methods."""

from __future__ import annotations

from aisle_kansas import Kansas
from test_kansas_rules import made_game

from aisle.engine import Game, Move, Status
from aisle.kit.solver_coverage import unknown_rules
from aisle.kit.solver_model import KitModel
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_board
from aisle.testing.solver_model import check_position, cross_check


class PlainKansas(Kansas):
    """The same rules with no model: the solver searches the board through the game's methods."""

    def solver_model(self, board):  # type: ignore[no-untyped-def]
        return None


def test_kansas_is_played_by_the_kits_model() -> None:
    assert unknown_rules(Kansas()) is None
    assert cross_check(Kansas, seeds=(1, 2, 3), steps=150) > 100


def test_an_empty_pile_takes_the_wastes_card_and_no_piles_card() -> None:
    game = made_game({"stock": "~2H ~9D", "waste": "4D", "foundation-1": "QS", "foundation-2": "QD",
                      "tableau-1": "KS 2C 7H", "tableau-2": "8C"})
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KitModel)
    into_empty = {action for action, _ in model.legal(model.start())
                  if isinstance(action, Move) and action.target == "tableau-3"}
    assert into_empty == {Move("waste", 1, "tableau-3")}
    check_position(game)
    # The search tries it too: the waste's card into the empty pile.
    steps = [model.actions(model.start(), step) for step, _ in model.children(model.start())]
    assert any(Move("waste", 1, "tableau-3") in actions for actions in steps)


def late(seed: int, left: int) -> Game | None:
    """Deal `seed` played at random (cards going up first) until at most `left` cards are out of
    the foundations; None if it ended first."""
    import random

    game, chooser = new_game("kansas", seed), random.Random(seed)
    while game.status is Status.PLAYING and 52 - game.score > left:
        actions = game.legal_actions()
        ups = [a for a in actions if isinstance(a, Move) and a.target.startswith("foundation")]
        game.play(ups[0] if ups else chooser.choice(actions))
    return game if game.status is Status.PLAYING else None


def test_the_models_verdicts_agree_with_a_plain_search() -> None:
    verdicts = []
    for seed in range(1, 60):
        game = late(seed, 22)
        if game is None:
            continue
        plain = Game(PlainKansas(), 1, copy_board(game.board))
        known = solve(game, Budget(600, 300_000))
        expected = solve(plain, Budget(600, 300_000))
        if Verdict.UNKNOWN in (known.verdict, expected.verdict):
            continue
        assert known.verdict is expected.verdict, seed
        verdicts.append(known.verdict)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts
