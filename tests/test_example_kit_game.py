"""The worked example, Aces Up (examples/aisle-aces-up), is a kit game whose discard pile takes
cards by a rule of its own (`Foundations(accepts=...)`): what it gets on real deals with no code
of its own. The kit gives it the refusals, the stock, the legal moves, the safe discards, a hint
that fills empty piles first, the loss test, and a solver model (`aisle.kit.solver_discard`)
that the cross-check holds to the engine and that wins deals in a few thousand positions.

Imported from the source folder: tests/test_example_plugin.py installs it the slow way."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aisle.engine import Deal, Game, Move, Status
from aisle.kit import KitVariant
from aisle.kit.solver_discard import DiscardModel
from aisle.solver import Budget, Verdict, solve
from aisle.testing.solver_model import cross_check

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aisle-aces-up"
DEALS = range(1, 21)
#: Each deal's budget in the solver's test: the wins on deals 1-20 need up to 15,000 or so.
POSITIONS = 20_000
DISCARD = "foundation-1"


@pytest.fixture(scope="module")
def aces_up() -> Iterator[type[KitVariant]]:
    sys.path.insert(0, str(EXAMPLE))
    try:
        module: Any = importlib.import_module("aisle_aces_up")
        yield module.AcesUp
    finally:
        sys.path.remove(str(EXAMPLE))
        for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
            del sys.modules[name]


def safe(game: Game, move: Move) -> bool:
    """Whether the card `move` discards has no lower card of its suit left to beat."""
    card = game.slot(move.source).cards[-1]
    gone = {(c.suit, c.rank) for c in game.slot(DISCARD).cards}
    return all((card.suit, rank) in gone for rank in range(2, card.rank))


def played_by_hints(game: Game, most: int = 400) -> Game:
    """Follow the hints to the end of the game (following them never comes back to a position)."""
    for _ in range(most):
        hint = game.hint()
        if game.status is not Status.PLAYING or hint is None or hint.action is None:
            break
        game.play(hint.action)
    return game


def test_every_fresh_deal_has_a_legal_hint(aces_up: type[KitVariant]) -> None:
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        hint = game.hint()
        assert hint is not None and hint.action is not None, seed
        assert game.why_not(hint.action) is None, seed


def test_send_all_up_and_the_automatic_moves_discard_only_safe_cards(aces_up: type[KitVariant]) -> None:
    sent = automatic = 0
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        while game.status is Status.PLAYING and not game.can_send_all_up:
            game.play(Deal())
        if game.can_send_all_up:
            before = list(game.slot(DISCARD).cards)
            game.send_all_up()
            gone = {(card.suit, card.rank) for card in before}
            for card in game.slot(DISCARD).cards[len(before):]:
                assert all((card.suit, rank) in gone for rank in range(2, card.rank)), seed
                gone.add((card.suit, card.rank))
                sent += 1
            assert game.variant.safe_up_move(game.board) is None, seed  # nothing safe is left
        # Automatic moves on, to the end of a game: each one was safe when it was made.
        played = Game.new(aces_up, seed)
        played.auto_up = True
        played_by_hints(played)
        replay = Game.new(aces_up, seed)
        for turn in played.history:
            replay.play(turn.action)
            for move in turn.auto:
                assert move.target == DISCARD and safe(replay, move), seed
                replay.play(move)
                automatic += 1
    assert sent > 0 and automatic > 0


def test_a_game_played_to_its_end_is_won_or_lost_and_lost_means_nothing_is_left(
        aces_up: type[KitVariant]) -> None:
    endings = set()
    for seed in DEALS:
        game = played_by_hints(Game.new(aces_up, seed))
        assert game.status is not Status.PLAYING, f"deal {seed}: the hints stopped in a live game"
        endings.add(game.status)
        if game.status is Status.LOST:
            assert game.legal_actions() == [] and not game.slot("stock").cards, seed
            refusal = game.why_not(Deal())
            assert refusal is not None and refusal.msgid == "The game is over."
    assert Status.LOST in endings


def test_the_kits_model_plays_the_example_as_the_engine_does(aces_up: type[KitVariant]) -> None:
    game = Game.new(aces_up, 1)
    assert isinstance(game.variant.solver_model(game.board), DiscardModel)
    # Random games end after twenty-odd actions: twenty of them, every position checked.
    assert cross_check(aces_up, seeds=DEALS, steps=150) > 200


def test_the_kits_model_decides_deals_in_a_position_budget(aces_up: type[KitVariant]) -> None:
    # A positions budget, so the verdicts do not depend on the machine's speed. Wins lie near
    # the lines the hunts try first; a loss is proved only by seeing every position the deal
    # can reach, and Aces Up's deals reach millions, so the deals not won stay undecided here.
    verdicts = {}
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        result = solve(game, Budget(seconds=600, positions=POSITIONS))
        verdicts[seed] = result.verdict
        if result.verdict is Verdict.WON:
            game.auto_up = False
            for action in result.solution:
                game.play(action)
            assert game.status is Status.WON, seed
    won = [seed for seed, verdict in verdicts.items() if verdict is Verdict.WON]
    assert len(won) >= 10, verdicts
