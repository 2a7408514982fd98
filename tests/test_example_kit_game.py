"""The worked example, Aces Up (examples/aisle-aces-up), is a kit game with one rule of its own:
what it gets on real deals. The kit gives it the refusals, the stock, the legal moves, the loss
test and the solver's key, and so a solver that finds wins with no solver code of its own; the
example adds its discard rule, the safe discards and a hint that fills empty piles first.

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
from aisle.solver import Budget, Verdict, solve

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aisle-aces-up"
DEALS = range(1, 21)
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


def test_the_solver_finds_wins_with_the_kits_defaults(aces_up: type[KitVariant]) -> None:
    # A positions budget, so the verdicts do not depend on the machine's speed. The search is
    # the general one on the board, with the kit's key. Within a few thousand positions it finds
    # the wins that lie near the first lines it tries; proving a deal lost means seeing every
    # position the deal can reach, millions for Aces Up, so no deal is decided lost here.
    verdicts = {}
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        result = solve(game, Budget(seconds=120, positions=8000))
        verdicts[seed] = result.verdict
        if result.verdict is Verdict.WON:
            game.auto_up = False
            for action in result.solution:
                game.play(action)
            assert game.status is Status.WON, seed
    won = [seed for seed, verdict in verdicts.items() if verdict is Verdict.WON]
    assert len(won) >= 3, verdicts
