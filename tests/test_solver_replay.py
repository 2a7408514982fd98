"""Every solution the solver finds wins when the engine replays it, for every game and option."""

from __future__ import annotations

import pytest

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_game

#: Deals that the solver wins within a few thousand positions (found by running it).
QUICK_DEALS: list[tuple[str, dict[str, str], tuple[int, ...]]] = [
    ("klondike", {"deal": "single"}, (4, 6, 8, 11)),
    ("klondike", {"deal": "three"}, (2, 3, 4, 6)),
    ("klondike", {"deal": "no-redeals"}, (23, 27, 44)),
    ("klondike", {"deal": "unlimited"}, (2, 3, 4, 6)),
    ("cruel", {}, (1, 2, 3, 4)),
    ("doublets", {}, (1, 2, 3, 4)),
]
#: Generous for these deals (they need a few thousand positions); never reached on a normal day.
BUDGET = Budget(seconds=120, positions=20_000)


def replay_wins(game: Game, solution: tuple[object, ...]) -> bool:
    replay = new_game(game.variant_id, game.seed, game.options)
    for action in solution:
        replay.play(action)  # type: ignore[arg-type]
    return replay.status is Status.WON


@pytest.mark.parametrize(("game_id", "options", "seeds"), QUICK_DEALS,
                         ids=[f"{g}-{o.get('deal', '')}" for g, o, _ in QUICK_DEALS])
def test_solutions_replay_to_a_win(game_id: str, options: dict[str, str], seeds: tuple[int, ...]) -> None:
    for seed in seeds:
        game = new_game(game_id, seed, options)
        result = solve(game, BUDGET, checked=True)
        assert result.verdict is Verdict.WON, (game_id, options, seed)
        assert result.solution and result.positions > 0
        assert replay_wins(game, result.solution)


def test_every_builtin_game_and_option_is_covered() -> None:
    from aisle.registry.loading import available_variants

    covered = {(g, tuple(sorted(o.items()))) for g, o, _ in QUICK_DEALS}
    for game_id in ("klondike", "cruel", "doublets"):
        for options in available_variants()[game_id].variant.option_combinations():
            assert (game_id, tuple(sorted(options.items()))) in covered


def spider_near_the_end() -> Game:
    """Eleven runs up and the last one split over two piles, nine cards on four: the solver
    must join them and send the run up."""
    game = new_game("spider-three-decks", 1)
    board = game.board
    for slot in board.slots:
        slot.cards.clear()
    by_suit: dict[str, list[list[object]]] = {}
    for card in board.cards:
        card.face_up = True
        by_suit.setdefault(f"{card.suit}{card.deck}", []).append(card)
    runs = [sorted(cards, key=lambda c: -c.rank) for cards in by_suit.values()]  # type: ignore[attr-defined]
    for index, run in enumerate(runs[:11]):
        board.slot(f"foundation-{index + 1}").cards.extend(run)  # type: ignore[arg-type]
    last = runs[11]
    board.slot("tableau-1").cards.extend(last[:4])  # type: ignore[arg-type]
    board.slot("tableau-2").cards.extend(last[9:])  # type: ignore[arg-type]
    board.slot("tableau-3").cards.extend(last[4:9])  # type: ignore[arg-type]
    return game


def test_spider_three_decks_solution_replays() -> None:
    game = spider_near_the_end()
    replay = copy_game(game)  # a hand-made position has no history to restore it from
    result = solve(game, BUDGET, checked=True)
    assert result.verdict is Verdict.WON
    for action in result.solution:
        replay.play(action)
    assert replay.status is Status.WON
