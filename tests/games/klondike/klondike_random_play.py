"""Positions of random Klondike games, for the solver's tests: each move chosen at random, a
stock click a third of the time (always when nothing else is possible)."""

from __future__ import annotations

import random
from collections.abc import Callable

from aisle_klondike.solving import KlondikeModel

from aisle.engine import Deal, Game, Status
from aisle.registry.games import new_game
from aisle.solver.position import copy_game


def model_of(game: Game) -> KlondikeModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KlondikeModel)
    return model


def played_positions(seed: int, options: dict[str, str], turns: int,
                     wanted: Callable[[Game, int], bool]) -> list[Game]:
    """Copies of the positions of one random game that `wanted(game, turn)` picks."""
    game = new_game("klondike", seed, options)
    chooser = random.Random(seed)
    found: list[Game] = []
    for turn in range(turns):
        if game.status is not Status.PLAYING:
            break
        actions = game.variant.legal_actions(game.board)
        if not actions:
            break
        deals = [action for action in actions if isinstance(action, Deal)]
        moves = [action for action in actions if not isinstance(action, Deal)]
        game.play(deals[0] if deals and (not moves or chooser.random() < 0.3) else chooser.choice(moves))
        if wanted(game, turn):
            found.append(copy_game(game))
    return found
