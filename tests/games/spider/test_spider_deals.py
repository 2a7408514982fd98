"""Spider on real deals: golden layouts for every suit option, the decks each option is made of,
registration, the conformance kit, hints followed to the end, and long random games."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from aisle_spider import Spider

from aisle.engine import Deal, Game, Move, Status
from aisle.registry.games import new_game, restore_game
from aisle.registry.loading import available_variants, plugin_errors
from aisle.testing import conformance
from aisle.variant import Variant

TABLEAU = [f"tableau-{k}" for k in range(1, 11)]

test_conformance = conformance(Spider)


def status(game: Game) -> Status:
    """The game's status, read afresh (a plain function, so type checkers do not pin it)."""
    return game.status


def test_the_entry_point_registers_the_game() -> None:
    info = available_variants()["spider"]
    assert info.variant is Spider
    assert info.plugin == "spider"
    assert not [error for plugin, error in plugin_errors() if plugin == "spider"]


# -- the decks ----------------------------------------------------------------------------
@pytest.mark.parametrize(("suits", "expected"), [
    ("four", {"clubs": 26, "diamonds": 26, "hearts": 26, "spades": 26}),
    ("two", {"hearts": 52, "spades": 52}),
    ("one", {"spades": 104}),
])
def test_each_option_deals_104_cards_of_its_suits(suits: str, expected: dict[str, int]) -> None:
    game = Game.new(Spider, 5, {"suits": suits})
    cards = [card for slot in game.slots for card in slot.cards]
    assert len(cards) == len({card.id for card in cards}) == 104
    assert Counter(card.suit.value for card in cards) == expected
    # Every rank of every suit in play as often as the others: whole runs, never odd cards.
    per_face = Counter((card.rank, card.suit) for card in cards)
    assert set(per_face.values()) == {104 // (13 * len(expected))}


# -- golden deals -------------------------------------------------------------------------
# Computed once from our shuffle and written down: a deal number must never change meaning.
GOLDEN: dict[int, tuple[list[str], str]] = {
    1: (
        ["5H 9S KD 8S 7C JH", "JD 7H 4H 6S KC", "10C 7D 9D JC 3D", "6C 9H 7H 4S 8H 10H",
         "9D 3H QD 3C QC", "KH 2C KC JS 4C", "JD 7D 6D 6H QS 2H", "AS 8D AH AS 3S",
         "8H 2S AD KS 8S", "5H 10D 8C 7C QH QS"],
        "5S 3C 5D 2C QD 10C 4H JH 6D 4D JC 7S AC 2D 8C 4S 5S QC 10H 4C 2D 8D 3S 9C 9H QH 10D JS "
        "6S 3H KS 5C AC KH 10S 2H AD AH 5D 9C 3D 6H 10S 9S 2S KD 4D 6C 7S 5C",
    ),
    42: (
        ["9S 5C 8C JH 7H 3H", "KS 9D 2D 10H JC", "7S 10C 7D 4D KS", "9C 5S 4C JD 4H KD",
         "6D 6S JC 2H 5D", "2S 2C 6S 3C 5C", "AH 5S 8H 5D 4H QC", "9H KH 8C 9S QD",
         "9D AC 2D 4D QH", "JS 7C AS 2S QC 3D"],
        "7S 5H 7H QS 10D 8D 10S QH 10H 8H 4S 3C KH AD KC AC 9H 7C 3S AS 5H 8D 2H 2C 6C 8S AH 3S "
        "10C 3D 4S 7D 6D JD QS 10D 6H JH 8S AD 6H 6C 9C JS 4C 3H KD KC 10S QD",
    ),
    987654321: (
        ["KC 6H JH JH 2C 7S", "4D AC 3D 6C 3H", "QC QC 10S 2H 3C", "6H 2D QH 3D 4S 7D",
         "5D JD 2H AH 8H", "4H KH 4H 8S JC", "KS 9C 6S 3H 4S AC", "2D 9D 10H 8D KS",
         "AS QD 8S 8C KC", "8C 5C 2S 5H 4C 6C"],
        "10C 2C 7C KH KD 9D 8H 4C QH 5D 3S 9S 8D 5C 4D QS 7H JS 9H 7C 6S 2S 10C 10H 3S 7S JC 9C "
        "6D 9H QS AH 5S 5H AD JD JS 5S KD AD 6D 7H 10D 7D 9S QD 10S 3C 10D AS",
    ),
}


def layout_codes(game: Game) -> tuple[list[str], str]:
    piles = [" ".join(card.code for card in game.slot(t).cards) for t in TABLEAU]
    return piles, " ".join(card.code for card in reversed(game.slot("stock").cards))


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deal(seed: int) -> None:
    assert layout_codes(new_game("spider", seed)) == GOLDEN[seed]


def test_golden_deal_with_two_suits_and_one_suit() -> None:
    # The same deal number lays the cards out the same way; only their suits differ.
    two = layout_codes(new_game("spider", 42, {"suits": "two"}))
    assert two[0][:2] == ["9S 5H 8H JH 7H 3H", "KS 9S 2S 10H JH"]
    assert two[1].startswith("7S 5H 7H QS 10S 8S 10S QH")
    one = layout_codes(new_game("spider", 42, {"suits": "one"}))
    assert one[0][0] == "9S 5S 8S JS 7S 3S"
    four = GOLDEN[42]
    assert [len(p.split()) for p in one[0]] == [len(p.split()) for p in four[0]]


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deal_first_round_from_the_stock(seed: int) -> None:
    game = new_game("spider", seed)
    game.play(Deal())
    assert [game.slot(t).cards[-1].code for t in TABLEAU] == GOLDEN[seed][1].split()[:10]


# -- hints followed to the end ------------------------------------------------------------


def test_the_one_suit_game_is_won_by_following_the_hints_and_undo_reopens_it() -> None:
    game = Game.new(Spider, 33, {"suits": "one"})
    while (hint := game.hint()) is not None and hint.action is not None:
        game.play(hint.action)
    assert status(game) is Status.WON and game.score == 96
    # The hints never send a run up before the end, so this deal is won the rare way: all eight
    # runs complete inside the tableau, no foundation used.
    assert not game.slot("stock").cards and not any(game.slot(f"foundation-{n}").cards for n in range(1, 9))
    restored = restore_game(game.to_json())
    assert status(restored) is Status.WON
    game.undo()
    assert status(game) is Status.PLAYING


# -- long random games --------------------------------------------------------------------
def reference_score_change(game: Game, action: Move | Deal) -> int:
    """The reference's running score (docs/rules/spider.md §5), worked out before `action`."""
    def link(lower_face_up: bool, lower_suit: str, lower_rank: int, suit: str, rank: int) -> int:
        return int(lower_face_up and lower_suit == suit and lower_rank == rank + 1)

    if isinstance(action, Deal):
        dealt = reversed(game.slot("stock").cards)
        change = 0
        for card, pile in zip(dealt, TABLEAU, strict=False):
            top = game.slot(pile).top
            assert top is not None
            change += link(top.face_up, top.suit, top.rank, card.suit, card.rank)
        return change
    source, target = game.slot(action.source).cards, game.slot(action.target)
    deepest = source[-action.count]
    change = 0
    if len(source) > action.count:
        exposed = source[-action.count - 1]
        change -= link(exposed.face_up, exposed.suit, exposed.rank, deepest.suit, deepest.rank)
    if target.top is not None and target.kind == "tableau":
        top = target.top
        change += link(top.face_up, top.suit, top.rank, deepest.suit, deepest.rank)
    return change


@pytest.mark.parametrize(("seed", "suits"), [(3, "four"), (19, "two"), (2024, "one")])
def test_long_random_games_keep_every_rule(seed: int, suits: str) -> None:
    game = Game.new(Spider, seed, {"suits": suits})
    chooser = random.Random(seed)
    running = [0]
    for step in range(600):
        actions = game.legal_actions()
        if step % 20 == 0 and status(game) is Status.PLAYING:
            assert set(actions) == set(Variant.legal_actions(game.variant, game.board)), f"step {step}"
        if not actions:
            break
        hint = game.hint()
        assert hint is not None and (hint.action is None or game.why_not(hint.action) is None)
        moves = [a for a in actions if isinstance(a, Move)]
        up = [m for m in moves if m.target.startswith("foundation")]
        action: Move | Deal
        if up:
            action = up[0]
        elif Deal() in actions and (not moves or chooser.random() < 0.2):
            action = Deal()
        else:
            # Prefer filling empty piles, so the stock keeps being dealt.
            fills = [m for m in moves if not game.slot(m.target).cards
                     and len(game.slot(m.source).cards) > m.count]
            action = chooser.choice(fills or moves)
        running.append(running[-1] + reference_score_change(game, action))
        game.play(action)
        assert game.score == running[-1], f"step {step}: {action}"
        if chooser.random() < 0.05:
            game.undo()
            running.pop()
            assert game.score == running[-1]
