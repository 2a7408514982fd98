"""Doublets' solver model: its key (where the stock stands left to `spent`) and its steps (the
waste's card left out where a reserve has the same rank) never call a winnable position lost;
the guide only orders the steps; a small dead position; hard deals won."""

from __future__ import annotations

import random
import time

from aisle_doublets.guide import reach
from aisle_doublets.rules import wanted_rank
from aisle_doublets.solving import DoubletsModel, State, Step
from test_doublets_play import arranged

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.model_search import ModelSearch

NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = "CDHS"
RESERVES = [f"reserve-{n}" for n in range(1, 8)]


class PlainDoublets(DoubletsModel):
    """The model without its reductions: where the stock stands is part of the key, every
    slot that can play is tried, in the plain order."""

    def key(self, state: State) -> bytes:
        return super().key(state) + bytes((state[2],))

    def spent(self, state: State) -> int:
        return state[5]

    def _plays(self, state: State, every: bool = False) -> list[int]:
        return super()._plays(state, True)

    def children(self, state: State) -> list[tuple[Step, State]]:
        return self._steps(state)


def exhaustive(model: DoubletsModel, positions: int) -> Verdict:
    return ModelSearch(model, Budget(600, positions), None, time.monotonic() + 600).run()


def random_position(chooser: random.Random, cards_left: int) -> Game:
    """A position near the end: the next `cards_left` ranks the foundation wants and the four
    Kings, one on each reserve and the rest in the waste and the stock, with 0-2 redeals used."""
    pool = {rank: [f"{NAMES.get(rank, str(rank))}{suit}" for suit in SUITS] for rank in range(1, 14)}
    for cards in pool.values():
        chooser.shuffle(cards)
    top = chooser.randint(1, 12)
    layout: dict[str, list[str]] = {"foundation-1": [pool[top].pop()]}
    left: list[str] = [pool[13].pop() for _ in range(4)]
    rank = top
    for _ in range(cards_left):
        rank = wanted_rank(rank)
        left.append(pool[rank].pop())
    chooser.shuffle(left)
    for slot_id in RESERVES:
        layout[slot_id] = [left.pop()]
    cut = chooser.randint(0, len(left))
    layout["waste"], layout["stock"] = left[:cut], left[cut:]
    return arranged(layout, redeals=chooser.randint(0, 2), rest="foundation-1")


def test_the_key_and_the_steps_never_lose_a_win() -> None:
    # Positions near the end that the plain search decides: both searches must agree.
    chooser = random.Random(14)
    verdicts: list[Verdict] = []
    for _ in range(120):
        game = random_position(chooser, 20)
        if game.status is not Status.PLAYING:
            continue
        plain = exhaustive(PlainDoublets(game.board), 50_000)
        if plain is Verdict.UNKNOWN:
            continue
        assert exhaustive(DoubletsModel(game.board), 50_000) is plain
        verdicts.append(plain)
    assert verdicts.count(Verdict.WON) > 20 and verdicts.count(Verdict.LOST) > 20


def test_the_guide_orders_the_steps_and_leaves_none_out() -> None:
    chooser = random.Random(3)
    for _ in range(30):
        model = DoubletsModel(random_position(chooser, 20).board)
        state = model.start()
        steps = sorted(step for step, _ in model._steps(state))
        assert sorted(step for step, _ in model.children(state)) == steps
        assert sorted(step for step, _ in model.hunch(state)) == steps
        reaches = [reach(child, model._play) for _, child in model.children(state)]
        assert reaches == sorted(reaches, reverse=True)


def dead_end(redeals: int) -> Game:
    """Wanted: 2, then 4. Playing the reserve's 2D puts the waste's 6D (or a stock card
    clicked onto it) in its place, and 4D stays under QD: with no redeal left, lost."""
    return arranged({
        "foundation-1": ["AC"], "reserve-1": ["KC"], "reserve-2": ["KD"], "reserve-3": ["2D"],
        "reserve-4": ["KH"], "reserve-5": ["8D"], "reserve-6": ["KS"], "reserve-7": ["3D"],
        "waste": ["4D", "QD", "6D"], "stock": ["9D", "JD"],
    }, redeals=redeals, rest="foundation-1")


def test_a_small_dead_position_is_lost_and_a_redeal_saves_it() -> None:
    game = dead_end(2)
    assert game.status is Status.PLAYING
    assert exhaustive(PlainDoublets(game.board), 10_000) is Verdict.LOST
    assert solve(game, Budget(60, positions=10_000)).verdict is Verdict.LOST
    saved = dead_end(1)
    result = solve(saved, Budget(60, positions=10_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        saved.play(action)
    assert saved.status is Status.WON


def test_a_deal_plain_play_loses_is_won_by_looking_one_play_further() -> None:
    # Deal 6: its four Queens lie together in the stock; the win needs an early redeal and a
    # King sent onto a reserve to free the waste in the last pass. Ordered by plain play alone,
    # the search has no win after 300,000 positions; the hunt's look-ahead walks straight to it.
    game = new_game("doublets", 6)
    model = DoubletsModel(game.board)
    assert reach(model.start(), model._play) < 48
    hunt = ModelSearch(model, Budget(600, 1_000), None, time.monotonic() + 600, hunch=True)
    assert hunt.run() is Verdict.WON
    for action in hunt.solution:
        game.play(action)
    assert game.status is Status.WON
