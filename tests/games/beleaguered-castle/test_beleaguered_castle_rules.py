"""Beleaguered Castle's rules (docs/rules/beleaguered-castle.md), one rule per test, on real deals
or on positions laid out with `arranged` (tests/arranged_table.py): what this game does its own
way. The rules it shares with its sibling are tested on both in
tests/games/test_castle_family_rules.py."""

from __future__ import annotations

import pytest
from aisle_beleaguered_castle import BeleagueredCastle
from arranged_table import arranged, codes

from aisle.engine import Game, Move
from aisle.registry.games import new_game

PILES = tuple(f"tableau-{n}" for n in range(1, 9))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
ACES = {"foundation-1": "AC", "foundation-2": "AD", "foundation-3": "AH", "foundation-4": "AS"}


def table(slots: dict[str, str]) -> Game:
    """The Aces on their foundations, the given slots, the other cards on pile 8."""
    return arranged("beleaguered-castle", {**ACES, **slots}, rest="tableau-8")


# -- layout and deal ---------------------------------------------------------------------------
def test_the_game_describes_itself() -> None:
    assert BeleagueredCastle.id == "beleaguered-castle"
    assert str(BeleagueredCastle.name) == "Beleaguered Castle"
    assert BeleagueredCastle.options == () and BeleagueredCastle.has_deal_action is False
    assert (BeleagueredCastle.game_family, BeleagueredCastle.difficulty) == ("builders", 2)
    assert BeleagueredCastle().max_score() == 48


@pytest.mark.parametrize("seed", [1, 7, 99])
def test_the_aces_start_the_foundations_and_eight_piles_hold_six_cards(seed: int) -> None:
    game = new_game("beleaguered-castle", seed)
    assert [codes(game, f) for f in FOUNDATIONS] == ["AC", "AD", "AH", "AS"]
    assert [len(game.slot(pile).cards) for pile in PILES] == [6] * 8
    assert all(card.face_up for card in game.cards) and game.score == 0


# -- picking up --------------------------------------------------------------------------------
def test_one_card_at_a_time_and_never_an_ace() -> None:
    game = table({"tableau-1": "9H 8C", "foundation-1": "AC 2C", "tableau-2": "3D"})
    assert str(game.pick_up_refusal("tableau-1", 2)) == "Only the top card of a pile can be moved."
    assert game.pick_up_refusal("foundation-1", 1) is None
    game.play(Move("foundation-1", 1, "tableau-2"))
    assert str(game.pick_up_refusal("foundation-1", 1)) == "The Aces stay on the foundations."
