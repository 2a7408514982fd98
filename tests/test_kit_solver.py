"""The solver's model of kit games (aisle/kit/solver_model.py): it plays as the engine does, its
steps leave out no position the rules reach, its LOST verdicts agree with a plain search of the
board, and it refuses games whose rules it cannot see."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

import pytest
from aisle_freecell import FreeCell
from aisle_yukon.game import Yukon

from aisle.engine import Board, Deal, Game, Move, Slot, Status
from aisle.i18n import Text
from aisle.kit.solver_model import KitModel, unknown_rules
from aisle.kit.solver_models import model_of as kit_model_of
from aisle.kit.solver_open import OpenModel
from aisle.kit.solver_spider import SpiderModel
from aisle.kit.variant import KitVariant
from aisle.registry.games import new_game, restore_game, variant_class
from aisle.solver import Budget, Verdict, solve
from aisle.solver.position import copy_board, copy_game
from aisle.solver.search import Search
from aisle.testing.solver_model import check_position, cross_check

#: Every kit game the model covers (each option), for the checks that run on all of them.
KIT_GAMES: list[tuple[str, dict[str, str]]] = [
    ("freecell", {}), ("yukon", {}), ("canfield", {}), ("forty-thieves", {}), ("scorpion", {}),
    ("spider", {"suits": "one"}), ("spider", {"suits": "two"}), ("spider", {"suits": "four"}),
    ("gypsy", {}), ("spiderette", {}), ("will-o-the-wisp", {}), ("aunt-mary", {}), ("whitehead", {}),
]
# Issue 29's games (one line each: three branches add games at once).
KIT_GAMES.append(("bakers-dozen", {}))
KIT_GAMES.append(("beleaguered-castle", {}))
KIT_GAMES.append(("eight-off", {}))
KIT_GAMES.append(("seahaven", {}))
KIT_GAMES.append(("bakers-game", {}))
KIT_GAMES.append(("streets-and-alleys", {}))
KIT_GAMES.append(("fortress", {}))
KIT_GAMES.append(("agnes", {}))
KIT_GAMES.append(("easthaven", {}))
KIT_GAMES.append(("king-albert", {}))
KIT_GAMES.append(("kansas", {}))


def model_of(game: Game) -> KitModel:
    model = kit_model_of(game.variant, game.board)  # the kit's, even where a game has its own (Canfield)
    assert isinstance(model, KitModel), f"{game.variant_id} has no kit model"
    return model


def laid_out(game_id: str, layout: Mapping[str, str]) -> Game:
    """A game of `game_id` with its cards where `layout` says (codes such as "10H", with "?"
    for a face-down card; every card of the deck named once)."""
    game = new_game(game_id, 1)
    by_code = {card.code: card for card in game.board.cards}
    for slot in game.board.slots:
        slot.cards.clear()
    for slot_id, text in layout.items():
        for name in text.split():
            card = by_code.pop(name.rstrip("?"))
            card.face_up = not name.endswith("?")
            game.board.slot(slot_id).cards.append(card)
    assert not by_code, f"cards nowhere: {sorted(by_code)}"
    return game


def random_positions(game_id: str, options: dict[str, str], seeds: range, steps: int) -> list[Game]:
    """Positions of random games, every few steps."""
    found: list[Game] = []
    for seed in seeds:
        game = new_game(game_id, seed, options)
        chooser = random.Random(seed)
        for step in range(steps):
            actions = game.legal_actions()
            if not actions:
                break
            game.play(chooser.choice(actions))
            if step % 4 == 3:
                found.append(restore_game(game.to_json()))
    return found


# -- the model plays the engine's rules -------------------------------------------------------
@pytest.mark.parametrize(("game_id", "options"), KIT_GAMES, ids=[f"{g}-{o}" for g, o in KIT_GAMES])
def test_the_model_plays_as_the_engine_does(game_id: str, options: dict[str, str]) -> None:
    # Fortress's random games end within a few moves (most deals are lost): more deals.
    seeds = tuple(range(1, 9)) if game_id == "fortress" else (1, 2, 3)
    assert cross_check(variant_class(game_id), options, seeds=seeds, steps=30) >= 25


def test_positions_along_solutions_are_checked_too() -> None:
    # Cards going up, empty piles and full free cells: positions random play rarely reaches.
    # (Canfield 25 once went wrong under the kit's model: a safe card moved from the reserve,
    # which refills the piles, onto a pile, where it goes up at once. Canfield has its own model
    # since, checked the same way in tests/games/canfield/test_canfield_model.py.)
    for game_id, seed in (("freecell", 3), ("yukon", 8), ("canfield", 10)):
        game = new_game(game_id, seed)
        result = solve(game, Budget(60, positions=20_000))
        assert result.verdict is Verdict.WON
        for number, action in enumerate(result.solution):
            if number % 9 == 4:
                check_position(game)
            game.play(action)
        assert game.status is Status.WON


@pytest.mark.parametrize(("game_id", "options"), KIT_GAMES, ids=[f"{g}-{o}" for g, o in KIT_GAMES])
def test_steps_reach_every_position_a_legal_move_reaches(game_id: str, options: dict[str, str]) -> None:
    # The search tries fewer moves than the rules allow; every position the others reach must
    # have its key among those it reaches (with the safe moves that follow every step), or be
    # the position itself (a card from one free cell to another), or (a click on a stock the
    # model plays as a cycle) one the position reaches by its own steps; the open builders'
    # model also leaves out dead ends, and cards from a foundation that nothing may follow
    # (aisle/kit/solver_open.py, whose verdicts tests/test_solver_open.py holds to a plain search).
    for game in random_positions(game_id, options, range(1, 4), 48):
        model = model_of(game)
        state = model.start()
        spider_dead = isinstance(model, SpiderModel) and model.spider_dead is not None and \
            model.spider_dead.dead(state)
        if model.play.pending(state) is not None or model.dead.dead(state) or spider_dead:
            continue  # a waiting safe move is the only step, by design; a dead end has none
        # (Yukon's model leaves out swaps nothing can follow on purpose: tests/games/yukon/
        # test_yukon_swaps.py holds it to the kit's steps, which this test checks.)
        keys = {model.key(child) for _, child in KitModel.children(model, state)} | {model.key(state)}
        check_position(game)  # and each step plays through the engine to the position it says
        for action, child in model.legal(state):
            if model.cycle.active and isinstance(action, Deal):
                continue
            settled = model.play.settle(child, -1)
            if isinstance(model, OpenModel) and isinstance(action, Move) and (
                    model.dead.dead(settled) or _left_down(model, state, action)):
                continue
            assert model.key(settled) in keys, (game_id, game.seed, action)


def _left_down(model: OpenModel, state: Any, move: Move) -> bool:
    """Whether the open builders' model leaves a card on its foundation (see above)."""
    ids = model.table.ids
    shift = (ids.index(move.source), move.count, ids.index(move.target))
    return move.source.startswith("foundation") and shift not in model.moves(state)


