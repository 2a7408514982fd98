"""The worked example, Aces Up (examples/aisle-aces-up), is a kit game whose discard pile takes
cards by a rule of its own (`Foundations(accepts=...)`): what it gets on real deals with no code
of its own. The kit gives it the refusals, the stock, the legal moves, the safe discards, a hint
that fills empty piles first, the loss test, and a solver model (`aisle.kit.solver_discard`)
that the cross-check holds to the engine and whose hunt wins deals in a few hundred positions.

Imported from the source folder: tests/test_example_plugin.py installs it the slow way."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Hashable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from aisle.engine import Board, Card, Deal, Game, Move, Status, new_deck
from aisle.kit import KitVariant
from aisle.kit.solver_discard import DiscardModel
from aisle.solver import Budget, Verdict, solve
from aisle.solver.model_search import ModelSearch
from aisle.solver.position import copy_game
from aisle.testing.solver_model import cross_check

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "aisle-aces-up"
DEALS = range(1, 21)
#: Each deal's budget in the solver's test: the hunt gets 70% of it, and deal 11 needs 12,000.
POSITIONS = 20_000
DISCARD = "foundation-1"


@pytest.fixture(scope="module")
def aces_up() -> Iterator[type[KitVariant]]:
    sys.path.insert(0, str(EXAMPLE))
    try:
        module: Any = importlib.import_module("aisle_aces_up")
        yield module.AcesUp
    finally:
        sys.path.remove(str(EXAMPLE))
        for name in [name for name in sys.modules if name.startswith("aisle_aces_up")]:
            del sys.modules[name]


def safe(game: Game, move: Move) -> bool:
    """Whether the card `move` discards has no lower card of its suit left to beat."""
    card = game.slot(move.source).cards[-1]
    gone = {(c.suit, c.rank) for c in game.slot(DISCARD).cards}
    return all((card.suit, rank) in gone for rank in range(2, card.rank))


def played_by_hints(game: Game, most: int = 400) -> Game:
    """Follow the hints to the end of the game (following them never comes back to a position)."""
    for _ in range(most):
        hint = game.hint()
        if game.status is not Status.PLAYING or hint is None or hint.action is None:
            break
        game.play(hint.action)
    return game


def test_every_fresh_deal_has_a_legal_hint(aces_up: type[KitVariant]) -> None:
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        hint = game.hint()
        assert hint is not None and hint.action is not None, seed
        assert game.why_not(hint.action) is None, seed


def test_send_all_up_and_the_automatic_moves_discard_only_safe_cards(aces_up: type[KitVariant]) -> None:
    sent = automatic = 0
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        while game.status is Status.PLAYING and not game.can_send_all_up:
            game.play(Deal())
        if game.can_send_all_up:
            before = list(game.slot(DISCARD).cards)
            game.send_all_up()
            gone = {(card.suit, card.rank) for card in before}
            for card in game.slot(DISCARD).cards[len(before):]:
                assert all((card.suit, rank) in gone for rank in range(2, card.rank)), seed
                gone.add((card.suit, card.rank))
                sent += 1
            assert game.variant.safe_up_move(game.board) is None, seed  # nothing safe is left
        # Automatic moves on, to the end of a game: each one was safe when it was made.
        played = Game.new(aces_up, seed)
        played.auto_up = True
        played_by_hints(played)
        replay = Game.new(aces_up, seed)
        for turn in played.history:
            replay.play(turn.action)
            for move in turn.auto:
                assert move.target == DISCARD and safe(replay, move), seed
                replay.play(move)
                automatic += 1
    assert sent > 0 and automatic > 0


def test_a_game_played_to_its_end_is_won_or_lost_and_lost_means_nothing_is_left(
        aces_up: type[KitVariant]) -> None:
    endings = set()
    for seed in DEALS:
        game = played_by_hints(Game.new(aces_up, seed))
        assert game.status is not Status.PLAYING, f"deal {seed}: the hints stopped in a live game"
        endings.add(game.status)
        if game.status is Status.LOST:
            assert game.legal_actions() == [] and not game.slot("stock").cards, seed
            refusal = game.why_not(Deal())
            assert refusal is not None and refusal.msgid == "The game is over."
    assert Status.LOST in endings


def test_the_kits_model_plays_the_example_as_the_engine_does(aces_up: type[KitVariant]) -> None:
    game = Game.new(aces_up, 1)
    assert isinstance(game.variant.solver_model(game.board), DiscardModel)
    # Random games end after twenty-odd actions: twenty of them, every position checked.
    assert cross_check(aces_up, seeds=DEALS, steps=150) > 200


def test_the_kits_model_decides_deals_in_a_position_budget(aces_up: type[KitVariant]) -> None:
    # A positions budget, so the verdicts do not depend on the machine's speed. The hunt that
    # discards every card at once (the model's hunch) wins these deals in a few hundred
    # positions, deal 11 in about 12,000. A loss is proved only by seeing every position the
    # deal can reach, and the other deals reach millions once keeping a card is tried too (see
    # the position below), so they stay undecided here: never won, never wrongly lost.
    verdicts = {}
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        result = solve(game, Budget(seconds=600, positions=POSITIONS))
        verdicts[seed] = result.verdict
        if result.verdict is Verdict.WON:
            game.auto_up = False
            for action in result.solution:
                game.play(action)
            assert game.status is Status.WON, seed
    won = [seed for seed, verdict in verdicts.items() if verdict is Verdict.WON]
    assert won == [2, 3, 5, 9, 10, 11, 12, 14, 16, 19, 20], verdicts
    assert Verdict.LOST not in verdicts.values(), verdicts


# -- hand-made positions --------------------------------------------------------------------------
def made_game(variant: type[KitVariant], piles: Sequence[str], stock: str = "") -> Game:
    """A position with the given cards (codes such as "QH 10C", bottom first) on the four piles
    and in the stock (its last card dealt first), every other card but the Aces discarded."""
    cards = new_deck()
    by_code = {card.code: card for card in cards}
    in_play = " ".join([*piles, stock]).split()

    def take(codes: str, face_up: bool) -> list[Card]:
        picked = [by_code[code] for code in codes.split()]
        for card in picked:
            card.face_up = face_up
        return picked

    board = Board(variant().layout(), cards, variant().initial_state())
    for number, codes in enumerate(piles, start=1):
        board.place(f"tableau-{number}", take(codes, face_up=True))
    board.place(DISCARD, take(" ".join(card.code for card in cards
                                       if card.rank != 1 and card.code not in in_play), face_up=True))
    board.place("stock", take(stock, face_up=False))
    return Game(variant(), 0, board)


def model_verdict(game: Game, hunch: bool = False) -> Verdict:
    """The model's depth-first search to the end of its space (the hunch's, or the exhaustive one)."""
    model = game.variant.solver_model(game.board)
    assert model is not None
    return ModelSearch(model, Budget(seconds=600, positions=1_000_000), None, float("inf"), hunch=hunch).run()


def plain_verdict(game: Game) -> Verdict:
    """Every legal action at every position, no discard folded in, positions told apart by every
    pile in its place: a search with no rule of its own to get wrong."""
    model = game.variant.solver_model(game.board)
    assert isinstance(model, DiscardModel)
    seen: set[Hashable] = set()
    waiting = [model.start()]
    while waiting:
        state = waiting.pop()
        if model.won(state):
            return Verdict.WON
        if state[:2] not in seen:
            seen.add(state[:2])
            waiting += [child for _, child in model.legal(state)]
    return Verdict.LOST


def test_keeping_a_card_through_a_deal_can_be_the_only_win(aces_up: type[KitVariant]) -> None:
    # Why discarding every card that may go is only the hunch while the stock deals. 7C and 8C
    # may go (the Ace of clubs beats them). The deal covers that Ace with the Ace of spades, and
    # only 7C, kept, then beats the 5C it deals: 5C goes, 3S goes (Ace of spades), QH is
    # uncovered and beats 6H, AH beats QH, and the emptied pile frees the Aces.
    game = made_game(aces_up, ["AC", "AD 8C 7C", "10S AH", "QH 3S"], stock="5C 6H 5S AS")
    assert model_verdict(game) is Verdict.WON
    assert plain_verdict(game) is Verdict.WON
    assert model_verdict(game, hunch=True) is Verdict.UNKNOWN  # its space, seen to the end: no win


def random_position(variant: type[KitVariant], chooser: random.Random) -> Game:
    """The four Aces and a few other cards, shuffled onto the piles and into a short stock."""
    others = [card.code for card in new_deck() if card.rank != 1]
    cards = ["AS", "AH", "AD", "AC", *chooser.sample(others, chooser.choice((4, 6, 8, 10)))]
    chooser.shuffle(cards)
    stock_size = chooser.choice((0, 4, 4, 8))
    stock, rest = cards[:stock_size], cards[stock_size:]
    piles: list[list[str]] = [[] for _ in range(4)]
    for code in rest:
        chooser.choice(piles).append(code)
    return made_game(variant, [" ".join(pile) for pile in piles], stock=" ".join(stock))


def test_the_models_search_agrees_with_a_plain_search_on_small_positions(aces_up: type[KitVariant]) -> None:
    # The model's search folds the safe discards into each step, discards everything at once
    # after the last deal and takes the piles as alike from then on; the plain search does none
    # of it. Both must find the same verdict, and every win of the hunch must be a win.
    chooser = random.Random(28)
    verdicts = []
    for _ in range(150):
        game = random_position(aces_up, chooser)
        verdict = plain_verdict(game)
        assert model_verdict(game) is verdict, [card.code for card in game.board.slot("stock").cards]
        if model_verdict(game, hunch=True) is Verdict.WON:
            assert verdict is Verdict.WON
        verdicts.append(verdict)
    assert Verdict.WON in verdicts and Verdict.LOST in verdicts


def test_the_hunchs_steps_play_through_the_engine(aces_up: type[KitVariant]) -> None:
    # What the cross-check does for the exhaustive search's steps, for the hunch's.
    chooser = random.Random(7)
    checked = 0
    for seed in DEALS:
        game = Game.new(aces_up, seed)
        for _ in range(40):
            if game.status is not Status.PLAYING:
                break
            model = game.variant.solver_model(game.board)
            assert model is not None
            state = model.start()
            for step, child in model.hunch(state) or ():
                replay = copy_game(game)
                for action in model.actions(state, step):
                    replay.play(action)
                reached = replay.variant.solver_model(replay.board)
                assert reached is not None and reached.key(reached.start()) == model.key(child), seed
                checked += 1
            game.play(chooser.choice(game.legal_actions()))
    assert checked > 100
