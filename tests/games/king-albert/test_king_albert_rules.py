"""King Albert's rules (docs/rules/king-albert.md), one rule per test, on real deals or on
positions laid out with `arranged` (tests/arranged_table.py)."""

from __future__ import annotations

import pytest
from aisle_king_albert import KingAlbert
from arranged_table import arranged, codes, refusal, suit_up

from aisle.engine import Fan, Game, IllegalAction, Move, SlotKind, Status
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 10))
RESERVE = tuple(f"reserve-{n}" for n in range(1, 8))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))


def table(slots: dict[str, str]) -> Game:
    """The given slots; the cards not named on pile 9, all face up."""
    return arranged("king-albert", slots, rest="tableau-9")


def test_foundations_over_nine_piles_and_the_reserve_on_the_right() -> None:
    specs = KingAlbert().layout()
    assert [spec.id for spec in specs] == [*FOUNDATIONS, *PILES, *RESERVE]
    assert [(s.kind, s.x, s.y) for s in specs[:4]] == [(SlotKind.FOUNDATION, x, 0) for x in (1, 3, 5, 7)]
    assert [(s.kind, s.x, s.y, s.fan) for s in specs[4:13]] == [
        (SlotKind.TABLEAU, x, 1, Fan.DOWN) for x in range(9)]
    assert [(s.kind, s.x, s.y) for s in specs[13:]] == [
        (SlotKind.RESERVE, 9, 1.5), (SlotKind.RESERVE, 9, 2.5), (SlotKind.RESERVE, 9, 3.5),
        *((SlotKind.RESERVE, 10, y) for y in range(1, 5))]


def test_the_game_describes_itself() -> None:
    assert KingAlbert.id == "king-albert" and str(KingAlbert.name) == "King Albert"
    assert KingAlbert.options == () and KingAlbert.has_deal_action is False
    assert (KingAlbert.game_family, KingAlbert.difficulty, KingAlbert().max_score()) == ("klondike", 3, 52)


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_a_triangle_face_down_but_the_tops_and_seven_reserve_cards(seed: int) -> None:
    game = new_game("king-albert", seed)
    piles = [game.slot(pile).cards for pile in PILES]
    assert [len(pile) for pile in piles] == list(range(9, 0, -1))
    assert all(pile[-1].face_up and not any(card.face_up for card in pile[:-1]) for pile in piles)
    assert all(len(game.slot(place).cards) == 1 and game.slot(place).cards[0].face_up for place in RESERVE)
    assert game.score == 0


def test_piles_build_down_in_alternating_colours_any_face_up_group_moves() -> None:
    game = table({"tableau-1": "KS QH JC 10D", "tableau-2": "KC", "tableau-3": "9H", "tableau-4": "10H"})
    assert refusal(game, Move("tableau-3", 1, "tableau-4")) == (
        "9♥ and 10♥ are both red; the colours must alternate.")
    game.play(Move("tableau-1", 3, "tableau-2"))
    assert codes(game, "tableau-2") == "KC QH JC 10D"


def test_an_empty_pile_takes_any_card_or_group() -> None:
    game = table({"tableau-1": "5C 8H 7S", "tableau-2": ""})
    game.play(Move("tableau-1", 2, "tableau-2"))
    assert codes(game, "tableau-2") == "8H 7S"


def test_nothing_goes_onto_the_reserve() -> None:
    game = table({"reserve-1": "", "tableau-1": "5C 8H"})
    assert refusal(game, Move("tableau-1", 1, "reserve-1")) == "Nothing can be put onto the reserve."
    assert not any(isinstance(a, Move) and a.target in RESERVE for a in game.legal_actions())


def test_a_reserve_card_plays_onto_a_pile_or_a_foundation() -> None:
    game = table({"reserve-1": "8H", "reserve-2": "AS", "tableau-1": "9C"})
    game.play(Move("reserve-1", 1, "tableau-1"))
    game.play(Move("reserve-2", 1, "foundation-1"))
    assert codes(game, "tableau-1") == "9C 8H" and codes(game, "foundation-1") == "AS"


def test_a_foundation_card_comes_back_onto_a_pile_and_its_point_goes() -> None:
    game = table({"foundation-1": "AS 2S 3S", "tableau-1": "4H"})
    game.play(Move("foundation-1", 1, "tableau-1"))
    assert codes(game, "tableau-1") == "4H 3S" and game.score == 2


def test_the_uncovered_card_turns_face_up() -> None:
    game = new_game("king-albert", 1)
    game.play(Move("tableau-8", 1, "foundation-1"))  # A♥ off 4♦
    assert game.slot("tableau-8").cards[-1].face_up


def test_double_click_sends_a_card_up_or_does_nothing() -> None:
    game = table({"reserve-1": "AD", "tableau-1": "9C 4S"})
    game.double_click("reserve-1")
    assert codes(game, "foundation-1") == "AD"
    with pytest.raises(IllegalAction):
        game.double_click("tableau-1")  # never into an empty reserve place


def test_send_all_up() -> None:
    game = table({"reserve-1": "AD", "tableau-1": "9C 2D", "tableau-2": "3D"})
    game.send_all_up()
    assert codes(game, "foundation-1") == "AD 2D 3D" and len(game.history) == 1


def test_won_when_all_four_foundations_are_full() -> None:
    foundations = {f"foundation-{n}": suit_up(suit, 13) for n, suit in enumerate("CDHS", start=1)}
    foundations["foundation-4"] = suit_up("S", 12)
    game = arranged("king-albert", foundations, rest="tableau-1")
    game.play(Move("tableau-1", 1, "foundation-4"))
    assert (game.score, game.status) == (52, Status.WON)


def test_lost_when_no_card_can_move() -> None:
    tops = ["KC", "KD", "KH", "KS", "JC", "JD", "JH", "JS"]
    game = table({**dict(zip(PILES, tops, strict=False)), **{place: "" for place in RESERVE},
                  "tableau-9": "5C"})
    for card in game.slot("tableau-9").cards[:-1]:  # TEST SETUP: the rest lies face down
        card.face_up = False
    assert game.variant.legal_actions(game.board) == [] and game.status is Status.LOST


def test_not_lost_while_a_foundation_card_can_come_back() -> None:
    tops = ["KC", "KD", "KH", "KS", "JC", "JD", "JH", "3D"]
    game = table({**dict(zip(PILES, tops, strict=False)), **{place: "" for place in RESERVE},
                  "tableau-9": "5C", "foundation-1": "AS 2S"})
    for card in game.slot("tableau-9").cards[:-1]:
        card.face_up = False
    assert game.legal_actions() == [Move("foundation-1", 1, "tableau-8")]
    assert game.status is Status.PLAYING


def test_hint_order() -> None:
    game = table({"tableau-1": "9C 2D", "foundation-1": "AD", "tableau-2": "KS QH", "tableau-3": "KC",
                  "reserve-1": "JS"})
    hint = game.hint()
    assert hint is not None and hint.action == Move("tableau-1", 1, "foundation-1")
    game.play(hint.action)
    hint = game.hint()  # the reserve card onto the Queen
    assert hint is not None and hint.action == Move("reserve-1", 1, "tableau-2")
    assert str(hint.text) == "Move J♠ onto Q♥."
