"""Streets and Alleys's rules (docs/rules/streets-and-alleys.md), one rule per test, on real deals
or on positions laid out with `arranged` (tests/arranged_table.py): what this game does its own
way. The rules it shares with its sibling are tested on both in
tests/games/test_castle_family_rules.py."""

from __future__ import annotations

import pytest
from aisle_streets_and_alleys import StreetsAndAlleys
from arranged_table import arranged, codes

from aisle.engine import Game, Move
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 9))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
ACES = {"foundation-1": "AC", "foundation-2": "AD", "foundation-3": "AH", "foundation-4": "AS"}


def table(slots: dict[str, str]) -> Game:
    """The Aces on the foundations (a position of play, not a deal), the given slots, the other
    cards on pile 8."""
    return arranged("streets-and-alleys", {**ACES, **slots}, rest="tableau-8")


# -- layout and deal ---------------------------------------------------------------------------
def test_the_game_describes_itself() -> None:
    assert StreetsAndAlleys.id == "streets-and-alleys"
    assert str(StreetsAndAlleys.name) == "Streets and Alleys"
    assert StreetsAndAlleys.options == () and StreetsAndAlleys.has_deal_action is False
    assert (StreetsAndAlleys.game_family, StreetsAndAlleys.difficulty) == ("builders", 3)
    assert StreetsAndAlleys().max_score() == 52


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_every_card_is_dealt_seven_to_the_left_wing_six_to_the_right(seed: int) -> None:
    game = new_game("streets-and-alleys", seed)
    assert not any(game.slot(f).cards for f in FOUNDATIONS)
    assert [len(game.slot(pile).cards) for pile in PILES] == [7, 6] * 4
    assert all(card.face_up for card in game.cards) and game.score == 0


# -- picking up --------------------------------------------------------------------------------
def test_one_card_at_a_time_even_an_ace_off_a_foundation() -> None:
    game = table({"tableau-1": "9H 8C", "foundation-1": "AC 2C", "tableau-2": "3D", "tableau-3": ""})
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Only the top card of a pile can be moved."
    game.play(Move("foundation-1", 1, "tableau-2"))
    game.play(Move("foundation-1", 1, "tableau-3"))
    assert codes(game, "tableau-3") == "AC" and codes(game, "foundation-1") == ""
