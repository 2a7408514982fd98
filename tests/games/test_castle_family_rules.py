"""The rules Beleaguered Castle and Streets and Alleys share (docs/rules/beleaguered-castle.md,
docs/rules/streets-and-alleys.md), one rule per test, each run on both games; what sets them
apart (the deal, the Aces, the layout) is tested in each game's own folder.

The two count their score differently: Beleaguered Castle deals its Aces up and counts only the
cards put up after them, Streets and Alleys counts every card on the foundations."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 9))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
ACES = {"foundation-1": "AC", "foundation-2": "AD", "foundation-3": "AH", "foundation-4": "AS"}


class Castle(NamedTuple):
    game_id: str
    #: The score of the four Aces alone on the foundations.
    aces: int

    def table(self, slots: dict[str, str]) -> Game:
        """The Aces on the foundations, the given slots, the other cards on pile 8."""
        return arranged(self.game_id, {**ACES, **slots}, rest="tableau-8")


CASTLES = [Castle("beleaguered-castle", 0), Castle("streets-and-alleys", 4)]
each_castle = pytest.mark.parametrize("castle", CASTLES, ids=[c.game_id for c in CASTLES])


# -- layout ----------------------------------------------------------------------------------
@each_castle
def test_foundations_in_the_middle_between_two_wings_of_piles(castle: Castle) -> None:
    specs = new_game(castle.game_id, 1).variant.layout()
    assert [spec.id for spec in specs] == [*FOUNDATIONS, *PILES]
    assert [(s.kind, s.x, s.y) for s in specs[:4]] == [(SlotKind.FOUNDATION, 4, y) for y in range(4)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[4:]] == [
        (SlotKind.TABLEAU, x, y, Fan.RIGHT) for y in range(4) for x in (0, 5.5)]


# -- the piles ---------------------------------------------------------------------------------
@each_castle
def test_piles_build_down_whatever_the_suit(castle: Castle) -> None:
    game = castle.table({"tableau-1": "9H", "tableau-2": "5C 8C", "tableau-3": "7D"})
    assert refusal(game, Move("tableau-3", 1, "tableau-1")) == (
        "7♦ can only go onto a card one rank higher, of any suit, or onto an empty pile.")
    game.play(Move("tableau-2", 1, "tableau-1"))
    game.play(Move("tableau-3", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "9H 8C 7D"


@each_castle
def test_an_empty_pile_takes_any_card(castle: Castle) -> None:
    game = castle.table({"tableau-1": "", "tableau-2": "5C 8H"})
    game.play(Move("tableau-2", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "8H"


# -- the foundations ---------------------------------------------------------------------------
@each_castle
def test_foundations_build_up_in_suit(castle: Castle) -> None:
    game = castle.table({"tableau-1": "2S 2H", "tableau-2": "3H", "tableau-3": "2D"})
    assert refusal(game, Move("tableau-2", 1, "foundation-3")) == (
        "This card must be one rank higher than the top card of the foundation.")
    assert refusal(game, Move("tableau-3", 1, "foundation-3")) == (
        "A foundation takes only cards of its own suit.")
    game.play(Move("tableau-1", 1, "foundation-3"))
    assert codes(game, "foundation-3") == "AH 2H" and game.score == castle.aces + 1


@each_castle
def test_a_foundation_card_comes_back_onto_a_pile_and_its_point_goes(castle: Castle) -> None:
    game = castle.table({"foundation-4": "AS 2S 3S", "tableau-1": "4H"})
    assert game.score == castle.aces + 2
    game.play(Move("foundation-4", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "4H 3S" and game.score == castle.aces + 1


# -- double-click, Send All Up, automatic moves ------------------------------------------------
@each_castle
def test_double_click_sends_a_top_card_up_or_does_nothing(castle: Castle) -> None:
    game = castle.table({"tableau-1": "9H 2C", "tableau-2": "4S"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "AC 2C"
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")


@each_castle
def test_double_click_on_a_foundation_sends_all_up_in_one_step(castle: Castle) -> None:
    game = castle.table({"tableau-1": "5C 3H", "tableau-2": "KS 2H", "tableau-3": "4H"})
    game.double_click("foundation-3")
    assert codes(game, "foundation-3") == "AH 2H 3H 4H" and len(game.history) == 1
    assert game.score == castle.aces + 3
    game.undo()
    assert codes(game, "foundation-3") == "AH" and game.score == castle.aces


@each_castle
def test_automatic_moves_wait_until_every_lower_card_is_up(castle: Castle) -> None:
    game = castle.table({"foundation-1": "AC 2C", "foundation-2": "AD 2D", "foundation-4": "AS 2S",
                         "tableau-1": "9H 3C", "tableau-2": "5S 2H", "tableau-3": "QD",
                         "tableau-4": "5H JC"})
    # 3C fits, but a 2 could still be put on it: the first safe card is 2H.
    assert game.variant.safe_up_move(game.board) == Move("tableau-2", 1, "foundation-3")
    game.auto_up = True
    game.play(Move("tableau-4", 1, "tableau-3"))
    assert codes(game, "foundation-3") == "AH 2H" and codes(game, "foundation-1") == "AC 2C 3C"


# -- score, win, loss --------------------------------------------------------------------------
@each_castle
def test_won_when_all_four_foundations_are_full(castle: Castle) -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 12)
    game = arranged(castle.game_id, foundations, rest="tableau-1")
    assert (game.score, game.status) == (castle.aces + 47, Status.PLAYING)
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.score, game.status) == (castle.aces + 48, Status.WON)
    assert game.variant.max_score() == castle.aces + 48


@each_castle
def test_lost_when_no_card_can_move(castle: Castle) -> None:
    # Kings and Jacks on top: none fits on another, none goes up, and the foundations hold only
    # their Aces (which stay in Beleaguered Castle, and have nowhere to go in Streets and Alleys).
    kings_and_jacks = dict(zip(PILES, ["KC", "KD", "KH", "KS", "JC", "JD", "JH", "JS"], strict=True))
    game = castle.table(kings_and_jacks)
    assert game.variant.legal_actions(game.board) == [] and game.status is Status.LOST


@each_castle
def test_not_lost_while_a_foundation_card_can_come_back(castle: Castle) -> None:
    game = castle.table({"foundation-1": "AC 2C", "tableau-1": "KC", "tableau-2": "KD",
                         "tableau-3": "KH", "tableau-4": "KS", "tableau-5": "3D", "tableau-6": "JD",
                         "tableau-7": "JH", "tableau-8": "JS"})
    assert game.legal_actions() == [Move("foundation-1", 1, "tableau-5")]
    assert game.status is Status.PLAYING


# -- hint --------------------------------------------------------------------------------------
@each_castle
def test_hint_sends_the_first_card_that_fits_up(castle: Castle) -> None:
    game = castle.table({"tableau-1": "9H 8C", "tableau-2": "5D 2S", "tableau-3": "2H"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "foundation-4")
    assert str(hint.text) == "Move 2♠ onto A♠."


@each_castle
def test_hint_has_only_advice_when_nothing_goes_up(castle: Castle) -> None:
    game = castle.table({"tableau-1": "9H 8C", "tableau-2": "9C"})
    hint = game.hint()
    assert hint is not None and hint.action is None and str(hint.text) == "Try rearranging the cards."
    assert game.legal_actions()


@each_castle
def test_hint_moves_a_card_out_of_place_onto_a_card_one_rank_higher(castle: Castle) -> None:
    # 8C lies on 9H already, so it stays; 8D lies on 3S, so it goes onto 9C.
    game = castle.table({"tableau-1": "9H 8C", "tableau-2": "3S 8D", "tableau-3": "9C"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-2", 1, "tableau-3")
    assert str(hint.text) == "Move 8♦ onto 9♣."
