"""The solver's model of open builders (aisle/kit/solver_open.py): the games it covers get it,
and on small positions its verdicts agree with a plain search that tries every legal move."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from aisle.engine import Game
from aisle.engine.actions import Action
from aisle.kit.solver_open import OpenModel
from aisle.kit.solver_play import EVERYWHERE
from aisle.kit.solver_table import Position
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict
from aisle.solver.model import SolverModel
from aisle.solver.model_search import ModelSearch

OPEN_GAMES = ("bakers-dozen", "beleaguered-castle", "streets-and-alleys", "fortress")
SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class PlainSearch(SolverModel[Position, Action]):
    """Every move the engine allows, each followed by the kit's safe moves (as every kit model
    folds them in), positions told apart by every card: what the open model's own choice of
    moves is held to."""

    def __init__(self, model: OpenModel) -> None:
        self.model = model

    def start(self) -> Position:
        return self.model.start()

    def key(self, state: Position) -> Hashable:
        return state[1], tuple(sorted(state[2]))  # piles in any order play alike

    def won(self, state: Position) -> bool:
        return self.model.won(state)

    def children(self, state: Position) -> Sequence[tuple[Action, Position]]:
        settle = self.model.play.settle
        return [(action, settle(child, EVERYWHERE)) for action, child in self.model.legal(state)]

    def actions(self, state: Position, step: Action) -> tuple[Action, ...]:
        return (step,)

    def legal(self, state: Position) -> Sequence[tuple[Action, Position]]:
        return self.model.legal(state)


def open_model(game: Game) -> OpenModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, OpenModel), game.variant_id
    return model


def endgame(game_id: str, seed: int, left: int) -> Game:
    """A game of `game_id` with about `left` cards still in the piles, dealt at random, and the
    others on the foundations (each suit up to a height of its own)."""
    chooser = random.Random(seed)
    game = new_game(game_id, seed)
    board = game.board
    by_code = {card.code: card for card in board.cards}
    foundations = [slot for slot in board.slots if slot.id.startswith("foundation-")]
    piles = [slot for slot in board.slots if slot.id.startswith("tableau-")]
    for slot in board.slots:
        slot.cards.clear()
    # Uneven suits, so that some cards up are not safe there and may come down again.
    heights = [13] * 4
    weights = [chooser.random() for _ in range(4)]
    while sum(13 - height for height in heights) < left:
        suit = chooser.choices(range(4), weights)[0]
        heights[suit] = max(1, heights[suit] - 1)
    in_play: list[str] = []
    for suit, (height, foundation) in enumerate(zip(heights, foundations, strict=True)):
        codes = [rank + SUITS[suit] for rank in RANKS]
        foundation.cards.extend(by_code[code] for code in codes[:height])
        in_play += codes[height:]
    chooser.shuffle(in_play)
    for code in in_play:
        card = by_code[code]
        card.face_up = True
        chooser.choice(piles).cards.append(card)
    return game


def verdict(model: SolverModel[Any, Any]) -> Verdict:
    return ModelSearch(model, Budget(600, 200_000), None, float("inf")).run()


@pytest.mark.parametrize("game_id", OPEN_GAMES)
def test_open_games_get_the_open_model(game_id: str) -> None:
    assert isinstance(new_game(game_id, 1).variant.solver_model(new_game(game_id, 1).board), OpenModel)


@pytest.mark.parametrize("game_id", OPEN_GAMES)
def test_verdicts_agree_with_a_plain_search(game_id: str) -> None:
    # Small random endgames: the open model leaves out moves and skips dead ends, the plain
    # search tries every move. (Where any card fills an empty pile, so few cards are never lost.)
    seen: dict[Verdict, int] = {Verdict.WON: 0, Verdict.LOST: 0}
    for seed in range(1, 31):
        model = open_model(endgame(game_id, seed, 5 + seed % 4))
        found = verdict(model)
        assert found is verdict(PlainSearch(model)), (game_id, seed)
        seen[found] += 1
    assert seen[Verdict.WON] and (seen[Verdict.LOST] or game_id != "bakers-dozen"), seen
