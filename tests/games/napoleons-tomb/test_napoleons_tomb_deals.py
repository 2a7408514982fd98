"""Napoleon's Tomb's deals (pinned), its registration, whole games played by the hints, the loss
rule against play by brute force, and the conformance kit on every option."""

from __future__ import annotations

import pytest
from aisle_napoleons_tomb import NapoleonsTomb

from aisle.engine import Game, Move, Status
from aisle.engine.events import inverse
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position

test_napoleons_tomb_conforms = conformance(NapoleonsTomb)

OPTIONS = [{"deal": "single"}, {"deal": "three"}]


def play_by_hints(seed: int, options: dict[str, str]) -> Game:
    game = new_game("napoleons-tomb", seed, options)
    seen = {position(game)}
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint is not None and hint.action is not None  # the game is on: there is a hint
        game.play(hint.action)
        assert position(game) not in seen, f"deal {seed}: back after {len(game.history)} moves"
        seen.add(position(game))
    return game


def test_the_entry_point_registers_napoleons_tomb() -> None:
    info = available_variants()["napoleons-tomb"]
    assert info.variant is NapoleonsTomb and info.plugin == "napoleons-tomb"


@pytest.mark.parametrize(("options", "seed", "status", "score"), [
    (OPTIONS[0], 1, Status.LOST, 11), (OPTIONS[0], 6, Status.WON, 52),
    (OPTIONS[1], 1, Status.LOST, 36), (OPTIONS[1], 9, Status.WON, 52),
])
def test_whole_games_played_by_the_hints(options: dict[str, str], seed: int, status: Status,
                                         score: int) -> None:
    game = play_by_hints(seed, options)
    assert (game.status, game.score) == (status, score)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: options["deal"])
@pytest.mark.parametrize("seed", range(2, 6))
def test_a_lost_game_can_never_send_a_card_up(seed: int, options: dict[str, str]) -> None:
    game = play_by_hints(seed, options)
    if game.status is Status.WON:
        return
    # Every way on from here, past the engine's "game over": no card ever goes up.
    variant, board = game.variant, game.board
    seen: set[object] = set()

    def explore(depth: int) -> None:
        key = (tuple(tuple(card.code for card in slot.cards) for slot in board.slots),
               tuple(sorted(board.state.items())))
        if key in seen or depth > 60:
            return
        seen.add(key)
        assert variant.up_moves(board) == []
        for action in variant.legal_actions(board):
            board.start_log()
            if isinstance(action, Move):
                board.move(action.source, action.count, action.target)
                variant.after_move(board, action)
            else:
                variant.click_stock(board)
            events = board.stop_log()
            explore(depth + 1)
            for event in reversed(events):
                board.apply(inverse(event))

    explore(0)