def test_the_stock_is_played_as_a_cycle() -> None:
    # Canfield turns three at a time, through the stock as often as one likes: from four cards
    # on the waste (of ten), clicks bring seven and ten, then, after the turn, three, six, nine.
    model = model_of(new_game("canfield", 1))
    cycle = model.cycle
    assert cycle.active
    start, cards = model.start(), bytes(range(1, 11))
    state = (start[0], start[1], start[2], cards[4:][::-1], cards[:4], 0)
    assert cycle.reach(state) == [(0, 4, 0), (1, 7, 0), (2, 10, 0), (4, 3, 1), (5, 6, 1), (6, 9, 1)]
    # Splits at a multiple of three are alike; of the others, the earlier one reaches more.
    at = {split: cycle.at(state, split, 0) for split in (3, 4, 6, 7)}
    assert model.key(at[3]) == model.key(at[6]) != model.key(at[4]) == model.key(at[7])
    assert model.spent(at[3]) == model.spent(at[6]) and model.spent(at[4]) < model.spent(at[7])


# -- what it proves ---------------------------------------------------------------------------
#: A FreeCell position with one free cell and no way to win (found by random play, deal 5).
FREECELL_LOST = {
    "reserve-2": "QC", "reserve-3": "6H", "reserve-4": "4H", "foundation-1": "AD",
    "tableau-1": "AH 5C 3S 10D 5S 2H 9S", "tableau-2": "8S AS 5D 7S QH 10C 9D",
    "tableau-3": "2D 9C KC JD 8C 10H 7C 6D", "tableau-4": "QS KH 3H 7H 6C",
    "tableau-5": "4C 4D KD 8H KS QD JC", "tableau-6": "9H 2C 5H JH 10S", "tableau-7": "2S 3C 6S",
    "tableau-8": "3D 4S 8D 7D AC JS",
}
#: A Yukon position with no way to win (random play, deal 3).
YUKON_LOST = {
    "foundation-1": "AD 2D 3D", "foundation-3": "AS", "foundation-4": "AH 2H",
    "tableau-1": "KD QS 4C 3H 4S JC 10D 9C", "tableau-2": "2C? 8D 7S 6D 5S QD",
    "tableau-3": "10H? 4D 3S", "tableau-4": "6H? 5C? 6S? 2S QH JS JD JH 10C 9D 8C 7H 6C",
    "tableau-5": "8H? 3C? KH", "tableau-6": "10S? KS? QC? 7D? 7C",
    "tableau-7": "5H? KC? 9S? 5D? 4H? AC? 9H 8S",
}


