"""Engine speed: random legal play in every registered game, on one core.

Prints, per game, legal_actions() calls per second and play+undo pairs per second (a random
legal action played and taken back), plus plain random play with the status checked each step.
Run: python bench/engine.py [seconds-per-figure]
"""

from __future__ import annotations

import random
import sys
import time

from aisle.engine import Game
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants


def _positions(variant_id: str, count: int = 40) -> list[Game]:
    """Games advanced by random play to varied positions (a mid-game is where the cost is)."""
    games = []
    chooser = random.Random(7)
    for seed in range(count):
        game = new_game(variant_id, seed + 1)
        for _ in range(chooser.randrange(5, 60)):
            actions = game.legal_actions()
            if not actions:
                break
            game.play(chooser.choice(actions))
        games.append(game)
    return games


def legal_actions_rate(games: list[Game], seconds: float) -> float:
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game in games:
            game.variant.legal_actions(game.board)
        calls += len(games)
    return calls / (time.perf_counter() - start)


def play_undo_rate(games: list[Game], seconds: float) -> float:
    chooser = random.Random(3)
    menus = [game.legal_actions() for game in games]
    pairs, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for game, menu in zip(games, menus, strict=True):
            if menu:
                game.play(chooser.choice(menu))
                game.undo()
                pairs += 1
    return pairs / (time.perf_counter() - start)


def random_play_rate(variant_id: str, seconds: float) -> float:
    chooser = random.Random(11)
    steps, seed, start = 0, 1, time.perf_counter()
    game = new_game(variant_id, seed)
    while time.perf_counter() - start < seconds:
        actions = game.legal_actions()  # reads the status (won/lost) first, as the UI does
        if not actions or game.moves > 400:
            seed += 1
            game = new_game(variant_id, seed)
            continue
        game.play(chooser.choice(actions))
        steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print(f"{'game':<22}{'legal_actions/s':>17}{'play+undo/s':>14}{'random play steps/s':>22}")
    for variant_id in sorted(available_variants()):
        games = _positions(variant_id)
        print(f"{variant_id:<22}{legal_actions_rate(games, seconds):>17,.0f}"
              f"{play_undo_rate(games, seconds):>14,.0f}{random_play_rate(variant_id, seconds):>22,.0f}")


if __name__ == "__main__":
    main()
