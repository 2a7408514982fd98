"""Klondike's solver reductions are sound: the dead-end test never calls a position of a won
game lost and catches a deadlock across piles; a position with less of the stock spent can do
all that one further through it can; and the exhaustive search, stopped and run again, ends
where one uninterrupted run ends; a hunt that starts over in shaken orders finds wins a long
one misses; with one pass through the stock, the stages (the cards still to deal) change only
as the stock is dealt, and the hunt stage by stage wins a deal the depth-first hunt misses; the
light model (for a second, faster hunt) leaves out only the coarse dead-end test, its hunt
starts over more often, and it is skipped once the other hunt has seen every position; the
reordered model takes the same steps, the shortest pile's card turned first, and its hunt wins
a deal the model's own order misses."""

from __future__ import annotations

import time

import pytest
from aisle_klondike.dead_end import lost
from aisle_klondike.solving import KlondikeModel
from test_solver_model import klondike_with

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.hunts import LIGHT_FIRST_KEEPS
from aisle.solver.model_search import ModelSearch
from aisle.solver.restarts import RestartingHunt, luby
from aisle.solver.staged import StagedSearch


def _model(game: Game) -> KlondikeModel:
    model = game.variant.solver_model(game.board)
    assert isinstance(model, KlondikeModel)
    return model


def _bases(state: tuple) -> tuple[int, ...]:  # type: ignore[type-arg]
    return tuple(up[0] if down and up else -1 for up, down in zip(state[0], state[1], strict=True))


@pytest.mark.parametrize(("options", "seeds"), [({}, (4, 8, 15, 22)), ({"deal": "three"}, (2, 4, 11))])
def test_no_position_of_a_won_game_is_called_lost(options: dict[str, str], seeds: tuple[int, ...]) -> None:
    for seed in seeds:
        game = new_game("klondike", seed, options)
        result = solve(game, Budget(120, positions=150_000))
        assert result.verdict is Verdict.WON, seed
        for action in result.solution:
            model = _model(game)
            state = model.start()
            assert not lost(model.hidden, state[1], _bases(state)), (seed, len(game.history))
            game.play(action)
        assert game.status is Status.WON


def test_a_deadlock_across_two_piles_is_lost() -> None:
    # 9H lies face down on both black tens; it cannot go up before 8H, face down in the other
    # pile under 9D, which may only go onto a black ten or up after 8D, face down under 9H.
    # Neither pile can be opened: each waits for the other (a test of one pile at a time
    # misses it).
    game = klondike_with({"tableau-1": ("8D 10C 10S 9H", "2C"), "tableau-2": ("8H", "9D")})
    model = _model(game)
    state = model.start()
    assert lost(model.hidden, state[1], _bases(state))
    assert solve(game, Budget(60)).verdict is Verdict.LOST


def test_a_parent_in_the_stock_keeps_the_position_alive() -> None:
    # The same piles with one black ten in the stock: 9D can go onto it, and all comes free.
    game = klondike_with({"tableau-1": ("8D 10C 9H", "2C"), "tableau-2": ("8H", "9D")})
    model = _model(game)
    state = model.start()
    assert not lost(model.hidden, state[1], _bases(state))


@pytest.mark.parametrize("options", [{}, {"deal": "no-redeals"}, {"deal": "unlimited"}, {"deal": "three"}])
def test_less_of_the_stock_spent_does_all_the_rest_can(options: dict[str, str]) -> None:
    # Clicking through the stock: every position reached has the key of the one before, or
    # a larger spent with the same key, and everything it can do the earlier one can do too.
    for seed in (1, 5, 9):
        game = new_game("klondike", seed, options)
        model = _model(game)
        state = model.start()
        seen: dict[bytes, int] = {}
        for _ in range(80):
            if not model._can_click(state):
                break
            later = model._click(state)
            steps = model.children(state)
            # (a card that goes up safely goes up alone: what the later position can do then
            # comes after it)
            forced = len(steps) == 1 and (steps[0][0][0] == "up" or steps[0][0][-1] == -1)
            if model.draw == 1 and not forced:
                assert model.key(later) == model.key(state)
                assert model.spent(later) >= model.spent(state)
                earlier = {model.key(child): model.spent(child) for _, child in steps}
                for _, child in model.children(later):
                    assert earlier.get(model.key(child), 1 << 30) <= model.spent(child)
            seen[model.key(later)] = model.spent(later)
            state = later
        assert seen


def test_the_exhaustive_search_goes_on_where_it_stopped() -> None:
    game = new_game("klondike", 9, {"deal": "three"})  # lost after some ten thousand positions
    whole = ModelSearch(_model(game), Budget(600), None, time.monotonic() + 600)
    assert whole.run() is Verdict.LOST
    parts = ModelSearch(_model(game), Budget(600, positions=1_000), None, time.monotonic() + 600)
    rounds = 0
    verdict = Verdict.UNKNOWN
    while verdict is Verdict.UNKNOWN:
        rounds += 1
        parts.budget = Budget(600, positions=1_000 * (rounds + 1))
        verdict = parts.run()
    assert verdict is Verdict.LOST
    assert rounds > 3
    assert parts.positions == whole.positions


def test_luby_s_sequence() -> None:
    assert [luby(index) for index in range(15)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_a_hunt_that_starts_over_finds_what_one_long_hunt_misses() -> None:
    # Klondike deal 81: the hunt in the model's own order is still searching after 90,000
    # positions (it wins after about 160,000); shaken a little, it wins within the first few
    # runs after its first one. The same deal gives the same answer every time (each run's
    # order is seeded with its number).
    game = new_game("klondike", 81)
    long = ModelSearch(_model(game), Budget(600, positions=90_000), None, time.monotonic() + 600, hunch=True)
    assert long.run() is Verdict.UNKNOWN
    answers = []
    for _ in range(2):
        hunt = RestartingHunt(_model(game), Budget(600, positions=90_000), None, time.monotonic() + 600)
        assert hunt.run() is Verdict.WON
        assert hunt.runs > 1
        answers.append((hunt.positions, hunt.solution))
    assert answers[0] == answers[1]
    for action in answers[0][1]:
        game.play(action)
    assert game.status is Status.WON


def test_a_hunt_that_starts_over_keeps_to_its_budget() -> None:
    game = new_game("klondike", 5)
    hunt = RestartingHunt(_model(game), Budget(600, positions=70_000), None, time.monotonic() + 600)
    assert hunt.run() is Verdict.UNKNOWN
    assert 65_000 < hunt.positions <= 70_000 and hunt.runs > 1


@pytest.mark.parametrize("seed", [3, 10])
def test_one_pass_stages_change_only_when_the_stock_is_dealt(seed: int) -> None:
    # With no redeal, the cards still to deal only ever go down, and only by the clicks of a
    # step that deals; with redeals there are no stages.
    game = new_game("klondike", seed, {"deal": "no-redeals"})
    model = _model(game)
    state = model.start()
    for depth in range(60):
        steps = model.hunch(state) or model.children(state)
        if not steps:
            break
        stage = model.stage(state)
        assert stage is not None
        for step, child in steps:
            clicks = int(step[1]) if step[0] == "waste" else 0
            assert model.stage(child) == stage - clicks
        state = steps[depth % len(steps)][1]
    for options in ({}, {"deal": "three"}, {"deal": "unlimited"}):
        model = _model(new_game("klondike", seed, options))
        assert model.stage(model.start()) is None


def test_the_staged_hunt_wins_a_one_pass_deal_the_depth_first_hunt_misses() -> None:
    # One-pass deal 10: a few good positions to deal on from, stage by stage, win within 2,000
    # positions; the depth-first hunt, starting over as it does, is still searching at 20,000.
    game = new_game("klondike", 10, {"deal": "no-redeals"})
    staged = StagedSearch(_model(game), Budget(600, positions=2_000), None, time.monotonic() + 600, True)
    assert staged.run() is Verdict.WON
    hunt = RestartingHunt(_model(game), Budget(600, positions=20_000), None, time.monotonic() + 600)
    assert hunt.run() is Verdict.UNKNOWN
    for action in staged.solution:
        game.play(action)
    assert game.status is Status.WON


def test_the_light_model_leaves_out_only_the_coarse_dead_end_test() -> None:
    # Along a walk through deal 63, the light model offers exactly the steps the model offers
    # wherever the model offers any; where the coarse game calls a position lost, the light
    # one still goes on (so its hunt never misses a win the other could find).
    game = new_game("klondike", 63)
    model = _model(game)
    light = model.light()
    state = model.start()
    pruned = 0
    for depth in range(400):
        steps = model.hunch(state)
        light_steps = light.hunch(state)
        if steps:
            assert light_steps == steps
        elif light_steps:
            pruned += 1
        if not light_steps:
            state = model.start()
            continue
        state = light_steps[(depth * 7) % len(light_steps)][1]
    assert pruned > 0


def test_the_light_hunt_starts_over_more_often() -> None:
    # Deal 84 (the coarse test makes each position cost so much there that the hunt with it
    # needs over 10 s): the light hunt wins within 110,000 positions when its first run keeps
    # twice as many positions as each shaken run; keeping eight times as many, it is still
    # searching.
    game = new_game("klondike", 84)
    light = _model(game).light()
    hunt = RestartingHunt(light, Budget(600, positions=110_000), None, time.monotonic() + 600,
                          LIGHT_FIRST_KEEPS)
    assert hunt.run() is Verdict.WON
    slow = RestartingHunt(_model(game).light(), Budget(600, positions=110_000), None, time.monotonic() + 600)
    assert slow.run() is Verdict.UNKNOWN
    for action in hunt.solution:
        game.play(action)
    assert game.status is Status.WON


def test_the_light_hunt_is_skipped_once_the_other_hunt_has_seen_every_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Single-card deal 38 is lost: the coarse-tested hunt, going first, sees every position its
    # hunch reaches within a few seconds, so the light hunt (the same steps, less pruned) could
    # not win either, and is never run: its hunch is asked only whether it has one.
    asked: list[int] = []
    light_of = KlondikeModel.light

    def counted_light(model: KlondikeModel) -> KlondikeModel:
        light = light_of(model)
        hunch = light.hunch

        def counted(state: tuple) -> list:  # type: ignore[type-arg]
            asked.append(1)
            return hunch(state)

        light.hunch = counted  # type: ignore[method-assign]
        return light

    monkeypatch.setattr(KlondikeModel, "light", counted_light)
    assert solve(new_game("klondike", 38), Budget(60, cpu=True)).verdict is Verdict.LOST
    assert len(asked) == 1


def test_the_reordered_model_takes_the_same_steps_turning_the_shortest_pile_first() -> None:
    def turned(state: tuple, steps: list) -> list[int]:  # type: ignore[type-arg]
        """The face-down cards of each pile a step clears to turn a card, in the steps' order."""
        ups, downs = state[0], state[1]
        return [downs[step[1]] for step, _ in steps
                if step[0] == "pile" and step[2] == len(ups[step[1]]) and downs[step[1]]]

    compared = 0
    for seed in range(1, 21):
        model = _model(new_game("klondike", seed))
        other = model.reordered()
        state = model.start()
        for depth in range(80):
            steps = model.hunch(state)
            others = other.hunch(state)
            assert sorted(step for step, _ in steps) == sorted(step for step, _ in others)
            if not steps:
                break
            own, reordered = turned(state, steps), turned(state, others)
            if len(set(own)) > 1:
                compared += 1
                assert own == sorted(own, reverse=True)
                assert reordered == sorted(own)
            state = steps[(depth * 5 + seed) % len(steps)][1]
    assert compared > 0


def test_the_reordered_hunt_wins_a_deal_the_model_s_order_misses() -> None:
    # Single-card deal 20: in the model's own order (most face-down cards first), the hunt is
    # still searching after 30,000 positions (and the light hunt's, and the whole plan's 20 s);
    # turning the shortest pile's cards first, it wins within 26,000.
    game = new_game("klondike", 20)
    own = RestartingHunt(_model(game), Budget(600, positions=30_000), None, time.monotonic() + 600)
    assert own.run() is Verdict.UNKNOWN
    other = _model(game).reordered()
    hunt = RestartingHunt(other, Budget(600, positions=30_000), None, time.monotonic() + 600)
    assert hunt.run() is Verdict.WON
    for action in hunt.solution:
        game.play(action)
    assert game.status is Status.WON
