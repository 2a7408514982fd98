"""Property tests: any sequence of actions and undos keeps the cards and undoes exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from toy_game import ToyGame

from aisle.engine import Game, IllegalAction, Move
from aisle.engine.events import inverse
from aisle.testing import position

choices = st.lists(st.tuples(st.integers(0, 10**6), st.booleans()), max_size=80)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), steps=choices)
def test_random_actions_conserve_cards_and_undo_to_the_deal(seed: int, steps: list[tuple[int, bool]]) -> None:
    game = Game.new(ToyGame, seed)
    dealt = position(game)
    snapshots = [dealt]
    for pick, undo in steps:
        if undo and game.can_undo:
            game.undo()
            snapshots.pop()
            assert position(game) == snapshots[-1]
            continue
        actions = game.legal_actions()
        if not actions:
            break
        game.play(actions[pick % len(actions)])
        snapshots.append(position(game))
        ids = sorted(card.id for slot in game.slots for card in slot.cards)
        assert ids == list(range(52))
    while game.can_undo:
        game.undo()
    assert position(game) == dealt


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), source=st.integers(0, 9), count=st.integers(1, 60),
       target=st.integers(0, 9))
def test_any_move_is_either_played_or_refused_cleanly(
    seed: int, source: int, count: int, target: int
) -> None:
    game = Game.new(ToyGame, seed)
    before = position(game)
    move = Move(game.slots[source].id, count, game.slots[target].id)
    try:
        events = game.play(move)
    except IllegalAction as error:
        assert str(error)
        assert position(game) == before
        return
    for event in reversed(events):
        game.board.apply(inverse(event))
    assert position(game) == before
