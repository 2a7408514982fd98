"""Fortress's rules (docs/rules/fortress.md), one rule per test, on real deals or on positions
laid out with `arranged` (tests/arranged_table.py)."""

from __future__ import annotations

import pytest
from aisle_fortress import Fortress
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 11))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: Kings and Jacks on piles 3-9 fit nowhere; pile 10 holds the cards not named, under 2C.
BASE = {"tableau-3": "KC", "tableau-4": "KD", "tableau-5": "KH", "tableau-6": "KS", "tableau-7": "JC",
        "tableau-8": "JD", "tableau-9": "JH", "tableau-10": "2C"}


def table(slots: dict[str, str]) -> Game:
    return arranged("fortress", {**BASE, **slots}, rest="tableau-10")


def test_foundations_in_the_middle_between_two_wings_of_five_piles() -> None:
    specs = Fortress().layout()
    assert [spec.id for spec in specs] == [*FOUNDATIONS, *PILES]
    assert [(s.kind, s.x, s.y) for s in specs[:4]] == [(SlotKind.FOUNDATION, 4, y) for y in range(1, 5)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[4:]] == [
        (SlotKind.TABLEAU, x, y, Fan.RIGHT) for y in range(5) for x in (0, 6)]


def test_the_game_describes_itself() -> None:
    assert Fortress.id == "fortress" and str(Fortress.name) == "Fortress"
    assert Fortress.options == () and Fortress.has_deal_action is False
    assert (Fortress.game_family, Fortress.difficulty, Fortress().max_score()) == ("builders", 3, 52)


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_six_cards_on_the_top_two_piles_five_on_the_others(seed: int) -> None:
    game = new_game("fortress", seed)
    assert [len(game.slot(pile).cards) for pile in PILES] == [6, 6] + [5] * 8
    assert all(card.face_up for card in game.cards) and game.score == 0


def test_one_card_at_a_time_and_never_off_a_foundation() -> None:
    game = table({"tableau-1": "9H 8H", "foundation-1": "AS 2S"})
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Only the top card of a pile can be moved."
    assert str(game.pick_up_refusal("foundation-1", 1)) == "Cards on a foundation stay there."


def test_piles_build_up_or_down_in_suit() -> None:
    game = table({"tableau-1": "5D 9H", "tableau-2": "8H 10H"})
    assert refusal(game, Move("tableau-1", 1, "tableau-9")) == "9♥ cannot go onto J♥."
    game.play(Move("tableau-2", 1, "tableau-1"))  # 10H up onto 9H
    game.play(Move("tableau-1", 1, "tableau-9"))  # 10H down onto JH
    game.play(Move("tableau-1", 1, "tableau-2"))  # 9H up onto 8H
    assert codes(game, "tableau-9") == "JH 10H" and codes(game, "tableau-2") == "8H 9H"


def test_an_empty_pile_takes_any_card() -> None:
    game = table({"tableau-1": "", "tableau-2": "5C 8H"})
    game.play(Move("tableau-2", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "8H"


def test_foundations_build_up_in_suit_from_any_ace() -> None:
    game = table({"tableau-1": "2S AH", "tableau-2": "3H", "tableau-10": "2H"})
    assert refusal(game, Move("tableau-2", 1, "foundation-1")) == "Only an Ace can start an empty foundation."
    game.play(Move("tableau-1", 1, "foundation-2"))
    assert refusal(game, Move("tableau-2", 1, "foundation-2")) == (
        "This card must be one rank higher than the top card of the foundation.")
    game.play(Move("tableau-10", 1, "foundation-2"))
    assert codes(game, "foundation-2") == "AH 2H" and game.score == 2


def test_double_click_sends_a_card_up_or_does_nothing() -> None:
    game = table({"tableau-1": "9C AD", "tableau-2": "4S"})
    game.double_click("tableau-1")
    assert codes(game, "foundation-1") == "AD"
    with pytest.raises(IllegalAction):
        game.double_click("tableau-2")


def test_send_all_up_and_automatic_moves_take_every_card_that_fits() -> None:
    game = table({"tableau-1": "9C AD", "tableau-2": "QS 2D", "tableau-10": "3D"})
    game.send_all_up()
    assert codes(game, "foundation-1") == "AD 2D 3D" and len(game.history) == 1
    game = table({"foundation-1": "AD", "tableau-1": "8D 2D", "tableau-2": "5S 10C", "tableau-10": "9C"})
    game.auto_up = True
    game.play(Move("tableau-10", 1, "tableau-2"))
    assert codes(game, "foundation-1") == "AD 2D" and len(game.history) == 1


def test_won_when_all_four_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 12)
    game = arranged("fortress", foundations, rest="tableau-1")
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.score, game.status) == (52, Status.WON)


def test_lost_when_no_card_can_move() -> None:
    game = table({"tableau-1": "9S", "tableau-2": "7D"})
    assert codes(game, "tableau-10").endswith("2C")
    assert game.variant.legal_actions(game.board) == [] and game.hint() is None
    assert game.status is Status.LOST


def test_hint_order_up_then_onto_a_later_pile_then_advice() -> None:
    game = table({"tableau-1": "9H AS", "tableau-2": "QC 8H", "tableau-3": ""})
    hints = []
    for _ in range(4):
        hint = game.hint()
        assert hint is not None
        hints.append((str(hint.text), hint.action))
        if hint.action is None:
            break
        game.play(hint.action)
    assert hints == [
        ("Move A♠ onto an empty foundation slot.", Move("tableau-1", 1, "foundation-1")),
        ("Move 9♥ onto 8♥.", Move("tableau-1", 1, "tableau-2")),
        ("Move a card into an empty pile.", None),
    ]
