"""Sir Tommy's solver model (solving.py: ranks only, alike piles and foundations, a card sent up
only when every card of its rank still out has a foundation waiting) against the engine
(cross-check) and against a plain search that tells every card apart and tries every legal
action, on small positions late in a game."""

from __future__ import annotations

import random

from aisle_sir_tommy import SirTommy

from aisle.engine import Board, Game, Move, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_board
from aisle.testing.solver_model import cross_check


class PlainTommy(SirTommy):
    """The same rules with no model: every card told apart, every action tried."""

    def solver_model(self, board: Board) -> None:  # type: ignore[override]
        return None


def test_the_model_plays_as_the_engine_does() -> None:
    assert cross_check(SirTommy, seeds=(1, 2, 3, 4), steps=200) > 200


def late(seed: int, left: int) -> Game | None:
    """Deal `seed` played at random, a card going up whenever one can, until at most `left`
    cards are in the stock; None if it ended first."""
    game, chooser = new_game("sir-tommy", seed), random.Random(seed)
    while game.status is Status.PLAYING and len(game.slot("stock").cards) > left:
        actions = game.legal_actions()
        ups = [a for a in actions if isinstance(a, Move) and a.target.startswith("foundation")]
        game.play(ups[0] if ups else chooser.choice(actions))
    return game if game.status is Status.PLAYING else None


def test_the_model_decides_as_the_plain_search_does() -> None:
    verdicts = []
    for seed in range(1, 80):
        game = late(seed, 5)
        if game is None:
            continue
        plain = Game(PlainTommy(), 1, copy_board(game.board))
        known = solve(game, Budget(600, 200_000))
        expected = solve(plain, Budget(600, 200_000))
        assert Verdict.UNKNOWN not in (known.verdict, expected.verdict), seed
        assert known.verdict is expected.verdict, seed
        verdicts.append(known.verdict)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts
