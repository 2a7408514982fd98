"""The stages of a turn, worked back from the table: each must be the table as it really was
after that step (checked against the same moves played one by one on a second game)."""

from __future__ import annotations

from aisle.engine import CardsMoved, Move, SendAllUp, SlotKind
from aisle.registry.games import new_game
from aisle.ui.table.staging import piles_of, split_steps, stage_piles


def _klondike_sending_several_up() -> int:
    for seed in range(1, 2000):
        game = new_game("klondike", seed)
        for _ in range(40):
            if game.can_send_all_up:
                game.send_all_up()
                if len(game.history[-1].steps) >= 3:
                    return seed
                break
            actions = [a for a in game.legal_actions()
                       if not (isinstance(a, Move) and game.slot(a.source).kind == SlotKind.FOUNDATION)]
            if not actions:
                break
            game.play(actions[0])
    raise AssertionError("no such deal in the first numbers")


def test_each_stage_is_the_table_after_that_step() -> None:
    seed = _klondike_sending_several_up()
    game, again = new_game("klondike", seed), new_game("klondike", seed)
    while not game.can_send_all_up:
        action = next(a for a in game.legal_actions()
                      if not (isinstance(a, Move) and game.slot(a.source).kind == SlotKind.FOUNDATION))
        game.play(action)
        again.play(action)
    before = piles_of(game.slots)
    game.play(SendAllUp())
    turn = game.history[-1]
    steps = split_steps(turn.events, turn.steps)
    assert len(steps) == len(turn.steps) >= 3
    stages = stage_piles(piles_of(game.slots), steps)
    assert stages[0] == before and stages[-1] == piles_of(game.slots)
    for step, stage in zip(steps, stages[1:], strict=True):
        first = step[0]
        assert isinstance(first, CardsMoved)
        again.play(Move(first.source, first.count, first.target))  # the same card going up
        assert stage == piles_of(again.slots)


def test_a_turn_without_steps_is_one_step() -> None:
    game = new_game("klondike", 3)
    game.play(game.legal_actions()[-1])
    turn = game.history[-1]
    assert split_steps(turn.events, ()) == [list(turn.events)]
    stages = stage_piles(piles_of(game.slots), split_steps(turn.events, turn.steps))
    assert stages[0] == piles_of(new_game("klondike", 3).slots)
