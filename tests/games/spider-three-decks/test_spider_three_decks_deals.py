"""Spider Three Decks on real deals: golden layouts, registration, the conformance kit, and long
random games checked against the reference's running score and the generic move listing."""

from __future__ import annotations

import random

import pytest
from aisle_spider_three_decks import SpiderThreeDecks

from aisle.engine import Deal, Game, Move, Status
from aisle.registry.games import new_game, restore_game
from aisle.registry.loading import available_variants, plugin_errors
from aisle.testing import conformance
from aisle.variant import Variant

TABLEAU = [f"tableau-{k}" for k in range(1, 13)]

test_conformance = conformance(SpiderThreeDecks)


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def test_the_entry_point_registers_the_game() -> None:
    info = available_variants()["spider-three-decks"]
    assert info.variant is SpiderThreeDecks
    assert info.plugin == "spider-three-decks"
    assert not [error for plugin, error in plugin_errors() if plugin == "spider-three-decks"]


# -- golden deals -------------------------------------------------------------------------
# Computed once from our shuffle and written down: a deal number must never change meaning.
GOLDEN: dict[int, dict[str, object]] = {
    1: {
        "tableau": [
            "2D 2S QD 7S 10D", "4D JC 9C QC 7D", "7H 2C 4C 7D 3C", "10S 5C QC QH 7H",
            "2C 7S 4H 9S 4C", "10H 7C 7S 4S 4C", "AS 2S 3H 4D", "5H 6C QD 8C",
            "QS JH 2H JD", "10S 9D AH AH", "9S 10C 5D 3S", "4H 6S JC 8S",
        ],
        "stock_from_top": (
            "6C AS 8D 2H QC AC 6H 2D JH 4S JS 9H QD 8C 8D JD 5S KS 2D 6D 8D 3H 6S 5H "
            "AD 5D 5C JH 6S 3D 9H 8H 3S 5H KC 9D KC 10S 2C 4D AD 3C AD 7C KD 8H 8H 7D "
            "3D KD JD AC 8S 10C AC 4S JC 10D 10D 3C 5D KS 3D KH JS QH 7H 5S 8S 6D 9C QH "
            "6D 5C 10C 3S QS 7C 10H 4H KD AS KS 5S 8C 9C 10H 6C 6H AH 9D 9S KC KH JS 2S "
            "6H QS 2H 3H 9H KH"
        ),
    },
    42: {
        "tableau": [
            "KS 9C QD 6D 6H", "3H 7S 7H 4C KD", "KC 6H 8C 6H AD", "QH 10H 10H 2H JC",
            "7H 7D KC AD KH", "5C KS 2C 4H 10D", "6C 10D 6D AS", "8D 3H KD 4S",
            "4D KH AC 8H", "AH 9D 9H 8S", "3D QH 9S AH", "QD AC 5S 2S",
        ],
        "stock_from_top": (
            "8D KH 6C 4C 8C JC QS 10S 9D 5C 5H 7C AS 9S 5H 3C 7C 2C QC 4D 6D 8H 6S 3D "
            "6S 10C 5D 5S 10S 9S KC 8C KD AD 2D 7S 4C 3H 6C 9C 10C 3D 3S 5H JC 9D 9H 4S "
            "5D QS AS 10C 5S JS 7C JD JH 9C QD JD JS 5D 2S 7H QH 4H 2H 3S 4S QS 2D 4H "
            "2S 7D 3C QC 3S 5C 10H 3C JD 10S 6S AH JH KS 8S 7D JS 2H 8H 9H 7S AC 8S 10D "
            "8D 4D QC 2D 2C JH"
        ),
    },
    987654321: {
        "tableau": [
            "8H 3C 6D 7D 3S", "7D 5C 4D 2D 6C", "6D AS 2H 4C AC", "2D QC AC 4H 4S",
            "3S 5S 2S 8C 7C", "2D 7H 2S 7S JH", "JD 6H 10H 8D", "7S 7D 4S JC",
            "KC 10S 7C KS", "4H AH 10C KS", "KH 5H 5D 5S", "5H QH 9D 5S",
        ],
        "stock_from_top": (
            "3S 2H 4C 3D 5C AS JH QH 6S JC 9H 2S AH KD QD 9H 10S JD 8H QS AH 10C 9H 6C "
            "9D 6S JS 3H 4C 8C 5D AD 7H KC 6H KH 8H QC 6C AD 5D 4S 8D 9C 10D KH JS 10H "
            "2C QS KD 7S 8S 5H 3H 5C QD 2H 10D JC 8S 4D 6H 2C 9D JH KC QS 9C AD 7C 10H "
            "JD 2C 9S JS 10C QD AC 6D 8S 3C 4D 9S 3H KS KD 9C 3D 6S 3C QH 7H 10D 8D 3D "
            "10S AS QC 9S 4H 8C"
        ),
    },
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deal(seed: int) -> None:
    game = new_game("spider-three-decks", seed)
    expected = GOLDEN[seed]
    assert [" ".join(c.code for c in game.slot(t).cards) for t in TABLEAU] == expected["tableau"]
    stock = " ".join(c.code for c in reversed(game.slot("stock").cards))
    assert stock == expected["stock_from_top"]


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deal_first_round_from_the_stock(seed: int) -> None:
    game = new_game("spider-three-decks", seed)
    game.play(Deal())
    first_round = str(GOLDEN[seed]["stock_from_top"]).split()[:12]
    assert [game.slot(t).cards[-1].code for t in TABLEAU] == first_round


# -- long random games --------------------------------------------------------------------
def reference_score_change(game: Game, action: Move | Deal) -> int:
    """The reference's running score (RULES.md §4.4), worked out before `action` is played."""
    def links(lower_face_up: bool, lower_suit: str, lower_rank: int, card_suit: str, rank: int) -> int:
        return int(lower_face_up and lower_suit == card_suit and lower_rank == rank + 1)

    if isinstance(action, Deal):
        stock = game.slot("stock").cards
        change = 0
        for dealt, pile in zip(reversed(stock), TABLEAU, strict=False):
            top = game.slot(pile).top
            if top is not None:
                change += links(top.face_up, top.suit, top.rank, dealt.suit, dealt.rank)
        return change
    source, target = game.slot(action.source).cards, game.slot(action.target)
    deepest = source[-action.count]
    change = 0
    if len(source) > action.count:
        exposed = source[-action.count - 1]
        change -= links(exposed.face_up, exposed.suit, exposed.rank, deepest.suit, deepest.rank)
    if target.top is not None and target.kind == "tableau":
        top = target.top
        change += links(top.face_up, top.suit, top.rank, deepest.suit, deepest.rank)
    return change


@pytest.mark.parametrize("seed", [3, 19, 2024])
def test_long_random_games_keep_every_rule(seed: int) -> None:
    game = Game.new(SpiderThreeDecks, seed)
    chooser = random.Random(seed)
    running = [0]
    for step in range(700):
        actions = game.legal_actions()
        playing = status(game) is Status.PLAYING
        if step % 15 == 0 and playing:
            generic = Variant.legal_actions(game.variant, game.board)
            assert set(actions) == set(generic), f"step {step}"
        # Lost exactly when the stock is empty and no move is legal (winning here is out of reach).
        stuck = not game.slot("stock").cards and not Variant.legal_actions(game.variant, game.board)
        assert (status(game) is Status.LOST) == stuck, f"step {step}"
        if not actions:
            break
        hint = game.hint()
        assert hint is not None and (hint.action is None or game.why_not(hint.action) is None)
        moves = [a for a in actions if isinstance(a, Move)]
        # Favour moves (and complete runs going up) so the stock runs out and the piles churn.
        up = [m for m in moves if m.target.startswith("foundation")]
        action: Move | Deal
        if up:
            action = up[0]
        elif not moves or (Deal() in actions and chooser.random() < 0.15):
            action = Deal()
        else:
            action = chooser.choice(moves)
        running.append(running[-1] + reference_score_change(game, action))
        game.play(action)
        assert game.score == running[-1], f"step {step}: {action}"
        if chooser.random() < 0.05:
            game.undo()
            running.pop()
            assert game.score == running[-1]
    assert not game.slot("stock").cards, "the random game should have dealt the whole stock"


def test_a_real_deal_played_by_its_hints_ends_lost_and_undo_reopens_it() -> None:
    game = Game.new(SpiderThreeDecks, 18)
    for _ in range(200):  # bounded: a broken hint could go round in circles
        hint = game.hint()
        if hint is None:
            break
        game.play(hint.action if hint.action is not None else game.legal_actions()[0])
    assert status(game) is Status.LOST and game.moves == 80
    assert not game.slot("stock").cards and all(game.slot(t).cards for t in TABLEAU)
    assert game.legal_actions() == []
    restored = restore_game(game.to_json())
    assert status(restored) is Status.LOST
    game.undo()
    assert status(game) is Status.PLAYING and game.legal_actions()
