"""Napoleon's Tomb's solver model (solving.py: ranks only, reserves and corners alike, a
reserve's card that fits sent up) against a plain search that tells every card apart and tries
every legal action, on small positions late in a game; and against the engine (cross-check)."""

from __future__ import annotations

import random

import pytest
from aisle_napoleons_tomb import NapoleonsTomb
from aisle_napoleons_tomb.game import RESERVES

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_board
from aisle.testing.plain_search import without_solver_knowledge
from aisle.testing.solver_model import cross_check, start_key

OPTIONS = [{"deal": "single"}, {"deal": "three"}]


#: The same rules with no solver knowledge: every card told apart, every action tried.
PlainTomb = without_solver_knowledge(NapoleonsTomb)


def late_positions(options: dict[str, str], seeds: range, left: int) -> list[Game]:
    """Positions of games played at random until at most `left` cards are out of the
    foundations, taking a card up whenever one can go (so that some are won)."""
    found = []
    for seed in seeds:
        game = new_game("napoleons-tomb", seed, options)
        chooser = random.Random(seed)
        while game.status is Status.PLAYING and sum(
                len(game.slot(slot).cards) for slot in ("stock", "waste", *RESERVES)) > left:
            ups = game.variant.up_moves(game.board)
            game.play(ups[0] if ups else chooser.choice(game.legal_actions()))
        if game.status is Status.PLAYING:
            found.append(game)
    return found


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["deal"])
def test_the_model_decides_as_the_plain_search_does(options: dict[str, str]) -> None:
    verdicts = []
    for game in late_positions(options, range(1, 40), 12):
        plain = Game(PlainTomb(options), 1, copy_board(game.board))
        known = solve(game, Budget(600, 200_000))
        expected = solve(plain, Budget(600, 200_000))
        assert Verdict.UNKNOWN not in (known.verdict, expected.verdict)
        assert known.verdict is expected.verdict
        assert known.positions <= expected.positions
        verdicts.append(known.verdict)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["deal"])
def test_the_model_plays_as_the_engine_does(options: dict[str, str]) -> None:
    assert cross_check(NapoleonsTomb, options, seeds=(1, 2, 3), steps=200) > 100


def test_positions_alike_but_for_suits_share_a_key() -> None:
    game = new_game("napoleons-tomb", 1)
    board = game.board

    before = start_key(game)
    stock = board.slot("stock").cards
    twin = next(index for index, card in enumerate(stock[:-1]) if card.rank == stock[-1].rank)
    stock[-1], stock[twin] = stock[twin], stock[-1]
    assert start_key(game) == before
    stock[-1], stock[-2] = stock[-2], stock[-1]
    assert stock[-1].rank == stock[-2].rank or start_key(game) != before
