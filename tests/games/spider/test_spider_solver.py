"""Spider's own solver model (aisle/kit/solver_spider.py): its hunch offers only steps the
exact model offers too, leading to the same positions; a complete run goes up alone; its
estimate ranks what Spider players value; the staged hunt finds wins that replay."""

from __future__ import annotations

import random

import pytest

from aisle.engine import Game, Status
from aisle.kit.solver_spider import CARRY, SpiderModel
from aisle.kit.solver_table import DOWN
from aisle.registry.games import new_game, restore_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.staged import StagedSearch

SPADES = 3 << 4  # the code of a spade of rank 0 (code = suit index * 16 + rank)
HEARTS = 2 << 4
CLUBS = 0 << 4


def model_of(game: Game) -> SpiderModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, SpiderModel)
    return model


def played(suits: str, seed: int, steps: int) -> list[Game]:
    """Positions of a random game, every few steps."""
    game = new_game("spider", seed, {"suits": suits})
    chooser = random.Random(seed)
    found = [restore_game(game.to_json())]
    for step in range(steps):
        actions = game.legal_actions()
        if not actions:
            break
        game.play(chooser.choice(actions))
        if step % 5 == 4:
            found.append(restore_game(game.to_json()))
    return found


@pytest.mark.parametrize("suits", ["one", "two", "four"])
def test_the_hunch_offers_only_steps_of_the_exact_model(suits: str) -> None:
    for seed in (1, 2, 3):
        for game in played(suits, seed, 60):
            model = model_of(game)
            state = model.start()
            for step, child in model.hunch(state):
                # A carry is played as plain steps, each one the exact model offers.
                plain_steps = model.carry_steps(state, step) if step[3] == CARRY else [step]
                reached = state
                for plain in plain_steps:
                    exact = {done: after for done, after in model.children(reached)}
                    assert plain in exact, (seed, step, plain)
                    reached = exact[plain]
                assert model.key(child) == model.key(reached)


def test_a_complete_run_goes_up_alone() -> None:
    model = model_of(new_game("spider", 1, {"suits": "one"}))
    cells, found, piles, stock, waste, passes = model.start()
    run = bytes(SPADES | rank for rank in range(13, 0, -1))
    state = (cells, found, (bytes((SPADES | 5 | DOWN,)) + run, *piles[1:]), stock, waste, passes)
    (step, child), = model.hunch(state)
    assert step[1] == 13 and child[2][0] == bytes((SPADES | 5,))


def test_a_pile_is_never_split_and_only_gaining_moves_are_offered() -> None:
    model = model_of(new_game("spider", 1, {"suits": "two"}))
    cells, found, _, stock, waste, passes = model.start()
    nine_spades, eight_spades, seven_hearts = SPADES | 9, SPADES | 8, HEARTS | 7
    piles = [b""] * 10
    # Pile 0: a run 9-8 of spades on a face-down card. Pile 1: the 7 of hearts alone on the 8 of
    # hearts (it fits and links: a run of two). Pile 2: the 9 of hearts, pile 3: the 8 of hearts
    # on a face-down card. Every other pile holds a King.
    piles[0] = bytes((HEARTS | 1 | DOWN, nine_spades, eight_spades))
    piles[1] = bytes((HEARTS | 12 | DOWN, HEARTS | 8, seven_hearts))
    piles[2] = bytes((HEARTS | 2 | DOWN, HEARTS | 9))
    piles[3] = bytes((HEARTS | 3 | DOWN, HEARTS | 8))
    for index in range(4, 10):
        piles[index] = bytes((SPADES | 13,))
    state = (cells, found, tuple(piles), stock, waste, passes)
    steps = [step for step, _ in model.hunch(state)]
    places = model.table.piles
    # The 8 of hearts (pile 3) onto the 9 of hearts (pile 2) makes a link and uncovers a card;
    # the run of spades goes onto nothing (no 10 is on top). The hearts 8-7 of pile 1 may go onto
    # the 9 of hearts too, uncovering a card. The 8 of spades alone never leaves its 9.
    assert (places[3], 1, places[2], 0) in steps
    assert (places[1], 2, places[2], 0) in steps
    assert all(not (source == places[0] and count == 1) for source, count, _, _ in steps)
    assert steps[-1][0] < 0  # the deal comes last


def _stuck_with_an_empty_pile(model: SpiderModel, stock: bytes) -> tuple:
    """A position with pile 0 empty where no run gains anything from a move: pile 1 holds the
    spades 7-6 on the 8 of hearts, every other pile a King of hearts alone."""
    cells, found, _, _, waste, passes = model.start()
    piles = [b""] * 10
    piles[1] = bytes((HEARTS | 8, SPADES | 7, SPADES | 6))
    for index in range(2, 10):
        piles[index] = bytes((HEARTS | 13,))
    return (cells, found, tuple(piles), stock, waste, passes)