def board_search(game: Game) -> Verdict:
    """The solver's plain search over the board, which knows nothing of the model."""
    variant = type(game.variant)(game.options)
    return Search(variant, copy_board(game.board), Budget(60), None, time.monotonic() + 60).run()


@pytest.mark.parametrize(("game_id", "layout"), [("freecell", FREECELL_LOST), ("yukon", YUKON_LOST)])
def test_a_lost_position_is_lost_on_the_board_too(game_id: str, layout: dict[str, str]) -> None:
    game = laid_out(game_id, layout)
    assert game.status is Status.PLAYING
    result = solve(game, Budget(60))
    assert result.verdict is Verdict.LOST
    assert board_search(game) is Verdict.LOST


def test_a_won_position_is_solved_and_its_solution_replays() -> None:
    game = laid_out("freecell", {**FREECELL_LOST, "reserve-1": "", "tableau-7": "2S 3C",
                                 "reserve-2": "6S", "tableau-5": "4C 4D KD 8H KS QD JC QC"})
    result = solve(game, Budget(60))
    assert result.verdict is Verdict.WON
    replay = copy_game(game)
    for action in result.solution:
        replay.play(action)
    assert replay.status is Status.WON


@pytest.mark.parametrize(("game_id", "seeds"), [("freecell", (1, 2, 3)), ("yukon", (2, 8)),
                                                ("canfield", (1, 8)), ("scorpion", (8, 10))])
def test_won_deals_replay_through_the_engine(game_id: str, seeds: tuple[int, ...]) -> None:
    for seed in seeds:
        game = new_game(game_id, seed)
        result = solve(game, Budget(60, positions=20_000))
        assert result.verdict is Verdict.WON, (game_id, seed)
        replay = new_game(game_id, seed)
        replay.auto_up = False
        for action in result.solution:
            replay.play(action)
        assert replay.status is Status.WON


@pytest.mark.parametrize(("game_id", "seed"), [("yukon", 8), ("yukon", 1), ("scorpion", 8)])
def test_the_dead_end_test_never_fires_on_a_winning_line(game_id: str, seed: int) -> None:
    game = new_game(game_id, seed)
    result = solve(game, Budget(60, positions=20_000))
    assert result.verdict is Verdict.WON
    for action in result.solution:
        model = model_of(game)
        assert not model.dead.dead(model.start())
        game.play(action)


#: Yukon deal 7 as dealt: both red Jacks need a black Queen, and both lie on them: the Jack of
#: diamonds face down on the Queen of clubs, the Jack of hearts over the Queen of spades in
#: pile 6 (with the nine of hearts between, which the hearts need first).
YUKON_DEAL_7 = 7
#: Yukon, near the end: the six of hearts lies on the five and has nowhere to go (both black
#: sevens are up, and it may not start an empty pile), so the five can never go up.
YUKON_STUCK = {
    "foundation-1": "AC 2C 3C 4C 5C 6C 7C", "foundation-2": "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "foundation-3": "AH 2H 3H 4H", "foundation-4": "AS 2S 3S 4S 5S 6S 7S",
    "tableau-1": "5H 6H", "tableau-2": "KC QC JC 10C 9C 8C", "tableau-3": "KS QS JS 10S 9S 8S",
    "tableau-4": "KH QH JH 10H 9H 8H 7H",
}


def test_the_dead_end_test_sees_a_card_that_can_never_leave() -> None:
    game = laid_out("yukon", YUKON_STUCK)
    model = model_of(game)
    assert model.dead.dead(model.start())
    assert solve(game, Budget(60)).verdict is Verdict.LOST
    assert board_search(game) is Verdict.LOST


