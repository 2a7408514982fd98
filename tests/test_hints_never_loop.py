"""Following the hints never comes back to a position: for many deals of every game and option,
with and without automatic moves, hints are followed until they suggest nothing, and no
position (cards, faces and the game's own values) is ever reached twice. Some deals are also
played to the end of the hints with a larger bound (`WHOLE_GAMES`: the deals each game's own
tests once played), and where it says so, the game must then be over."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import NamedTuple

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


def golf_done(game: Game) -> bool:
    """Golf's hints play it out within its 52 cards' worth of moves."""
    return over(game) and len(game.history) <= 52


def all_redeals_used(game: Game) -> bool:
    """Gaps' hints use both of its redeals before the game ends."""
    return over(game) and game.state["redeals"] == 2


def stock_empty(game: Game) -> bool:
    """The hints stop only once the whole stock has been dealt."""
    return not game.slot("stock").cards


def gypsy_done(game: Game) -> bool:
    """Gypsy's hints deal the whole stock and send more than a hundred points' worth up."""
    return stock_empty(game) and game.score > 100


class WholeGame(NamedTuple):
    """Deals of one game played by the hints until they stop."""

    game_id: str
    options: dict[str, str]
    deals: tuple[int, ...]
    #: What must hold once the hints stop (None: only that they stop).
    after: Callable[[Game], bool] | None = None
    #: The hints at most (None: `WHOLE_GAME_HINTS`).
    most: int | None = None
    #: The statuses the deals, taken together, must end in (None: any).
    ends: frozenset[Status] | None = None


#: The hints a whole game may take at most, unless its entry says otherwise.
WHOLE_GAME_HINTS = 1000
#: Whole games played by the hints (the deals each game's own tests once played).
WHOLE_GAMES = [
    WholeGame("agnes", {}, tuple(range(1, 7)), after=stock_spent),
    WholeGame("aunt-mary", {}, tuple(range(1, 7)), after=stock_spent),
    WholeGame("bakers-dozen", {}, tuple(range(1, 9)), after=scored),
    WholeGame("bakers-game", {}, tuple(range(1, 9))),
    WholeGame("beleaguered-castle", {}, tuple(range(1, 9))),
    WholeGame("bristol", {}, (1, 2, 3, 4), after=over),
    WholeGame("canfield", {}, tuple(range(1, 21)), most=3000, ends=frozenset(Status)),
    WholeGame("easthaven", {}, tuple(range(1, 9)), after=stock_spent),
    WholeGame("eight-off", {}, tuple(range(1, 9))),
    WholeGame("fortress", {}, tuple(range(1, 9))),
    WholeGame("forty-thieves", {}, (1, 2, 3, 4, 5)),
    WholeGame("freecell", {}, (1, 2, 4, 6, 7, 9, 10, 11982), most=300),
    WholeGame("gaps", {"gaps": "after"}, (1, 2, 3), after=all_redeals_used),
    WholeGame("gaps", {"gaps": "random"}, (1, 2, 3), after=all_redeals_used),
    WholeGame("golf", {}, tuple(range(1, 9)), after=golf_done),
    WholeGame("gypsy", {}, (1, 2, 3, 4), after=gypsy_done),
    WholeGame("kansas", {}, (1, 2, 3, 4), after=stock_empty),
    WholeGame("king-albert", {}, tuple(range(1, 9)), after=scored),
    WholeGame("labyrinth", {}, (1, 2, 3, 4), after=over),
    WholeGame("osmosis", {"deal": "single"}, tuple(range(1, 7)), after=over),
    WholeGame("osmosis", {"deal": "three"}, tuple(range(1, 7)), after=over),
    WholeGame("pyramid", {}, tuple(range(1, 11)), after=over),
    WholeGame("scorpion", {}, tuple(range(1, 11)), after=over),
    WholeGame("seahaven", {}, tuple(range(1, 9))),
    WholeGame("spider", {"suits": "four"}, tuple(range(1, 9)), most=2000),
    WholeGame("spider", {"suits": "two"}, tuple(range(1, 9)), most=2000),
    WholeGame("spider", {"suits": "one"}, tuple(range(1, 9)), most=2000),
    WholeGame("spiderette", {}, tuple(range(1, 7))),
    WholeGame("streets-and-alleys", {}, tuple(range(1, 9))),
    WholeGame("tripeaks", {}, tuple(range(1, 11)), after=over),
    WholeGame("union-square", {}, (1, 2, 3), after=stock_spent),
    WholeGame("whitehead", {}, tuple(range(1, 7)), after=stock_spent),
    WholeGame("will-o-the-wisp", {}, tuple(range(1, 7))),
    WholeGame("yukon", {}, tuple(range(1, 9)), after=over),
]


@pytest.mark.parametrize("whole", WHOLE_GAMES,
                         ids=[f"{whole.game_id}-{json.dumps(whole.options)}" for whole in WHOLE_GAMES])
def test_whole_games_played_by_the_hints_never_come_back(whole: WholeGame) -> None:
    bound = whole.most or WHOLE_GAME_HINTS
    ends = set()
    for seed in whole.deals:
        game = new_game(whole.game_id, seed, whole.options)
        count, repeated = follow_hints(game, bound)
        assert repeated is None, f"deal {seed}: {repeated}"
        assert count < bound, f"deal {seed}: the hints never stop"
        assert whole.after is None or whole.after(game), (
            f"deal {seed}: the hints stopped at {game.status}")
        ends.add(game.status)
    assert whole.ends is None or ends == whole.ends
