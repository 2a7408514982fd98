"""Baker's Dozen's rules (docs/rules/bakers-dozen.md), one rule per test, on real deals or on
positions laid out with `arranged` (tests/arranged_table.py)."""

from __future__ import annotations

import pytest
from aisle_bakers_dozen import BakersDozen
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Board, Fan, Game, IllegalAction, Move, SlotKind, Status, new_deck
from aisle.engine.cards import Card
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 14))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))


def table(slots: dict[str, str]) -> Game:
    return arranged("bakers-dozen", slots, rest="tableau-13")


# -- layout and deal ---------------------------------------------------------------------------
def test_four_foundations_over_thirteen_piles() -> None:
    specs = BakersDozen().layout()
    assert [spec.id for spec in specs] == [*FOUNDATIONS, *PILES]
    assert [(s.kind, s.x, s.y) for s in specs[:4]] == [(SlotKind.FOUNDATION, x, 0) for x in (3, 5, 7, 9)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[4:]] == [
        (SlotKind.TABLEAU, x, 1, Fan.DOWN) for x in range(13)]


def test_the_game_describes_itself() -> None:
    assert BakersDozen.id == "bakers-dozen" and str(BakersDozen.name) == "Baker's Dozen"
    assert BakersDozen.options == () and BakersDozen.has_deal_action is False
    assert (BakersDozen.game_family, BakersDozen.difficulty, BakersDozen().max_score()) == ("builders", 2, 52)


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_thirteen_piles_of_four_face_up_with_every_king_at_the_bottom(seed: int) -> None:
    game = new_game("bakers-dozen", seed)
    piles = [game.slot(pile).cards for pile in PILES]
    assert [len(pile) for pile in piles] == [4] * 13 and all(card.face_up for card in game.cards)
    for pile in piles:
        kings = [card.rank == 13 for card in pile]
        assert kings == sorted(kings, reverse=True)  # no King above another card
    assert not any(game.slot(f).cards for f in FOUNDATIONS) and game.score == 0


def test_a_king_on_top_goes_down_after_the_second_third_and_fourth_rows() -> None:
    cards = {card.code: card for card in new_deck()}
    pile_1, pile_2 = ["KS", "5H", "KH", "7C"], ["3C", "KD", "9S", "KC"]
    others = iter(code for code in cards if code not in pile_1 + pile_2)
    rows = [[pile_1[row], pile_2[row], *(next(others) for _ in range(11))] for row in range(4)]
    deck: list[Card] = [cards[code] for row in rows for code in row]
    board = Board(BakersDozen().layout(), list(cards.values()), {})
    BakersDozen().deal(board, deck)
    assert [card.code for card in board.slot("tableau-1").cards] == ["KH", "KS", "5H", "7C"]
    assert [card.code for card in board.slot("tableau-2").cards] == ["KC", "KD", "3C", "9S"]


# -- picking up --------------------------------------------------------------------------------
def test_only_a_top_card_is_picked_up_even_from_a_foundation() -> None:
    game = table({"tableau-1": "9H 8C", "tableau-2": "3D", "foundation-1": "AS 2S"})
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Only the top card of a pile can be moved."
    assert game.pick_up_refusal("tableau-1", 1) is None
    assert game.pick_up_refusal("foundation-1", 1) is None
    assert str(game.pick_up_refusal("foundation-1", 2)) == "Only the top card of a foundation can be taken."


# -- the piles ---------------------------------------------------------------------------------
def test_piles_build_down_whatever_the_suit() -> None:
    game = table({"tableau-1": "9H", "tableau-2": "8H", "tableau-3": "5C 8C", "tableau-4": "7D"})
    assert refusal(game, Move("tableau-4", 1, "tableau-1")) == "7♦ must be one rank lower than 9♥."
    game.play(Move("tableau-3", 1, "tableau-1"))
    game.play(Move("tableau-4", 1, "tableau-2"))
    assert codes(game, "tableau-1") == "9H 8C" and codes(game, "tableau-2") == "8H 7D"


def test_an_empty_pile_takes_nothing() -> None:
    game = table({"tableau-1": "", "tableau-2": "5C KS"})
    assert refusal(game, Move("tableau-2", 1, "tableau-1")) == "Nothing can be put onto an empty pile."
    assert Move("tableau-2", 1, "tableau-1") not in game.legal_actions()


# -- the foundations ---------------------------------------------------------------------------
def test_foundations_build_up_in_suit_from_any_ace() -> None:
    game = table({"tableau-1": "2S AH", "tableau-2": "3H", "tableau-3": "2D", "tableau-4": "2H"})
    assert refusal(game, Move("tableau-2", 1, "foundation-1")) == "Only an Ace can start an empty foundation."
    game.play(Move("tableau-1", 1, "foundation-3"))
    assert refusal(game, Move("tableau-2", 1, "foundation-3")) == (
        "This card must be one rank higher than the top card of the foundation.")
    assert refusal(game, Move("tableau-3", 1, "foundation-3")) == (
        "A foundation takes only cards of its own suit.")
    game.play(Move("tableau-4", 1, "foundation-3"))
    assert codes(game, "foundation-3") == "AH 2H" and game.score == 2


