"""Cruel's solver model: its dead-end test (the first cards locked for good) and its key never
call a winnable position lost, the deals it decides at once, and a small dead position."""

from __future__ import annotations

import random
import time

from aisle_cruel.dead_end import locked_prefix
from aisle_cruel.solving import CruelModel, State
from test_cruel import arranged

from aisle.engine import Game, Status
from aisle.registry.games import new_game
from aisle.solver import Budget, Verdict, solve
from aisle.solver.model_search import ModelSearch

RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = "CDHS"


class PlainCruel(CruelModel):
    """The model without its reductions: no dead-end test, and a fresh deal or redeal told
    apart from the same piles after a move."""

    def dead(self, state: State) -> bool:
        return False

    def key(self, state: State) -> bytes:
        return super().key(state) + (b"r" if state[3] else b"m")

    def spent(self, state: State) -> int:
        return 0


def exhaustive(model: CruelModel, positions: int) -> Verdict:
    return ModelSearch(model, Budget(600, positions), None, time.monotonic() + 600).run()


def random_position(chooser: random.Random, cards_left: int) -> Game:
    """A position with `cards_left` cards on the piles (each suit's highest), shuffled into
    piles of one to four cards, right after a redeal or after a move."""
    while True:
        levels = [chooser.randint(1, 13) for _ in SUITS]
        if sum(13 - level for level in levels) == cards_left:
            break
    cards = [f"{RANKS.get(rank, str(rank))}{suit}" for suit, level in zip(SUITS, levels, strict=True)
             for rank in range(level + 1, 14)]
    chooser.shuffle(cards)
    piles: list[str] = []
    while cards and len(piles) < 12:
        size = 4 if chooser.random() < 0.6 else chooser.randint(1, 4)
        piles.append(" ".join(cards[:size]))
        cards = cards[size:]
    if cards:
        piles[-1] += " " + " ".join(cards)
    return arranged(piles, just_redealt=chooser.random() < 0.5)


def model_of(game: Game, model_type: type[CruelModel] = CruelModel) -> CruelModel:
    return model_type(game.board)


def test_the_dead_end_test_and_the_key_never_lose_a_win() -> None:
    # Small positions that the plain search decides: both searches must agree, and wherever
    # the first cards are locked, the plain search must find no win at all.
    chooser = random.Random(14)
    compared = locked = won = 0
    for _ in range(150):
        game = random_position(chooser, 16)
        if game.status is not Status.PLAYING:
            continue
        plain = exhaustive(model_of(game, PlainCruel), 100_000)
        if plain is Verdict.UNKNOWN:
            continue
        model = model_of(game)
        start = model.start()
        assert exhaustive(model, 100_000) is plain, [pile for pile in start[0]]
        if locked_prefix(start[0], start[2]):
            locked += 1
            assert plain is Verdict.LOST
        compared += 1
        won += plain is Verdict.WON
    assert compared > 100 and locked > 20 and won > 30


def test_a_king_on_a_lower_card_of_its_suit_in_the_first_pile_is_locked() -> None:
    # The King of spades lies on the two in the first pile, and only spades are left: no redeal
    # ever parts them, and the King goes up only after the two.
    game = arranged(["2S KS", "5S 4S", "3S 9S 8S", "QS JS 10S", "7S 6S"], just_redealt=False)
    model = model_of(game)
    assert locked_prefix(model.start()[0], model.start()[2])
    assert exhaustive(model_of(game, PlainCruel), 100_000) is Verdict.LOST
    result = solve(game, Budget(60, positions=10_000))
    assert result.verdict is Verdict.LOST and result.positions <= 2  # the start, by the hunt and the proof


def test_the_same_cards_with_the_king_not_on_the_two_can_be_won() -> None:
    game = arranged(["KS 2S", "5S 4S", "3S 9S 8S", "QS JS 10S", "7S 6S"], just_redealt=False)
    model = model_of(game)
    assert not locked_prefix(model.start()[0], model.start()[2])
    result = solve(game, Budget(60, positions=10_000))
    assert result.verdict is Verdict.WON


def test_a_top_that_can_still_go_onto_its_successor_is_not_locked() -> None:
    # QS lies on 2S, but it can go onto KS, the next pile's top: 2S comes free.
    game = arranged(["2S QS", "KS", "10S 9S 8S 7S", "JS 6S 5S", "4S 3S"], just_redealt=False)
    model = model_of(game)
    assert not locked_prefix(model.start()[0], model.start()[2])
    assert solve(game, Budget(60, positions=10_000)).verdict is Verdict.WON


def test_deals_with_a_locked_first_pile_are_lost_at_once() -> None:
    game = new_game("cruel", 5)
    assert [card.code for card in game.slot("tableau-1").cards] == ["2H", "6C", "KC", "QH"]
    for seed in (5, 20, 31, 38):
        result = solve(new_game("cruel", seed), Budget(60, positions=10_000))
        assert result.verdict is Verdict.LOST and result.positions <= 2, seed


def test_a_deal_the_locked_corners_used_to_hide_is_won() -> None:
    # Deal 63: the search once spent its whole budget below positions whose first cards were
    # locked; it now leaves them at once and finds the win.
    game = new_game("cruel", 63)
    result = solve(game, Budget(120, positions=50_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        game.play(action)
    assert game.status is Status.WON
