"""The worked example, Grandfather's Clock (examples/aisle-grandfathers-clock), is a kit game that
names its roles, its deal and where its slots stand, and nothing else: what it gets from the kit on
real deals with no code of its own. The kit gives it the refusals, the legal moves, the safe
automatic moves (card by card: twelve foundations, three to a suit), a hint that looks ahead to the
next card going up, a loss test that sees through moves going round in circles, and a solver model
that the cross-check holds to the engine and that decides its deals 1-20.

Imported from the source folder: tests/test_example_plugin.py installs it the slow way."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import pytest

from aisle.engine import Board, Game, Move, Status
from aisle.kit import KitVariant
from aisle.kit.solver_model import KitModel
from aisle.kit.way_forward import way_up
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_game
from aisle.testing.solver_model import cross_check

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aisle-grandfathers-clock"
DEALS = range(1, 21)
#: Each deal's budget in the solver's tests: positions, so the verdicts do not depend on the
#: machine's speed. The deals need a few hundred to a few thousand.
POSITIONS = 10_000
HOURS = tuple(f"foundation-{hour}" for hour in range(1, 13))


@pytest.fixture(scope="module")
def clock() -> Iterator[type[KitVariant]]:
    sys.path.insert(0, str(EXAMPLE))
    try:
        module: Any = importlib.import_module("aisle_grandfathers_clock")
        yield module.GrandfathersClock
    finally:
        sys.path.remove(str(EXAMPLE))
        for name in [name for name in sys.modules if name.startswith("aisle_grandfathers_clock")]:
            del sys.modules[name]


def unmodelled(variant: type[KitVariant]) -> type[KitVariant]:
    """The same game, searched through its Variant methods alone: no model, no rule of the kit's
    solver knowledge to get wrong."""

    class Unmodelled(variant):  # type: ignore[misc, valid-type]
        def solver_model(self, board: Board) -> None:
            return None

    return Unmodelled


def plain_verdict(game: Game) -> Verdict:
    copied = copy_game(game)
    plain = Game(unmodelled(type(game.variant))(), game.seed, copied.board)
    return solve(plain, Budget(seconds=600, positions=200_000)).verdict


def key(game: Game) -> Hashable:
    return tuple(tuple(card.code for card in slot.cards) for slot in game.board.slots)


def safe(game: Game, move: Move) -> bool:
    """Whether every card that could lie on the card `move` sends up (one rank lower, any suit)
    is on a foundation already."""
    card = game.slot(move.source).cards[-1]
    up = {(c.rank, c.suit) for hour in HOURS for c in game.slot(hour).cards}
    return card.rank == 1 or all((card.rank - 1, suit) in up for suit in {c.suit for c in game.board.cards})


def test_every_fresh_deal_has_a_legal_hint(clock: type[KitVariant]) -> None:
    for seed in DEALS:
        game = Game.new(clock, seed)
        hint = game.hint()
        assert hint is not None and hint.action is not None, seed
        assert game.why_not(hint.action) is None, seed


def test_following_the_hints_never_comes_back_and_ends_the_game(clock: type[KitVariant]) -> None:
    endings = []
    for seed in DEALS:
        game = Game.new(clock, seed)
        seen = {key(game)}
        while game.status is Status.PLAYING:
            hint = game.hint()
            assert hint is not None and hint.action is not None, f"deal {seed}: the hints went quiet"
            game.play(hint.action)
            assert key(game) not in seen, f"deal {seed}: the hints came back to a position"
            seen.add(key(game))
        endings.append(game.status)
    # The hints look ahead only to the next card going up: they win most deals, not all.
    assert endings.count(Status.WON) >= 15 and Status.LOST in endings, endings


def test_the_automatic_moves_send_up_only_cards_the_piles_no_longer_need(clock: type[KitVariant]) -> None:
    automatic = 0
    for seed in DEALS:
        played = Game.new(clock, seed)
        played.auto_up = True
        while played.status is Status.PLAYING and (hint := played.hint()) is not None and hint.action:
            played.play(hint.action)
        replay = Game.new(clock, seed)
        for turn in played.history:
            replay.play(turn.action)
            for move in turn.auto:
                assert move.target in HOURS and safe(replay, move), (seed, move)
                replay.play(move)
                automatic += 1
    assert automatic > 100


def test_a_game_is_lost_once_no_move_leads_to_a_card_going_up(clock: type[KitVariant]) -> None:
    # Random play until the game is over: some games end lost with cards still free to move
    # round the piles; the plain search agrees that nothing wins from there.
    circling = 0
    for seed in DEALS:
        game, chooser = Game.new(clock, seed), random.Random(seed)
        while game.status is Status.PLAYING:
            actions = game.legal_actions()
            assert actions, f"deal {seed}: a game with no legal action is still being played"
            game.play(chooser.choice(actions))
        if game.status is Status.LOST:
            assert way_up(game.variant, game.board).first is None
            if game.variant.legal_actions(game.board):  # the game's own list: the game is over
                circling += 1
                if circling <= 2:
                    assert plain_verdict(game) is Verdict.LOST, seed
    assert circling >= 1


def test_the_kits_model_plays_the_example_as_the_engine_does(clock: type[KitVariant]) -> None:
    game = Game.new(clock, 1)
    assert isinstance(game.variant.solver_model(game.board), KitModel)
    assert cross_check(clock, seeds=range(1, 6), steps=150) > 200


def test_the_solver_decides_deals_1_to_20(clock: type[KitVariant]) -> None:
    verdicts = {}
    for seed in DEALS:
        game = Game.new(clock, seed)
        result = solve(game, Budget(seconds=600, positions=POSITIONS))
        verdicts[seed] = result.verdict
        if result.verdict is Verdict.WON:
            game.auto_up = False
            for action in result.solution:
                game.play(action)
            assert game.status is Status.WON, seed
    assert Verdict.UNKNOWN not in verdicts.values(), verdicts
    lost = [seed for seed, verdict in verdicts.items() if verdict is Verdict.LOST]
    assert lost == [1], verdicts
    # The loss, found again by a search with no solver knowledge of the kit's.
    assert plain_verdict(Game.new(clock, 1)) is Verdict.LOST
