"""Yukon's deals (pinned), its registration, whole games played by the hints, the rule that
decides a loss, and the conformance kit."""

from __future__ import annotations

import random

import pytest
from aisle_yukon import Yukon

from aisle.engine import Board, Card, Event, Game, Move, Status, new_deck
from aisle.engine.events import inverse
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_conformance = conformance(Yukon)


def play_by_hints(seed: int, most: int = 400) -> Game:
    game = new_game("yukon", seed)
    for _ in range(most):
        hint = game.hint()
        if hint is None or hint.action is None:
            break
        game.play(hint.action)
    return game


def test_the_entry_point_registers_yukon() -> None:
    info = available_variants()["yukon"]
    assert info.variant is Yukon and info.plugin == "yukon"


# -- whole games -------------------------------------------------------------------------------
def test_a_whole_game_won_by_following_the_hints() -> None:
    game = play_by_hints(1)
    assert (game.status, game.score, len(game.history)) == (Status.WON, 52, 97)


def test_a_whole_game_that_ends_with_no_more_moves() -> None:
    game = play_by_hints(2)
    assert (game.status, game.score, len(game.history)) == (Status.LOST, 1, 22)
    assert game.legal_actions() == [] and game.hint() is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_legal_actions_agree_with_the_refusal_methods(seed: int) -> None:
    game = new_game("yukon", seed)
    while game.status is Status.PLAYING:
        assert game.variant.legal_actions(game.board) == Variant.legal_actions(game.variant, game.board)
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)


# -- the loss rule against brute force ---------------------------------------------------------
def progress_is_reachable(game: Game, most: int = 1500) -> bool:
    """Whether some series of legal moves (up to `most` positions) sends a card up or turns one
    face up; the table is put back afterwards."""
    board, variant = game.board, game.variant

    def measure() -> tuple[int, int]:
        return (variant.score(board),
                -sum(not card.face_up for slot in board.slots for card in slot.cards))

    start = measure()
    seen = {position(game)}
    trail: list[list[Event]] = []
    pending = [list(variant.legal_actions(board))]
    try:
        while pending:
            if not pending[-1]:
                pending.pop()
                if trail:
                    for event in reversed(trail.pop()):
                        board.apply(inverse(event))
                continue
            move = pending[-1].pop()
            assert isinstance(move, Move)
            board.start_log()
            board.move(move.source, move.count, move.target)
            variant.after_move(board, move)
            trail.append(list(board.stop_log()))
            if measure() > start:
                return True
            here = position(game)
            if here in seen or len(seen) >= most:
                for event in reversed(trail.pop()):
                    board.apply(inverse(event))
                continue
            seen.add(here)
            pending.append(list(variant.legal_actions(board)))
        return False
    finally:
        for events in reversed(trail):
            for event in reversed(events):
                board.apply(inverse(event))


def scrambled(seed: int) -> Game:
    """TEST SETUP: a random position: foundations at random heights, the other cards in random
    piles (pile 7 often left empty), a random number of them face down under the face-up ones."""
    chooser = random.Random(seed)
    variant, cards = Yukon(), new_deck()
    board = Board(variant.layout(), cards, {})
    rest = []
    for place, suit in enumerate(chooser.sample(range(4), 4)):
        height = chooser.choice([0, 0, 1, 2, 4, 7, 11])
        for card in cards[suit * 13:suit * 13 + 13]:
            if card.rank <= height:
                card.face_up = True
                board.place(f"foundation-{place + 1}", [card])
            else:
                rest.append(card)
    chooser.shuffle(rest)
    piles: list[list[Card]] = [[] for _ in range(7)]
    for card in rest:
        piles[chooser.randrange(7 if chooser.random() < 0.7 else 6)].append(card)
    for number, pile in enumerate(piles, start=1):
        down = chooser.randrange(len(pile)) if pile else 0
        for index, card in enumerate(pile):
            card.face_up = index >= down
        board.place(f"tableau-{number}", pile)
    return Game(variant, 1, board)


def test_a_lost_game_really_cannot_go_on() -> None:
    lost = [game for game in map(play_by_hints, range(2, 30)) if game.status is Status.LOST]
    lost += [game for game in map(scrambled, range(3000)) if game.status is Status.LOST
             and game.variant.legal_actions(game.board)]
    assert len(lost) > 20
    for game in lost:
        assert not progress_is_reachable(game), f"deal {game.seed}"
