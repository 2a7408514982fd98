"""Automatic moves to the foundations: what each game calls safe, how the engine makes the moves
(after each action, in the same undo step) and how a save replays them exactly."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from aisle_klondike.safe import settled
from test_klondike_setup import arranged as klondike
from toy_game import ToyGame

from aisle.engine import Card, Deal, Game, Move, SaveError, SlotKind, Status, new_deck
from aisle.registry.games import new_game, restore_game
from aisle.registry.loading import available_variants
from aisle.variant import Variant


def position(game: Game) -> list[tuple[str, list[tuple[int, bool]]]]:
    return [(slot.id, [(card.id, card.face_up) for card in slot.cards]) for slot in game.slots]


def card(code: str) -> Card:
    return next(c for c in new_deck() if c.code == code)


def heights(**suits: int) -> dict[str, int]:
    return {"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 0} | suits


def codes(game: Game, slot_id: str) -> str:
    return " ".join(c.code for c in game.slot(slot_id).cards)


# -- Klondike's rule ---------------------------------------------------------------------------
@pytest.mark.parametrize(("code", "levels", "safe"), [
    ("AH", heights(), True),
    ("2S", heights(spades=1), True),  # a two holds only aces, which are never needed down
    ("3H", heights(hearts=2, clubs=2, spades=2, diamonds=1), True),
    ("3H", heights(hearts=2, clubs=2, spades=1, diamonds=1), False),  # the 2S could want the 3H
    ("3H", heights(hearts=2, clubs=2, spades=2), False),  # the 2D could want a black 3
    ("5S", heights(spades=4, hearts=4, diamonds=4, clubs=3), True),
    # The weaker rule (the other colour alone) is not enough here: 4D may come back down for
    # the 3C to rest on, and then want the 5S to rest on.
    ("5S", heights(spades=4, hearts=4, diamonds=4, clubs=2), False),
    ("KD", heights(diamonds=12, clubs=12, spades=12, hearts=11), True),
    ("KD", heights(diamonds=12, clubs=11, spades=12, hearts=13), False),
])
def test_klondike_settled_cards(code: str, levels: dict[str, int], safe: bool) -> None:
    assert settled(card(code), levels) is safe


def test_a_safe_card_goes_up_after_the_move_in_the_same_undo_step() -> None:
    game = klondike({"tableau-1": "~5C 2H", "tableau-4": "AH", "tableau-2": "9D", "tableau-3": "8S"})
    game.auto_up = True
    before = position(game)
    game.play(Move("tableau-3", 1, "tableau-2"))
    turn = game.history[-1]
    assert turn.auto == (Move("tableau-4", 1, "foundation-1"), Move("tableau-1", 1, "foundation-1"))
    assert codes(game, "foundation-1") == "AH 2H"
    assert game.slot("tableau-1").cards[-1].face_up  # the 5C was turned up, and stays: not safe
    assert len(turn.steps) == 3  # the move, then each card going up
    game.undo()
    assert position(game) == before and len(game.history) == 0
    game.redo()
    assert codes(game, "foundation-1") == "AH 2H" and codes(game, "tableau-2") == "9D 8S"


def test_a_card_still_of_use_stays_down() -> None:
    up = {"foundation-1": "AH 2H 3H 4H", "foundation-2": "AD 2D 3D 4D", "foundation-3": "AS 2S 3S 4S"}
    piles = {"tableau-1": "5S", "tableau-2": "9D", "tableau-3": "8S"}
    stays = klondike(up | piles | {"foundation-4": "AC 2C"})
    goes = klondike(up | piles | {"foundation-4": "AC 2C 3C"})
    for game in (stays, goes):
        game.auto_up = True
        game.play(Move("tableau-3", 1, "tableau-2"))
    assert stays.history[-1].auto == ()
    assert goes.history[-1].auto == (Move("tableau-1", 1, "foundation-3"),)


@pytest.mark.parametrize(("deal", "goes"), [("single", True), ("three", False)])
def test_the_waste_sends_up_only_with_single_card_deals(deal: str, goes: bool) -> None:
    # Three at a time, taking a card out of the waste changes what later deals show.
    game = klondike({"waste": "AH", "tableau-2": "9D", "tableau-3": "8S"}, options={"deal": deal})
    game.auto_up = True
    game.play(Move("tableau-3", 1, "tableau-2"))
    assert (codes(game, "foundation-1") == "AH") is goes


def test_a_card_taken_down_is_not_sent_straight_back() -> None:
    game = klondike({"foundation-1": "AH 2H 3H", "foundation-2": "AS 2S", "foundation-3": "AC 2C",
                     "foundation-4": "AD", "tableau-1": "4S", "tableau-2": "9D", "tableau-3": "8S"})
    game.auto_up = True
    assert settled(card("3H"), heights(spades=2, clubs=2, diamonds=1))
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "4S 3H" and game.history[-1].auto == ()
    # The next action sends it up again: nothing could ever want it down there.
    game.play(Move("tableau-3", 1, "tableau-2"))
    assert game.history[-1].auto == (Move("tableau-1", 1, "foundation-1"),)


def test_nothing_goes_up_by_itself_when_the_option_is_off() -> None:
    game = klondike({"tableau-4": "AH", "tableau-2": "9D", "tableau-3": "8S"})
    game.play(Move("tableau-3", 1, "tableau-2"))
    assert game.history[-1].auto == () and codes(game, "tableau-4") == "AH"


def test_a_deal_is_followed_by_automatic_moves_too() -> None:
    game = klondike({"stock": "AD", "tableau-1": "5C"})
    game.auto_up = True
    game.play(Deal())
    assert codes(game, "foundation-1") == "AD"
    assert game.history[-1].auto == (Move("waste", 1, "foundation-1"),)


# -- the other games: safe only in the end game -----------------------------------------------
def test_cruel_sends_up_only_once_going_up_alone_clears_the_piles() -> None:
    from test_cruel import arranged as cruel

    endgame = cruel(["KS QS", "JS"], just_redealt=False)
    endgame.auto_up = True
    endgame.play(Move("tableau-2", 1, "tableau-1"))
    assert endgame.status is Status.WON
    assert [m.source for m in endgame.history[-1].auto] == ["tableau-1"] * 3
    # Here the JS can go up, but the JH on the 10H keeps the piles from clearing that way.
    midgame = cruel(["QH KS QS", "JS", "KH", "10H JH"], just_redealt=False)
    midgame.auto_up = True
    assert midgame.variant.safe_up_move(midgame.board) is None
    midgame.play(Move("tableau-2", 1, "tableau-1"))
    assert midgame.history[-1].auto == ()


def test_doublets_sends_up_only_once_the_stock_is_spent() -> None:
    from test_doublets_play import arranged as doublets
    from test_doublets_play import full_run

    run = full_run()
    reserves = {"reserve-1": [run[45]], "reserve-2": [run[46]], "reserve-3": [run[47]],
                "reserve-4": ["KC"], "reserve-5": ["KD"], "reserve-6": ["KH"], "reserve-7": ["KS"]}
    spent = doublets({"foundation-1": run[:45], **reserves}, redeals=2, rest="waste")
    assert not spent.slot("stock").cards
    spent.auto_up = True
    spent.play(Move("reserve-1", 1, "foundation-1"))
    assert spent.status is Status.WON and len(spent.history[-1].auto) == 2
    # With a card left to deal, the order of plays and deals still matters: nothing goes by itself.
    open_stock = doublets({"foundation-1": run[:45], **reserves, "reserve-6": [], "reserve-7": [],
                           "stock": ["KS", "KH"]}, redeals=2, rest="waste")
    open_stock.auto_up = True
    open_stock.play(Move("reserve-1", 1, "foundation-1"))
    assert open_stock.history[-1].auto == ()


def test_spider_sends_up_only_when_nothing_but_complete_runs_is_left() -> None:
    from test_spider_three_decks import arrange, run

    game = arrange({"tableau-1": run("C"), "tableau-2": run("D", 13, 2), "tableau-3": "AD"})
    game.auto_up = True
    game.play(Move("tableau-3", 1, "tableau-2"))
    assert game.status is Status.WON
    assert [m.source for m in game.history[-1].auto] == ["tableau-1", "tableau-2"]
    stock_left = arrange({"tableau-1": run("C"), "tableau-2": run("D", 13, 2), "tableau-3": "AD"},
                         stock="2C")
    stock_left.auto_up = True
    stock_left.play(Move("tableau-3", 1, "tableau-2"))
    assert stock_left.history[-1].auto == ()


# -- saving ------------------------------------------------------------------------------------
def _played_with_automatic_moves() -> Game:
    """A real Klondike deal played at random with the option switched on and off, until turns
    with and without automatic moves lie in both the history and the redo list."""
    for seed in range(1, 200):
        game = new_game("klondike", seed)
        chance = random.Random(seed)
        for _turn in range(300):
            actions = game.legal_actions()
            if not actions:
                break
            game.auto_up = chance.random() < 0.7
            game.play(chance.choice(actions))
            turns = game.history
            if sum(1 for t in turns if t.auto) >= 3 and not turns[-1].auto and turns[-2].auto:
                game.undo()
                game.undo()
                return game
    raise AssertionError("no such game in the first deals")


def test_a_save_replays_the_automatic_moves_whatever_the_option_is_now() -> None:
    game = _played_with_automatic_moves()
    assert game.future[-1].auto and not game.future[0].auto  # the redo list, next one last
    saved = json.loads(game.to_json())
    assert saved["version"] == 2
    with_auto = [turn for turn in saved["history"] + saved["redo"] if "auto" in turn]
    assert len(with_auto) == sum(1 for t in [*game.history, *game.future] if t.auto)
    for restored_option in (False, True):
        restored = restore_game(game.to_json())
        restored.auto_up = restored_option
        assert position(restored) == position(game)
        assert [t.auto for t in restored.history] == [t.auto for t in game.history]
        assert restored.to_json() == game.to_json()
        restored.redo()
        restored.redo()
        assert [t.auto for t in restored.history[-2:]] == [t.auto for t in reversed(game.future)]


def _saved_with_one_automatic_move() -> dict[str, object]:
    for seed in range(1, 500):
        game = new_game("klondike", seed)
        game.auto_up = True
        for action in game.legal_actions():
            game.play(action)
            if game.history[-1].auto:
                return json.loads(game.to_json())
            game.undo()
    raise AssertionError("no deal in the first numbers sends a card up by itself at once")


def test_a_save_whose_automatic_moves_do_not_fit_is_refused() -> None:
    saved = _saved_with_one_automatic_move()
    history = saved["history"]
    assert isinstance(history, list)
    # Left out, the automatic moves are not made: the position saved with them is not reached.
    del history[0]["auto"]
    with pytest.raises(SaveError, match="position does not match"):
        restore_game(json.dumps(saved))
    del saved["position"]
    history[0]["auto"] = [["stock", 1, "foundation-1"]]  # nothing goes up from the stock
    with pytest.raises(SaveError, match="does not replay"):
        restore_game(json.dumps(saved))
    history[0]["auto"] = "all of them"
    with pytest.raises(SaveError):
        restore_game(json.dumps(saved))


# -- every game --------------------------------------------------------------------------------
def _variants() -> list[tuple[type[Variant], dict[str, str]]]:
    found = [(info.variant, options) for info in available_variants().values()
             for options in info.variant.option_combinations()]
    return [*found, (ToyGame, {})]


def _foundations(game: Game) -> Sequence[str]:
    return [slot.id for slot in game.slots if slot.kind == SlotKind.FOUNDATION]


@pytest.mark.parametrize(("variant", "options"), _variants(),
                         ids=lambda value: getattr(value, "id", None) or json.dumps(value))
def test_random_play_with_automatic_moves(variant: type[Variant], options: dict[str, str]) -> None:
    """Every automatic move goes from elsewhere onto a foundation, undo takes it back with its
    action, cards are never lost, and a save restores the game exactly."""
    for seed in (1, 2, 3):
        game = Game.new(variant, seed, options)
        game.auto_up = True
        chance = random.Random(seed)
        for _turn in range(200):
            actions = game.legal_actions()
            if not actions:
                break
            before = position(game)
            game.play(chance.choice(actions))
            for move in game.history[-1].auto:
                assert move.target in _foundations(game) and move.source not in _foundations(game)
            if chance.random() < 0.1:
                game.undo()
                assert position(game) == before
                game.redo()
        assert sorted(c.id for slot in game.slots for c in slot.cards) == list(range(len(game.cards)))
        restored = restore_game(game.to_json(), {variant.id: variant})
        assert position(restored) == position(game)
        assert restored.to_json() == game.to_json()
