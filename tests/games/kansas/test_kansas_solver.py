"""Kansas and the kit's solver model (the game is solved with its own, plugins/aisle_kansas/
solving.py, tests in test_kansas_model.py): the kit's model plays its rule of the empty piles (the
waste's card only, once the reserve is empty; `aisle.kit.solver_rules.WasteFillsSpaces`) as the
game's own methods do; and the solver's verdicts agree with a plain search of the game's own
actions (`aisle.testing.plain_search`)."""

from __future__ import annotations

import random

from aisle_kansas import Kansas
from test_kansas_rules import made_game

from aisle.engine import Board, Game, Move
from aisle.kit.solver_coverage import unknown_rules
from aisle.kit.solver_model import KitModel
from aisle.kit.solver_models import model_of
from aisle.solver import Verdict
from aisle.testing.plain_search import verdicts_against_plain_search
from aisle.testing.solver_model import check_position, cross_check

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


class KitKansas(Kansas):
    """Kansas solved with the kit's model rather than its own."""

    def solver_model(self, board: Board) -> KitModel:
        model = model_of(self, board)
        assert isinstance(model, KitModel)
        return model


def test_the_kits_model_plays_kansas() -> None:
    assert unknown_rules(Kansas()) is None
    assert cross_check(KitKansas, seeds=(1, 2, 3), steps=150) > 100


def test_an_empty_pile_takes_the_wastes_card_and_no_piles_card() -> None:
    game = made_game({"stock": "~2H ~9D", "waste": "4D", "foundation-1": "QS", "foundation-2": "QD",
                      "tableau-1": "KS 2C 7H", "tableau-2": "8C"})
    model = KitKansas().solver_model(game.board)
    into_empty = {action for action, _ in model.legal(model.start())
                  if isinstance(action, Move) and action.target == "tableau-3"}
    assert into_empty == {Move("waste", 1, "tableau-3")}
    check_position(Game(KitKansas(), 0, game.board))
    # The search tries it too: the waste's card into the empty pile.
    steps = [model.actions(model.start(), step) for step, _ in model.children(model.start())]
    assert any(Move("waste", 1, "tableau-3") in actions for actions in steps)


def small_game(seed: int) -> Game:
    """The foundations built ten or eleven cards up from a random base; the cards above spread at
    random over the reserve, the piles and the stock."""
    chooser = random.Random(seed)
    base, height = chooser.randrange(13), chooser.randint(10, 11)
    ranks = [RANKS[(base + step) % 13] for step in range(13)]
    slots = {f"foundation-{n}": " ".join(rank + suit for rank in ranks[:height])
             for n, suit in enumerate("SHDC", 1)}
    rest = [rank + suit for rank in ranks[height:] for suit in "SHDC"]
    chooser.shuffle(rest)
    reserve = chooser.randint(0, 3)
    slots["reserve"] = " ".join(["~" + code for code in rest[:reserve]][:-1] + rest[reserve - 1:reserve])
    rest = rest[reserve:]
    for pile in ("tableau-1", "tableau-2", "tableau-3"):
        laid = chooser.randint(1, 3)
        slots[pile], rest = " ".join(rest[:laid]), rest[laid:]
    slots["stock"] = " ".join("~" + code for code in rest)
    return made_game(slots)


def test_the_models_verdicts_agree_with_a_plain_search() -> None:
    verdicts = verdicts_against_plain_search((small_game(seed) for seed in range(40)), limit=4_000,
                                             wanted=8)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts
