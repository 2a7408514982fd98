"""Forty Thieves' deals (pinned), its registration, whole games played by the hints, the loss rule
against brute force, and the conformance kit."""

from __future__ import annotations

import pytest
from aisle_forty_thieves import FortyThieves

from aisle.engine import Event, Game, Move, Status
from aisle.engine.events import inverse
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_conformance = conformance(FortyThieves)


def play_by_hints(seed: int, most: int = 600) -> Game:
    game = new_game("forty-thieves", seed)
    for _ in range(most):
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
    return game


def test_the_entry_point_registers_forty_thieves() -> None:
    info = available_variants()["forty-thieves"]
    assert info.variant is FortyThieves and info.plugin == "forty-thieves"


def test_a_whole_game_played_by_the_hints_until_no_more_moves() -> None:
    game = play_by_hints(1)
    assert (game.status, game.score, len(game.history)) == (Status.LOST, 70, 95)
    assert game.slot("stock").cards == [] and game.legal_actions() == [] and game.hint() is None


@pytest.mark.parametrize("seed", [1, 2])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("forty-thieves", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        assert hint is not None
        if hint.action is None:
            break
        game.play(hint.action)


def up_or_out_of_the_waste(game: Game, most: int = 1500) -> bool:
    """Whether some series of card moves (up to `most` positions) puts a card on a foundation or
    takes one off the waste; the table is put back afterwards."""
    board, variant = game.board, game.variant

    def measure() -> tuple[int, int]:
        return game.variant.score(board), -len(board.slot("waste").cards)

    start, seen = measure(), {position(game)}
    trail: list[list[Event]] = []
    pending = [[action for action in variant.legal_actions(board) if isinstance(action, Move)]]
    try:
        while pending:
            if not pending[-1]:
                pending.pop()
                if trail:
                    for event in reversed(trail.pop()):
                        board.apply(inverse(event))
                continue
            move = pending[-1].pop()
            board.start_log()
            board.move(move.source, move.count, move.target)
            variant.after_move(board, move)
            trail.append(board.stop_log())
            if measure() > start:
                return True
            if position(game) in seen or len(seen) >= most:
                for event in reversed(trail.pop()):
                    board.apply(inverse(event))
                continue
            seen.add(position(game))
            pending.append([action for action in variant.legal_actions(board) if isinstance(action, Move)])
        return False
    finally:
        for events in reversed(trail):
            for event in reversed(events):
                board.apply(inverse(event))


def test_a_lost_game_really_cannot_go_on() -> None:
    lost = [game for game in map(play_by_hints, range(1, 9)) if game.status is Status.LOST]
    assert len(lost) >= 5
    for game in lost:
        assert not up_or_out_of_the_waste(game), f"deal {game.seed}"
