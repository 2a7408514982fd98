"""Send All Up counts one move for each card it sends, so it cannot shorten the "fewest moves"
record; automatic moves that follow an action count for nothing."""

from __future__ import annotations

import random

from aisle.engine import Game, SlotKind
from aisle.registry.games import new_game, restore_game


def _on_foundations(game: Game) -> int:
    return sum(len(slot.cards) for slot in game.slots if slot.kind == SlotKind.FOUNDATION)


def _game_ready_to_send_several() -> Game:
    """A Klondike game (automatic moves off) where Send All Up sends at least two cards."""
    chance = random.Random(5)
    for seed in range(1, 200):
        game = new_game("klondike", seed)
        game.auto_up = False
        for _step in range(300):
            if game.can_send_all_up:
                probe = restore_game(game.to_json())
                probe.auto_up = False
                before = _on_foundations(probe)
                probe.send_all_up()
                if _on_foundations(probe) - before >= 2:
                    return game
            actions = game.legal_actions()
            if not actions:
                break
            game.play(chance.choice(actions))
    raise AssertionError("no deal found where Send All Up sends two cards")


def test_send_all_up_counts_every_card_it_sends() -> None:
    game = _game_ready_to_send_several()
    moves, up = game.moves, _on_foundations(game)
    game.send_all_up()
    sent = _on_foundations(game) - up
    assert sent >= 2
    assert game.moves == moves + sent
    game.undo()
    game.redo()
    # Undo takes no move back (as before); the redo of Send All Up counts its cards again.
    assert game.moves == moves + 2 * sent


def test_a_plain_move_counts_one_whatever_follows_it() -> None:
    game = new_game("freecell", 1)
    move = game.legal_actions()[0]
    game.play(move)
    assert game.moves == 1
