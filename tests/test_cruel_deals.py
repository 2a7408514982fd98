"""Cruel's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

import pytest
from aisle_cruel import Cruel, rules
from aisle_cruel.layout import FOUNDATION_IDS, TABLEAU_IDS

from aisle.engine import Board, Card, Game, Status, new_deck
from aisle.engine.rng import Pcg32, stream_of
from aisle.registry.games import new_game
from aisle.registry.loading import available_variants
from aisle.testing import conformance

test_conformance = conformance(Cruel)

#: Computed once from our shuffle and written down: the foundations, then piles 1 to 12.
GOLDEN = {
    1: (
        "AC AD AH AS",
        ["8C 7S 8S 3D", "7H QC 9H 10C", "5S 4S JS QD", "5C KD 8H 4C", "JH 4H QH 3C", "QS JD 5H 4D",
         "2S 9C 6C 6H", "10H 3H 7C KH", "2H 5D 2C 2D", "KS 6S 7D 3S", "JC KC 8D 10D", "10S 9S 9D 6D"],
    ),
    2024: (
        "AC AD AS AH",
        ["KD 9D 6D 5D", "7H 8C 4S 9C", "2C 2S 10D 7S", "4C JH 7D 7C", "JC 10H QD 3C", "6C 8D 10S 8S",
         "10C 5H 5C QH", "JD 4H JS 9S", "KH 3H 9H QS", "KS 5S 4D QC", "8H 3S 6H 2D", "2H KC 3D 6S"],
    ),
    # The first shuffle of deal 102 has no move at all; this is the second one.
    102: (
        "AD AS AC AH",
        ["9D 4C 2D 6C", "KH 2C 8H 5D", "KC QH KS 10S", "10D 2S 5S JD", "3S 4D 8S 6D", "10H 7D 2H 3C",
         "5H QC 5C JC", "3H 4S 7S 3D", "8C 9C 4H 9S", "6S 8D 7C 6H", "KD QD 10C JS", "9H JH QS 7H"],
    ),
}


def shuffles(seed: int) -> list[list[Card]]:
    """The first two shuffles the engine draws for a Cruel deal number."""
    rng = Pcg32(seed, stream_of("cruel"))
    decks = []
    for _ in range(2):
        deck = new_deck()
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def laid_out(deck: list[Card]) -> Board:
    cards = sorted(deck, key=lambda card: card.id)
    board = Board(Cruel().layout(), cards, Cruel().initial_state())
    Cruel().deal(board, deck)
    return board


def play_by_hints(seed: int) -> Game:
    game = new_game("cruel", seed)
    for _ in range(500):
        if game.status is not Status.PLAYING:
            return game
        hint = game.hint()
        assert hint is not None and hint.action is not None
        game.play(hint.action)
    raise AssertionError(f"deal {seed} did not end in 500 hints")


def test_the_entry_point_registers_cruel() -> None:
    info = available_variants()["cruel"]
    assert info.variant is Cruel


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deal(seed: int) -> None:
    game = new_game("cruel", seed)
    up, piles = GOLDEN[seed]
    assert " ".join(game.slot(f).cards[0].code for f in FOUNDATION_IDS) == up
    assert [" ".join(c.code for c in game.slot(p).cards) for p in TABLEAU_IDS] == piles


def test_aces_go_up_and_piles_are_dealt_in_shuffle_order() -> None:
    deck, _ = shuffles(1)
    game = new_game("cruel", 1)
    aces = [card.code for card in deck if card.rank == 1]
    others = [card.code for card in deck if card.rank != 1]
    assert [game.slot(f).cards[0].code for f in FOUNDATION_IDS] == aces
    assert [card.code for p in TABLEAU_IDS for card in game.slot(p).cards] == others


def test_a_deal_without_a_move_is_replaced_by_the_next_shuffle() -> None:
    first, second = shuffles(102)
    hopeless = laid_out(first)
    assert not rules.has_move(hopeless, rules.tableau(hopeless))
    assert not Cruel().acceptable_deal(hopeless)
    game = new_game("cruel", 102)
    assert [card.code for p in TABLEAU_IDS for card in game.slot(p).cards] == [
        card.code for card in second if card.rank != 1
    ]
    assert game.status is Status.PLAYING and game.legal_actions()


def test_a_playable_first_shuffle_is_kept() -> None:
    first, _ = shuffles(2024)
    assert Cruel().acceptable_deal(laid_out(first))


def test_a_whole_game_won_by_following_the_hints() -> None:
    game = play_by_hints(50)
    assert (game.status, game.score, len(game.history)) == (Status.WON, 48, 71)
    assert str(game.status_text) == "Cards remaining: 0"


def test_a_whole_game_that_ends_in_the_redeal_loop() -> None:
    game = play_by_hints(6)
    assert game.status is Status.LOST and game.score == 27
    board = game.board
    piles = rules.tableau(board)
    # Lost although a card could still move: the loop, not a dead end.
    assert rules.has_move(board, piles) and rules.in_redeal_loop(board, piles)
    assert sum(len(pile.cards) for pile in piles) % 4 == 1


def test_a_whole_game_that_ends_with_no_move_after_a_redeal() -> None:
    game = play_by_hints(9)
    assert game.status is Status.LOST and game.score == 3
    assert game.state["just_redealt"] is True
    assert not rules.has_move(game.board, rules.tableau(game.board))
