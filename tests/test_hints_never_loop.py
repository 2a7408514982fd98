"""Following the hints never comes back to a position: for many deals of every game and option,
with and without automatic moves, hints are followed until they suggest nothing, and no
position (cards, faces and the game's own values) is ever reached twice. Some deals are also
played to the end of the hints with a larger bound (`WHOLE_GAMES`: the deals each game's own
tests once played), and where it says so, the game must then be over."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable

import pytest
from toy_game import ToyGame

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.variant import Variant

#: The built-in games of this project get the long run; games added later a shorter one.
BUILT_IN = {"klondike", "cruel", "doublets", "spider-three-decks"}
HINTS_PER_DEAL = 300


def position(game: Game) -> Hashable:
    cards = tuple(tuple((card.id, card.face_up) for card in slot.cards) for slot in game.slots)
    return cards, json.dumps(game.state, sort_keys=True)


def follow_hints(game: Game, most: int = HINTS_PER_DEAL) -> tuple[int, str | None]:
    """Follow at most `most` hints from the deal; the number followed, and a description of the
    first position reached again (None: none was)."""
    seen = {position(game): 0}
    for step in range(1, most + 1):
        hint = game.hint()
        if hint is None or hint.action is None or game.status is not Status.PLAYING:
            return step - 1, None
        game.play(hint.action)
        reached = position(game)
        if reached in seen:
            return step, (f"hint {step} ({hint.text.translate()}) went back to the position "
                          f"after hint {seen[reached]}")
        seen[reached] = step
    return most, None


def _cases() -> list[tuple[type[Variant], dict[str, str], bool, int]]:
    cases = []
    for info in available_variants().values():
        for options in info.variant.option_combinations():
            long_run = info.id in BUILT_IN
            cases.append((info.variant, options, False, 200 if long_run else 20))
            cases.append((info.variant, options, True, 30 if long_run else 10))
    cases.append((ToyGame, {}, False, 60))
    return cases


@pytest.mark.parametrize(("variant", "options", "auto_up", "deals"), _cases(),
                         ids=lambda value: getattr(value, "id", None) or json.dumps(value))
def test_following_hints_never_repeats_a_position(
    variant: type[Variant], options: dict[str, str], auto_up: bool, deals: int
) -> None:
    followed = 0
    for seed in range(1, deals + 1):
        game = Game.new(variant, seed, options)
        game.auto_up = auto_up
        count, repeated = follow_hints(game)
        assert repeated is None, f"deal {seed}: {repeated}"
        followed += count
    assert followed > deals  # the hints were followed, not refused from the start


def over(game: Game) -> bool:
    """The hints stop only once the game is won or lost."""
    return game.status is not Status.PLAYING


def stock_spent(game: Game) -> bool:
    """The hints stop only once the game is over or its stock is empty."""
    return game.status is not Status.PLAYING or not game.slot("stock").cards


def scored(game: Game) -> bool:
    """The hints sent cards up before they stopped."""
    return game.score > 0


#: The hints a whole game may take at most, unless its entry says otherwise.
WHOLE_GAME_HINTS = 1000
#: Whole games played by the hints: (game id, options, deals, what must hold once the hints
#: stop or None, the hints at most or None for `WHOLE_GAME_HINTS`).
WHOLE_GAMES: list[tuple[str, dict[str, str], tuple[int, ...], Callable[[Game], bool] | None, int | None]] = [
    ("agnes", {}, tuple(range(1, 7)), stock_spent, None),
    ("aunt-mary", {}, tuple(range(1, 7)), stock_spent, None),
    ("bakers-dozen", {}, tuple(range(1, 9)), scored, None),
    ("bakers-game", {}, tuple(range(1, 9)), None, None),
    ("beleaguered-castle", {}, tuple(range(1, 9)), None, None),
    ("bristol", {}, (1, 2, 3, 4), over, None),
    ("canfield", {}, tuple(range(1, 21)), None, 3000),
    ("easthaven", {}, tuple(range(1, 9)), stock_spent, None),
    ("eight-off", {}, tuple(range(1, 9)), None, None),
    ("fortress", {}, tuple(range(1, 9)), None, None),
    ("forty-thieves", {}, (1, 2, 3, 4, 5), None, None),
    ("freecell", {}, (1, 2, 4, 6, 7, 9, 10, 11982), None, 300),
    ("gaps", {"gaps": "after"}, (1, 2, 3), over, None),
    ("gaps", {"gaps": "random"}, (1, 2, 3), over, None),
    ("golf", {}, tuple(range(1, 9)), over, None),
    ("gypsy", {}, (1, 2, 3, 4), stock_spent, None),
    ("kansas", {}, (1, 2, 3, 4), stock_spent, None),
    ("king-albert", {}, tuple(range(1, 9)), scored, None),
    ("labyrinth", {}, (1, 2, 3, 4), over, None),
    ("osmosis", {"deal": "single"}, tuple(range(1, 7)), over, None),
    ("osmosis", {"deal": "three"}, tuple(range(1, 7)), over, None),
    ("pyramid", {}, tuple(range(1, 11)), over, None),
    ("scorpion", {}, tuple(range(1, 11)), over, None),
    ("seahaven", {}, tuple(range(1, 9)), None, None),
    ("spider", {"suits": "four"}, tuple(range(1, 9)), None, 2000),
    ("spider", {"suits": "two"}, tuple(range(1, 9)), None, 2000),
    ("spider", {"suits": "one"}, tuple(range(1, 9)), None, 2000),
    ("spiderette", {}, tuple(range(1, 7)), None, None),
    ("streets-and-alleys", {}, tuple(range(1, 9)), None, None),
    ("tripeaks", {}, tuple(range(1, 11)), over, None),
    ("union-square", {}, (1, 2, 3), stock_spent, None),
    ("whitehead", {}, tuple(range(1, 7)), stock_spent, None),
    ("will-o-the-wisp", {}, tuple(range(1, 7)), None, None),
    ("yukon", {}, tuple(range(1, 9)), over, None),
]


@pytest.mark.parametrize(("game_id", "options", "deals", "after", "most"), WHOLE_GAMES,
                         ids=[f"{game_id}-{json.dumps(options)}" for game_id, options, *_ in WHOLE_GAMES])
def test_whole_games_played_by_the_hints_never_come_back(
    game_id: str, options: dict[str, str], deals: tuple[int, ...],
    after: Callable[[Game], bool] | None, most: int | None
) -> None:
    bound = most or WHOLE_GAME_HINTS
    for seed in deals:
        game = new_game(game_id, seed, options)
        count, repeated = follow_hints(game, bound)
        assert repeated is None, f"deal {seed}: {repeated}"
        assert count < bound, f"deal {seed}: the hints never stop"
        assert after is None or after(game), f"deal {seed}: the hints stopped at {game.status}"
