"""Monte Carlo's solver model: it plays as the engine, and its exhaustive search (positions told
apart by their ranks only) gives the verdicts of a plain search on small positions."""

from __future__ import annotations

import random

from aisle_monte_carlo import MonteCarlo
from test_monte_carlo_rules import made_game

from aisle.engine import Game
from aisle.engine.cards import new_deck
from aisle.solver import Budget, Verdict, solve
from aisle.testing.plain_search import plain_verdict
from aisle.testing.solver_model import cross_check


def test_the_solver_model_plays_as_the_engine() -> None:
    assert cross_check(MonteCarlo, seeds=(1, 2, 3, 4, 5), steps=150) > 100


def small_game(seed: int) -> Game:
    """Five ranks of every suit, spread at random over the grid (with gaps) and the stock; every
    other card already out."""
    chooser = random.Random(seed)
    codes = [card.code for card in new_deck()]
    ranks = chooser.sample(range(13), 5)
    playing = [code for index, code in enumerate(codes) if index % 13 in ranks]
    chooser.shuffle(playing)
    laid = chooser.randint(14, 20)
    places = ["-"] * 25
    for code, place in zip(playing[:laid], chooser.sample(range(25), laid), strict=True):
        places[place] = code
    out = [code for code in codes if code not in playing]
    return made_game(" ".join(places), " ".join(playing[laid:]), " ".join(out))


def plain_search(game: Game) -> bool:
    """Whether any sequence of legal actions wins (these positions are small enough to tell)."""
    winnable = plain_verdict(game, limit=200_000)
    assert winnable is not None
    return winnable


#: Hand-made positions the rules lose: no pair touches and the gaps cannot close on one.
LOST = [("5C 6C 5D 6D", ""), ("5C 6C 5D 6D - 8C 9C 8D 9D", ""), ("5C 6C 5D 6D", "7C 7D")]


def test_the_verdicts_match_a_plain_search_on_small_positions() -> None:
    games = [small_game(seed) for seed in range(12)]
    for grid, stock in LOST:
        playing = {*grid.split(), *stock.split()} - {"-"}
        out = [card.code for card in new_deck() if card.code not in playing]
        games.append(made_game(grid, stock, " ".join(out)))
    verdicts = []
    for number, game in enumerate(games):
        winnable = plain_search(game)
        verdict = solve(game, Budget(60.0)).verdict
        assert verdict is (Verdict.WON if winnable else Verdict.LOST), f"position {number}"
        verdicts.append(verdict)
    assert verdicts.count(Verdict.LOST) >= len(LOST)
