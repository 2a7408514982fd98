"""Spider's dead-end test (`aisle.kit.solver_dead_spider`, one deck): a position it calls dead is
lost to a plain search of the board too, a King with its whole suit on it may empty its pile,
and the test never fires on a won line."""

from __future__ import annotations

import random
import time

import pytest
from aisle_will_o_the_wisp import WillOTheWisp
from hand_laid import laid

from aisle.engine import Game, Status
from aisle.kit.solver_spider import SpiderModel
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_board
from aisle.solver.search import Search

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: Clubs and diamonds up; the hearts and spades left to play.
TWO_UP = {"foundation-1": " ".join(rank + "C" for rank in reversed(RANKS)),
          "foundation-2": " ".join(rank + "D" for rank in reversed(RANKS))}
#: Spades no pile of which can be emptied while the hearts stay on pile 1.
SPADES = {"tableau-2": "QS 10S 2S", "tableau-3": "7S", "tableau-4": "JS", "tableau-5": "6S 3S 8S KS",
          "tableau-6": "AS 4S 9S", "tableau-7": "5S"}
#: The hearts from King down to two on their Ace: the Ace never leaves the bottom. Lost.
HEARTS_ON_THEIR_ACE = {**TWO_UP, **SPADES,
                       "tableau-1": "AH " + " ".join(rank + "H" for rank in reversed(RANKS[1:]))}
#: The hearts King to Ace: the run goes up and empties its pile, and the spades can be sorted. Won.
HEARTS_GATHERED = {**TWO_UP, **SPADES, "tableau-1": " ".join(rank + "H" for rank in reversed(RANKS))}


def model_of(game: Game) -> SpiderModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, SpiderModel) and model.spider_dead is not None
    return model


def dead(game: Game) -> bool:
    model = model_of(game)
    assert model.spider_dead is not None
    return model.spider_dead.dead(model.start())


def board_search(game: Game, positions: int = 100_000) -> Verdict:
    """The plain search over the board, which knows nothing of the model."""
    variant = type(game.variant)(game.options)
    return Search(variant, copy_board(game.board), Budget(600, positions), None, time.monotonic() + 600).run()


def two_suits(seed: int) -> Game:
    """Hearts and spades shuffled onto the seven piles, some of them face down."""
    rng = random.Random(seed)
    cards = [rank + suit for suit in "HS" for rank in RANKS]
    rng.shuffle(cards)
    cuts = sorted(rng.sample(range(1, len(cards)), 6))
    piles = [cards[start:end] for start, end in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    layout = {f"tableau-{number}": " ".join(("~" if index < len(pile) - 1 and rng.random() < 0.3 else "")
                                            + card for index, card in enumerate(pile))
              for number, pile in enumerate(piles, start=1)}
    return laid(WillOTheWisp, {**TWO_UP, **layout})


def test_every_small_position_called_dead_is_lost_to_a_plain_search() -> None:
    fired = 0
    for seed in range(40):
        game = two_suits(seed)
        if dead(game):
            fired += 1
            assert board_search(game) is Verdict.LOST, seed
    assert fired >= 3


def test_an_ace_under_its_own_king_is_a_dead_end() -> None:
    game = laid(WillOTheWisp, HEARTS_ON_THEIR_ACE)
    assert dead(game)
    assert board_search(game) is Verdict.LOST
    assert solve(game, Budget(60)).verdict is Verdict.LOST


def test_a_king_with_its_whole_suit_on_it_may_empty_its_pile() -> None:
    game = laid(WillOTheWisp, HEARTS_GATHERED)
    assert not dead(game)
    assert board_search(game) is Verdict.WON


@pytest.mark.parametrize(("game_id", "seed"), [("will-o-the-wisp", 2), ("spiderette", 3)])
def test_the_dead_end_test_never_fires_on_a_winning_line(game_id: str, seed: int) -> None:
    game = new_game(game_id, seed)
    game.auto_up = False
    result = solve(game, Budget(600, positions=30_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        assert not dead(game)
        game.play(action)
    assert game.status is Status.WON
