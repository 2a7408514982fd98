"""The open builders' bit-mask dead-end test (aisle/kit/solver_dead_top.py) finds what the
kit's general test finds, read as the open builders' model reads it (every card up may come
down again), at every position of random Baker's Dozen games; and some of them are dead."""

from __future__ import annotations

import random

from aisle.engine import Status
from aisle.kit.solver_models import model_of
from aisle.kit.solver_open import LooseDeadEnds
from aisle.kit.variant import KitVariant
from aisle.registry.games import new_game


def test_the_bit_mask_test_agrees_with_the_general_one() -> None:
    checked = dead = 0
    for seed in range(1, 16):
        game = new_game("bakers-dozen", seed)
        chooser = random.Random(seed)
        while game.status is Status.PLAYING and checked < 150 * seed:
            assert isinstance(game.variant, KitVariant)
            model = model_of(game.variant, game.board)
            assert model is not None and isinstance(model.dead, LooseDeadEnds)
            tests = model.dead
            assert tests._top is not None
            state = model.start()
            general = super(LooseDeadEnds, tests).dead((state[0], tests._empty, *state[2:]))
            assert tests._top.dead(state) is general, (seed, len(game.history))
            checked += 1
            dead += general
            game.play(chooser.choice(game.legal_actions()))
    assert checked > 1000 and 0 < dead < checked
