"""Cruel's deals (pinned), its registration, whole games played by the hints, and the
conformance kit."""

from __future__ import annotations

from aisle_cruel import Cruel, rules
from aisle_cruel.layout import FOUNDATION_IDS, TABLEAU_IDS

from aisle.engine import Board, Card, Game, Status, new_deck
from aisle.engine.rng import Pcg32, stream_of
from aisle.hooks import available_variants
from aisle.registry.games import new_game
from aisle.testing import conformance

test_conformance = conformance(Cruel)


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
