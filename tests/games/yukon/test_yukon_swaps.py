"""Yukon's solver model leaves out the swaps nothing can follow (aisle/kit/families/face_up_model.py):
on small positions its exhaustive search answers as the kit's plain model and a plain search of
the board do, won or lost, while it looks at fewer positions; its hunch is the kit's."""

from __future__ import annotations

import random
import time
from typing import Any

from aisle.engine import Game
from aisle.kit.families.face_up_model import FaceUpModel
from aisle.kit.solver_model import KitModel
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict
from aisle.solver.model_search import ModelSearch
from aisle.solver.position import copy_board
from aisle.solver.search import Search

SUITS = "CDHS"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def end_game(seed: int) -> Game:
    """A Yukon deal near its end: each suit up to a random rank, the other cards shuffled into
    the seven piles, the lower ones of each pile face down."""
    chooser = random.Random(seed)
    heights = [chooser.randint(4, 7) for _ in SUITS]
    layout: dict[str, list[str]] = {f"foundation-{index + 1}": [rank + suit for rank in RANKS[:height]]
                                    for index, (suit, height) in enumerate(zip(SUITS, heights, strict=True))}
    rest = [rank + suit for suit, height in zip(SUITS, heights, strict=True) for rank in RANKS[height:]]
    chooser.shuffle(rest)
    piles: list[list[str]] = [[] for _ in range(7)]
    for code in rest:
        piles[chooser.randrange(7)].append(code)
    for number, pile in enumerate(piles):
        down = max(len(pile) - chooser.randint(1, 2), 0)
        layout[f"tableau-{number + 1}"] = [code + "?" if place < down else code
                                           for place, code in enumerate(pile)]
    game = new_game("yukon", 1)
    by_code = {card.code: card for card in game.board.cards}
    for slot in game.board.slots:
        slot.cards.clear()
    for slot_id, codes in layout.items():
        for name in codes:
            card = by_code.pop(name.rstrip("?"))
            card.face_up = not name.endswith("?")
            game.board.slot(slot_id).cards.append(card)
    return game


def model_of(game: Game) -> FaceUpModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, FaceUpModel)
    return model


def plain(model: FaceUpModel) -> KitModel:
    """The same position and rules in the kit's model, which tries every swap."""
    return KitModel(model.rules, model.start())


def exhaustive(model: KitModel) -> tuple[Verdict, int]:
    search = ModelSearch(model, Budget(600, positions=400_000), None, float("inf"))
    return search.run(), search.positions


def test_end_games_are_won_or_lost_alike_with_and_without_the_swaps() -> None:
    verdicts: list[Verdict] = []
    pruned_positions = plain_positions = 0
    for seed in range(40):
        game = end_game(seed)
        model = model_of(game)
        verdict, positions = exhaustive(model)
        plain_verdict, plain_count = exhaustive(plain(model))
        assert verdict is plain_verdict, seed
        assert verdict is not Verdict.UNKNOWN, seed
        verdicts.append(verdict)
        pruned_positions += positions
        plain_positions += plain_count
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts
    assert pruned_positions < plain_positions


def test_a_lost_end_game_is_lost_to_a_plain_search_of_the_board() -> None:
    lost = 0
    for seed in range(40):
        game = end_game(seed)
        verdict, positions = exhaustive(model_of(game))
        if verdict is not Verdict.LOST or positions > 100:  # small spaces: the board is slow
            continue
        variant = type(game.variant)(game.options)
        board = Search(variant, copy_board(game.board), Budget(600, 50_000), None, time.monotonic() + 600)
        assert board.run() is Verdict.LOST, seed
        lost += 1
        if lost == 3:
            break
    assert lost == 3


def test_the_hunch_is_the_kits() -> None:
    game = new_game("yukon", 42)
    model = model_of(game)
    seen: list[Any] = []
    hunch = model.hunch

    def noted(state: Any) -> Any:
        seen.append(state)
        return hunch(state)

    model.hunch = noted  # type: ignore[method-assign]
    ModelSearch(model, Budget(600, positions=1_000), None, float("inf"), hunch=True).run()
    assert len(seen) > 500
    kit = plain(model)
    for state in seen:
        assert [step for step, _ in hunch(state)] == [step for step, _ in kit.hunch(state)]