def test_an_empty_pile_is_filled_so_that_the_stock_may_deal() -> None:
    model = model_of(new_game("spider", 1, {"suits": "two"}))
    places = model.table.piles
    state = _stuck_with_an_empty_pile(model, model.start()[3])
    steps = [step for step, _ in model.hunch(state)]
    # The run 7-6 fills the empty pile (so can its top card alone); nothing else is offered.
    assert steps == [(places[1], 2, places[0], 0), (places[1], 1, places[0], 0)]
    # Once filled, the stock deals.
    filled = dict(model.hunch(state))[steps[0]]
    assert any(step[0] < 0 for step, _ in model.hunch(filled))
    # With the stock empty, filling gains nothing: no step at all.
    assert model.hunch(_stuck_with_an_empty_pile(model, b"")) == []


def test_a_run_moves_off_a_card_whose_own_run_then_links() -> None:
    model = model_of(new_game("spider", 1, {"suits": "two"}))
    cells, found, _, stock, waste, passes = model.start()
    places = model.table.piles
    piles = [bytes((HEARTS | 1 | DOWN, HEARTS | 13))] * 10
    # Pile 0: the spades 9-8 under the 7 of hearts (on the 8 it fits but does not link);
    # pile 1: the 8 of hearts, which may take the 7; pile 2: the 10 of spades, which the spades
    # 9-8 link onto once the 7 of hearts has left.
    piles = list(piles)
    piles[0] = bytes((HEARTS | 1 | DOWN, SPADES | 9, SPADES | 8, HEARTS | 7))
    piles[1] = bytes((HEARTS | 2 | DOWN, HEARTS | 8))
    piles[2] = bytes((HEARTS | 3 | DOWN, SPADES | 10))
    state = (cells, found, tuple(piles), stock, waste, passes)
    steps = [step for step, _ in model.hunch(state)]
    assert (places[0], 1, places[1], 0) in steps


def test_a_built_sequence_is_carried_through_an_empty_pile() -> None:
    model = model_of(new_game("spider", 1, {"suits": "four"}))
    cells, found, _, stock, waste, passes = model.start()
    places = model.table.piles
    piles = [bytes((HEARTS | 1 | DOWN, HEARTS | 13))] * 10
    piles = list(piles)
    # Pile 0: the 8 of spades, the hearts 7-6 on it (they fit but do not link), all on a
    # face-down card; pile 1: the 9 of hearts; pile 2 empty. The three cards reach the 9 only
    # through the empty pile: the hearts park there, the 8 moves, the hearts come back.
    piles[0] = bytes((HEARTS | 1 | DOWN, SPADES | 8, HEARTS | 7, HEARTS | 6))
    piles[1] = bytes((HEARTS | 2 | DOWN, HEARTS | 9))
    piles[2] = b""
    state = (cells, found, tuple(piles), stock, waste, passes)
    kids = dict(model.hunch(state))
    carry = (places[0], 3, places[1], CARRY)
    assert carry in kids
    assert model.carry_steps(state, carry) == [(places[0], 2, places[2], 0), (places[0], 1, places[1], 0),
                                               (places[2], 2, places[1], 0)]
    after = kids[carry][2]
    assert after[0] == bytes((HEARTS | 1,)) and after[2] == b""
    assert after[1] == bytes((HEARTS | 2 | DOWN, HEARTS | 9, SPADES | 8, HEARTS | 7, HEARTS | 6))
    # Without the empty pile there is no carry; nor onto a card the 8 does not fit.
    piles[2] = bytes((HEARTS | 3 | DOWN, CLUBS | 5))
    blocked = (cells, found, tuple(piles), stock, waste, passes)
    assert all(step[3] != CARRY for step, _ in model.hunch(blocked))


def test_the_estimate_values_face_up_cards_links_and_empty_piles() -> None:
    model = model_of(new_game("spider", 1, {"suits": "four"}))
    cost = model.pile_cost
    assert cost(bytes((HEARTS | 9 | DOWN,))) > cost(bytes((HEARTS | 9,)))
    linked = cost(bytes((SPADES | 9, SPADES | 8)))
    built = cost(bytes((SPADES | 9, HEARTS | 8)))
    loose = cost(bytes((SPADES | 9, HEARTS | 4)))
    assert linked < built < loose
    assert cost(b"") < 0


@pytest.mark.parametrize(("suits", "seed"), [("one", 1), ("one", 4), ("two", 2)])
def test_won_deals_replay_through_the_engine(suits: str, seed: int) -> None:
    result = solve(new_game("spider", seed, {"suits": suits}), Budget(600, positions=20_000))
    assert result.verdict is Verdict.WON
    replay = new_game("spider", seed, {"suits": suits})
    replay.auto_up = False
    for action in result.solution:
        replay.play(action)
    assert replay.status is Status.WON


def test_the_staged_hunt_wins_through_the_hunch() -> None:
    game = new_game("spider", 20, {"suits": "one"})
    search = StagedSearch(model_of(game), Budget(600, positions=20_000), None, float("inf"), True)
    assert search.run() is Verdict.WON
    replay = new_game("spider", 20, {"suits": "one"})
    replay.auto_up = False
    for action in search.solution:
        replay.play(action)
    assert replay.status is Status.WON