def test_a_foundation_card_comes_back_onto_a_pile_and_its_point_goes() -> None:
    game = table({"foundation-1": "AS 2S 3S", "tableau-1": "4H", **{pile: "" for pile in PILES[1:12]}})
    assert game.score == 3
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "4H 3S" and game.score == 2
    assert refusal(game, Move("foundation-1", 1, "tableau-13")) == "2♠ must be one rank lower than K♠."


# -- double-click, Send All Up, automatic moves ------------------------------------------------
def test_double_click_sends_a_top_card_up_or_does_nothing() -> None:
    game = table({"tableau-1": "9H AC", "tableau-2": "5D 2C", "tableau-3": "4S"})
    game.double_click("tableau-1")
    game.double_click("tableau-2")
    assert codes(game, "foundation-1") == "AC 2C" and codes(game, "tableau-1") == "9H"
    with pytest.raises(IllegalAction):
        game.double_click("tableau-3")
    with pytest.raises(IllegalAction):
        game.double_click("foundation-2")  # nothing to send up


def test_double_click_on_a_foundation_sends_all_up_in_one_step() -> None:
    game = table({"foundation-2": "AH", "tableau-1": "5C 3H", "tableau-2": "KS 2H", "tableau-3": "4H"})
    game.double_click("foundation-2")
    assert codes(game, "foundation-2") == "AH 2H 3H 4H" and len(game.history) == 1
    game.undo()
    assert codes(game, "foundation-2") == "AH"


def test_send_all_up() -> None:
    game = table({"tableau-1": "AD", "tableau-2": "2D", "tableau-3": "9C AS"})
    assert game.can_send_all_up
    game.send_all_up()
    assert sorted(codes(game, f) for f in FOUNDATIONS) == ["", "", "AD 2D", "AS"]


def test_automatic_moves_wait_until_every_lower_card_is_up() -> None:
    game = table({"foundation-1": "AC 2C", "foundation-2": "AD 2D", "foundation-3": "AH",
                  "foundation-4": "AS 2S", "tableau-1": "9H 3C", "tableau-2": "5S 2H", "tableau-3": "KD 3D",
                  "tableau-4": "QD", "tableau-5": "5H JC"})
    # 3C fits, but the 2 of hearts could still be put on it (and a 2 could come back down from
    # a foundation): the first safe card is 2H, all of whose lower cards are up.
    assert game.variant.safe_up_move(game.board) == Move("tableau-2", 1, "foundation-3")
    game.auto_up = True
    game.play(Move("tableau-5", 1, "tableau-4"))
    # 2H went up; then every 2 was up, and so 3C and 3D followed.
    assert codes(game, "foundation-1") == "AC 2C 3C" and codes(game, "foundation-2") == "AD 2D 3D"
    assert codes(game, "foundation-3") == "AH 2H"
    assert len(game.history) == 1


# -- score, win, loss --------------------------------------------------------------------------
def test_won_when_all_four_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 12)
    game = table({**foundations, "tableau-1": "KS"})
    assert (game.score, game.status) == (51, Status.PLAYING)
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.score, game.status) == (52, Status.WON)


def test_lost_when_no_card_can_move() -> None:
    # Every card in one pile, a King on top: nothing can go anywhere.
    game = arranged("bakers-dozen", {pile: "" for pile in PILES[:12]}, rest="tableau-13")
    assert game.variant.legal_actions(game.board) == [] and game.status is Status.LOST


def test_not_lost_while_a_foundation_card_can_come_back() -> None:
    game = table({"foundation-1": "AC 2C", "tableau-1": "3H", **{pile: "" for pile in PILES[1:12]}})
    assert game.legal_actions() == [Move("foundation-1", 1, "tableau-1")]
    assert game.status is Status.PLAYING


# -- hint --------------------------------------------------------------------------------------
def test_hint_sends_a_card_up_first() -> None:
    game = table({"tableau-1": "9H 8C", "tableau-2": "9C", "tableau-3": "5D AC"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "foundation-1")
    assert str(hint.text) == "Move A♣ onto an empty foundation slot."


def test_hint_moves_a_card_only_off_a_card_of_another_rank() -> None:
    # 8C lies on 9H: moving it onto 9C changes nothing; 8D lying on 3S is worth moving.
    game = table({"tableau-1": "9H 8C", "tableau-2": "9C", "tableau-3": "3S 8D", "tableau-4": "9S"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-3", 1, "tableau-2")
    assert str(hint.text) == "Move 8♦ onto 9♣."


def test_hint_moves_a_card_that_uncovers_one_going_up() -> None:
    # 2H lies on 3S as it would on 3H, but 3S can go up once 2H is off it.
    game = table({"foundation-1": "AS 2S", "tableau-1": "4H 3S 2H", "tableau-2": "3H"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "tableau-2")


def test_hint_has_only_advice_when_no_step_applies() -> None:
    game = table({"tableau-1": "9H 8C", "tableau-2": "9C"})
    hint = game.hint()
    assert hint is not None and hint.action is None and str(hint.text) == "Try rearranging the cards."
    assert game.legal_actions()  # the game goes on
