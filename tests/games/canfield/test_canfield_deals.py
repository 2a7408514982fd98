"""Canfield on real deals: golden layouts, registration, the conformance kit, hints followed to
the end, the loss check against a search of the stock, and automatic moves on long games."""

from __future__ import annotations

import random

import pytest
from aisle_canfield import Canfield, outcome

from aisle.engine import Deal, Game, Move, Status
from aisle.engine.events import inverse
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants, plugin_errors
from aisle.testing import conformance
from aisle.testing.conformance import position
from aisle.variant import Variant

test_conformance = conformance(Canfield)


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def test_the_entry_point_registers_the_game() -> None:
    info = available_variants()["canfield"]
    assert info.variant is Canfield and info.plugin == "canfield"
    assert not [error for plugin, error in plugin_errors() if plugin == "canfield"]


# -- golden deals -------------------------------------------------------------------------
# Computed once from our shuffle and written down: a deal number must never change meaning.
GOLDEN: dict[int, dict[str, str]] = {
    1: {"stock": "QD QH 4C 5H KC JC 6H 9C 2C 9H 8D 8H JS 3D JH 7D 9D 10S 2S 4H 6D KS 8S 7C 2H 2D 6C "
                 "9S 5C 4S QC 10C KD 6S",
        "foundation-1": "4D", "reserve": "JD AD 10H 3C KH AC 7S 8C 3S 7H 5S AS 5D",
        "tableau-1": "QS", "tableau-2": "10D", "tableau-3": "AH", "tableau-4": "3H"},
    42: {"stock": "4C JC 7C 9D QH 2S QC 10C 5C 5D KC 7S JD 7H KD 9C AH KS 5S QS 8H 7D 2H 2D AC 5H "
                  "3D QD 6C AS 4H KH 6D JH",
         "foundation-1": "10D", "reserve": "8C 4S 4D 9S 8S 6H 10S 6S 3H AD 3C JS 10H",
         "tableau-1": "8D", "tableau-2": "9H", "tableau-3": "2C", "tableau-4": "3S"},
    987654321: {"stock": "AD QH 5C 9D 7C 10C 9S QD QC 7D AC JS 7S 6D 8D KS 8S 4S AS 10H KH JH KD 6H "
                         "5H 2D 3S 3D AH QS JC 9H 2S 10D",
                "foundation-1": "3C", "reserve": "2H 7H 4C 8H 8C 5S KC 3H 2C 5D 6S 6C 9C",
                "tableau-1": "JD", "tableau-2": "4H", "tableau-3": "4D", "tableau-4": "10S"},
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deal(seed: int) -> None:
    game = new_game("canfield", seed)
    laid = {slot.id: " ".join(card.code for card in (reversed(slot.cards) if slot.id == "stock"
                                                    else slot.cards))
            for slot in game.slots if slot.cards}
    assert laid == GOLDEN[seed]
    game.play(Deal())
    assert " ".join(card.code for card in game.slot("waste").cards) == " ".join(
        GOLDEN[seed]["stock"].split()[:3])


# -- hints followed to the end ------------------------------------------------------------


def test_a_deal_won_by_the_hints_ends_with_every_card_up() -> None:
    game = Game.new(Canfield, 8)
    while (hint := game.hint()) is not None and hint.action is not None:
        game.play(hint.action)
    assert status(game) is Status.WON and game.score == 52
    game.undo()
    assert status(game) is Status.PLAYING


# -- the loss check -----------------------------------------------------------------------
def stuck_by_search(game: Game) -> bool:
    """No card move now, and none after any number of stock clicks: searched by clicking the
    stock round a whole cycle (then put back), not worked out as the game does."""
    variant, board = game.variant, game.board

    def some_move() -> bool:
        return any(isinstance(a, Move) for a in Variant.legal_actions(variant, board))

    if some_move():
        return False
    seen = set()
    board.start_log()
    try:
        while variant.stock_refusal(board) is None and position(game) not in seen:
            seen.add(position(game))
            variant.click_stock(board)
            if some_move():
                return False
        return True
    finally:
        for event in reversed(board.stop_log()):
            board.apply(inverse(event))


@pytest.mark.parametrize("seed", [2, 5, 31])
def test_the_loss_check_agrees_with_a_search_of_the_stock(seed: int) -> None:
    game = Game.new(Canfield, seed)
    chooser = random.Random(seed)
    for _ in range(250):
        actions = game.legal_actions()
        if not actions:
            break
        game.play(chooser.choice(actions))
        before = position(game)
        lost = outcome.is_lost(game.slots)
        assert lost == stuck_by_search(game)
        assert position(game) == before
        assert (status(game) is Status.LOST) == lost or status(game) is Status.WON


# -- automatic moves ----------------------------------------------------------------------
def test_automatic_moves_only_send_safe_cards_and_undo_in_one_step() -> None:
    sent = 0
    for seed in (3, 4, 9):
        game = Game.new(Canfield, seed)
        game.auto_up = True
        chooser = random.Random(seed)
        for _ in range(200):
            actions = game.legal_actions()
            if not actions:
                break
            before = position(game)
            game.play(chooser.choice(actions))
            for move in game.history[-1].auto:
                # Never from the waste, and never a base card (which would start a foundation).
                assert move.source == "reserve" or move.source.startswith("tableau")
                assert len(game.slot(move.target).cards) >= 2
            game.undo()
            assert position(game) == before
            game.redo()
        sent += sum(len(turn.auto) for turn in game.history)
    assert sent, "nothing went up by itself"
