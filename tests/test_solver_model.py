"""The games' own solver models (`Variant.solver_model`) agree with the engine, and what they
prove: the same legal actions and the same resulting positions at many positions of random
games, so that a LOST verdict rests on the rules; and Klondike's sound dead-end test."""

from __future__ import annotations

import time

import pytest
from aisle_spider_three_decks.game import SpiderThreeDecks
from aisle_spider_three_decks.solving import SpiderModel

from aisle.engine import Game, Status
from aisle.engine.actions import Action
from aisle.registry.games import new_game, variant_class
from aisle.solver import Budget, Verdict, solve
from aisle.solver.model import SolverModel
from aisle.solver.model_search import ModelSearch
from aisle.testing.solver_model import check_position, cross_check
from aisle.variant import Variant

MODELLED: list[tuple[str, dict[str, str]]] = [
    ("klondike", {"deal": "single"}), ("klondike", {"deal": "three"}),
    ("klondike", {"deal": "no-redeals"}), ("klondike", {"deal": "unlimited"}),
    ("cruel", {}), ("doublets", {}), ("spider-three-decks", {}),
]


@pytest.mark.parametrize(("game_id", "options"), MODELLED,
                         ids=[f"{g}-{o.get('deal', '')}" for g, o in MODELLED])
def test_the_model_plays_as_the_engine_does(game_id: str, options: dict[str, str]) -> None:
    assert cross_check(variant_class(game_id), options, seeds=(1, 2), steps=70) > 20


def test_positions_along_a_solution_are_checked_too() -> None:
    # A won game's line goes through positions random play rarely reaches (cards going up,
    # Kings into emptied piles, the stock nearly used up).
    for game_id, options, seed in (("klondike", {"deal": "three"}, 2), ("cruel", {}, 1), ("doublets", {}, 1)):
        game = new_game(game_id, seed, options)
        result = solve(game, Budget(60, positions=20_000))
        assert result.verdict is Verdict.WON
        for number, action in enumerate(result.solution):
            if number % 3 == 0:
                check_position(game)
            game.play(action)
        assert game.status is Status.WON


def test_a_card_stuck_over_its_own_needs_loses_the_deal_at_once() -> None:
    # Klondike deal 61: the face-down Jack of diamonds lies on both black Queens and the nine of
    # diamonds in the same pile: it can neither go up nor onto a Queen, so the cards under it
    # can never be reached.
    game = new_game("klondike", 61)
    codes = [card.code for card in game.slot("tableau-7").cards]
    assert codes[:4] == ["QC", "9D", "QS", "JD"]
    result = solve(game, Budget(60))
    assert result.verdict is Verdict.LOST and result.positions <= 3


class Stuck(SolverModel[int, int]):
    """A game with one position and no step out of it."""

    def start(self) -> int:
        return 0

    def key(self, state: int) -> int:
        return state

    def won(self, state: int) -> bool:
        return False

    def children(self, state: int) -> list[tuple[int, int]]:
        return []

    def actions(self, state: int, step: int) -> tuple[Action, ...]:
        return ()

    def legal(self, state: int) -> list[tuple[Action, int]]:
        return []


def test_a_model_that_prunes_never_says_lost() -> None:
    model = Stuck()
    assert ModelSearch(model, Budget(60), None, time.monotonic() + 60).run() is Verdict.LOST
    model.prunes = True  # its steps are a hunch: having seen them all proves nothing
    assert ModelSearch(model, Budget(60), None, time.monotonic() + 60).run() is Verdict.UNKNOWN
    assert ModelSearch(Stuck(), Budget(60), None, time.monotonic() + 60, hunch=True).run() is Verdict.UNKNOWN
    assert SpiderThreeDecks.solver_model is not Variant.solver_model
    assert SpiderModel.prunes


def klondike_with(piles: dict[str, tuple[str, str]]) -> Game:
    """Klondike deal 1 laid out anew: each named pile gets its face-down, then its face-up
    cards (codes); every other card goes face down into the stock."""
    game = new_game("klondike", 1)
    by_code = {card.code: card for card in game.board.cards}
    for slot in game.board.slots:
        slot.cards.clear()
    placed: set[str] = set()
    for slot_id, (down, up) in piles.items():
        for codes, face_up in ((down, False), (up, True)):
            for code in codes.split():
                by_code[code].face_up = face_up
                game.slot(slot_id).cards.append(by_code[code])
                placed.add(code)
    for code, card in by_code.items():
        if code not in placed:
            card.face_up = False
            game.slot("stock").cards.append(card)
    return game


def test_the_stuck_card_test_spares_a_card_its_pile_can_carry_away() -> None:
    # 5H lies on 4H and both black sixes, face down: it can neither go up nor onto a six.
    stuck = klondike_with({"tableau-1": ("4H 6C 6S", "5H"), "tableau-2": ("", "7D")})
    model = stuck.variant.solver_model(stuck.board)
    assert model is not None and model.children(model.start()) == []
    assert solve(stuck, Budget(60)).verdict is Verdict.LOST
    # The same cards with 6S face up under 5H: the run 6S 5H can go onto 7D, and then 6C
    # and 4H come free. Not a dead end.
    carried = klondike_with({"tableau-1": ("4H 6C", "6S 5H"), "tableau-2": ("", "7D")})
    model = carried.variant.solver_model(carried.board)
    assert model is not None
    assert ("pile", 0, 2, 1) in [step for step, _ in model.children(model.start())]


def test_each_hunt_lets_its_table_go_after_its_last_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty Thieves' deal 2 stays unknown in a small budget, so every search of the plan takes
    all its turns: the hunts' tables are let go, the exhaustive search's is kept to the end (a
    hunt's table would otherwise stay beside it, doubling the memory a deal takes)."""
    searches: list[ModelSearch] = []
    made = ModelSearch.__init__

    def making(self: ModelSearch, *args: object, **kwargs: object) -> None:
        made(self, *args, **kwargs)  # type: ignore[arg-type]
        searches.append(self)

    monkeypatch.setattr(ModelSearch, "__init__", making)
    released: list[tuple[ModelSearch, int]] = []
    release = ModelSearch.release

    def releasing(self: ModelSearch) -> None:
        released.append((self, len(self.seen)))
        release(self)

    monkeypatch.setattr(ModelSearch, "release", releasing)
    result = solve(new_game("forty-thieves", 2), Budget(600, positions=40_000))
    assert result.verdict is Verdict.UNKNOWN
    gone = {id(search) for search, _ in released}
    hunts = [search for search in searches if search.hunch and id(search) in gone]
    assert hunts and any(size > 0 for _, size in released)  # a depth-first hunt had a table
    assert all(not search.seen for search, _ in released)
    kept = [search for search in searches if not search.hunch and id(search) not in gone]
    assert len(kept) == 1 and kept[0].seen  # the exhaustive search, to the end