def test_the_dead_end_test_sees_two_jacks_on_their_own_queens() -> None:
    game = new_game("yukon", YUKON_DEAL_7)
    third, sixth = ([card.code for card in game.slot(pile).cards] for pile in ("tableau-3", "tableau-6"))
    assert third[:2] == ["QC", "JD"] and sixth[:2] == ["QS", "9H"] and sixth[5] == "JH"
    model = model_of(game)
    assert model.dead.dead(model.start())
    assert solve(game, Budget(60)).verdict is Verdict.LOST


#: Scorpion at the end: the Jack of diamonds can go only onto its Queen, under the two of
#: hearts, which can go only onto its three, under the Jack.
SCORPION_CYCLE = {
    "tableau-1": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
    "tableau-2": "KD QD 2H AH", "tableau-3": "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS",
    "tableau-4": "KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AC",
}


def test_the_dead_end_test_sees_two_cards_each_on_the_others_place() -> None:
    game = laid_out("scorpion", SCORPION_CYCLE)
    model = model_of(game)
    assert model.dead.dead(model.start())
    assert solve(game, Budget(60)).verdict is Verdict.LOST
    assert board_search(game) is Verdict.LOST


# -- which games it covers --------------------------------------------------------------------
class RefusesMore(FreeCell):
    """FreeCell with a refusal of its own (here the same rule, but the model cannot know)."""

    id = "freecell-refuses-more"

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        return super().drop_refusal(board, source, count, target)


class KnowsRules(RefusesMore):
    id = "freecell-knows-rules"
    solver_knows_rules = True


class OwnAutoplay(Yukon):
    id = "yukon-own-autoplay"
    autoplay = True

    def safe_up_move(self, board: Board) -> Move | None:
        return None


@pytest.mark.parametrize(("variant", "covered"), [(RefusesMore, False), (KnowsRules, True),
                                                  (OwnAutoplay, False), (FreeCell, True), (Yukon, True)])
def test_a_game_with_rules_of_its_own_gets_no_model(variant: type[Any], covered: bool) -> None:
    game = Game.new(variant, 1)
    assert isinstance(game.variant, KitVariant)
    assert (unknown_rules(game.variant) is None) is covered
    assert (game.variant.solver_model(game.board) is not None) is covered


def test_every_kit_game_is_covered_or_says_why() -> None:
    from aisle.registry.loading import available_variants

    covered = {game_id for game_id, _ in KIT_GAMES}
    for game_id, info in available_variants().items():
        if issubclass(info.variant, KitVariant):
            game = Game.new(variant_class(game_id), 1)
            assert isinstance(game.variant, KitVariant)
            why = unknown_rules(game.variant)
            assert (game_id in covered) is (why is None), (game_id, why)
            if why is None:
                assert {tuple(o.items()) for g, o in KIT_GAMES if g == game_id} == {
                    tuple(o.items()) for o in info.variant.option_combinations()}


@pytest.mark.parametrize("game_id", ["canfield", "forty-thieves"])
def test_waste_moves_looked_up_once_match_each_split(game_id: str) -> None:
    # The model lists the waste's moves for every split of the stock cycle from one look-up of
    # the piles: at each split they must be legal, and reach every position a legal move of
    # the waste's card reaches (alike foundations and empty piles give the same key).
    checked = 0
    for game in random_positions(game_id, {}, range(1, 4), 40):
        model = model_of(game)
        start, waste = model.start(), model.table.waste_place
        # and the same with the first pile emptied (its cards left out: the listing asks only
        # where cards lie), for the moves into an empty pile
        emptied = (*start[:2], (b"", *start[2][1:]), *start[3:])
        for state in (start, emptied):
            checked += _check_waste_moves(model, state, waste)
    assert checked > 20


def _check_waste_moves(model: KitModel, state: Any, waste: int | None) -> int:
    checked = 0
    moves_of, cards = model.listing.waste_card_steps(state), model.cycle.cards(state)
    for _, split, passes in model.cycle.reach(state):
        clicked = model.cycle.at(state, split, passes)
        legal = [move for move in model.listing.legal(clicked) if move[0] == waste]
        listed = moves_of(cards[split - 1])
        assert set(listed) <= set(legal)
        keys = {model.key(model.play.move(clicked, *move)[0]) for move in listed}
        assert {model.key(model.play.move(clicked, *move)[0]) for move in legal} == keys
        checked += len(legal)
    return checked
