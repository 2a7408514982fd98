"""The exhaustive search's key for Forty Thieves (`FortyThievesModel.proof_key`, made with
plugins/aisle_forty_thieves/equivalent.py): every move it makes to file a position is a legal move
whose reverse is legal too (checked with the model's list of every legal action, itself checked
against the engine in test_forty_thieves_model.py), and proofs with it reach the verdicts of the
search with the plain key, on small positions near the end of a game."""

from __future__ import annotations

import pytest
from aisle_forty_thieves.equivalent import canonical, canonical_moves
from aisle_forty_thieves.solving import FortyThievesModel, State
from test_forty_thieves_proofs import reduced, stuck_with_clubs

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict
from aisle.solver.model_search import ModelSearch
from aisle.testing.solver_model import random_positions


def with_piles(state: State, piles: list[bytes]) -> State:
    return (tuple(piles), *state[1:])


def legal_piles(model: FortyThievesModel, state: State) -> set[tuple[bytes, ...]]:
    """The piles (sorted) after each legal card move from pile to pile."""
    return {tuple(sorted(child[0])) for _, child in model.legal(state)
            if child[1] == state[1] and child[2] == state[2]}


def test_each_move_the_proof_key_makes_is_legal_and_so_is_the_move_back() -> None:
    moves = lone = twins = 0
    games = random_positions((new_game("forty-thieves", seed) for seed in range(1, 41)), 150)
    for game in games:
        model = FortyThievesModel(game.board)
        state = model.start()
        piles = sorted(state[0])
        for source, target in canonical_moves(state[0]):
            at, to = piles.index(source), piles.index(target)
            after = list(piles)
            after[at], after[to] = source[:-1], target + source[-1:]
            before_state, after_state = with_piles(state, piles), with_piles(state, after)
            assert tuple(sorted(after)) in legal_piles(model, before_state), (game.seed, source, target)
            assert tuple(sorted(piles)) in legal_piles(model, after_state), (game.seed, source, target)
            moves += 1
            lone += len(source) == 1
            twins += len(source) > 1
            piles = after
        assert sorted(piles) == sorted(canonical(state[0]))
    assert lone >= 20 and twins >= 5, (lone, twins)


def test_a_position_with_no_such_move_keeps_its_piles() -> None:
    piles = (b"\x1d\x1c", b"\x05", b"")  # a Queen on a King of one suit, a Five, an empty pile
    assert canonical(piles) is piles


def exhaustive(game: Game, merged: bool) -> tuple[Verdict, int]:
    model = FortyThievesModel(game.board)
    if not merged:
        model.proof_key = model.key  # type: ignore[method-assign]
    search = ModelSearch(model, Budget(600, 200_000), None, float("inf"))
    return search.run(), search.positions


@pytest.mark.parametrize("part", [0, 1])
def test_proofs_filed_under_the_proof_key_reach_the_same_verdicts(part: int) -> None:
    decided = {Verdict.WON: 0, Verdict.LOST: 0}
    fewer = 0
    seeds = range(1 + 20 * part, 21 + 20 * part)
    for game in [reduced(seed) for seed in seeds] + [stuck_with_clubs(seed) for seed in seeds]:
        if game.status is not Status.PLAYING:
            continue
        verdict, positions = exhaustive(game, merged=True)
        plain, plain_positions = exhaustive(game, merged=False)
        assert verdict is plain is not Verdict.UNKNOWN, game.seed
        decided[verdict] += 1
        if verdict is Verdict.LOST:  # each position filed is one the plain key files too
            assert positions <= plain_positions, game.seed
        fewer += positions < plain_positions
    assert min(decided.values()) >= 5, decided
    assert fewer >= 5, fewer  # positions were filed together
