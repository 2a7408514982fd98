"""TEST SETUP for the Forty Thieves tests: lay out a chosen position on a real game.

`arranged` takes a dealt game and puts its own 104 card objects where a test says, bypassing the
rules on purpose (no history; the game has not been asked for its status yet). With two decks each
code names two cards: naming a code takes the first of them still free. The tests at the bottom
check the helper itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from aisle_forty_thieves import FortyThieves

from aisle.engine import Card, Game


def arranged(slots: Mapping[str, str], rest: str = "stock") -> Game:
    """TEST SETUP. `slots` maps slot ids to card codes, bottom first ("KS QH 10C"). The cards not
    named go, in id order, to the bottom of `rest`. Cards in the stock lie face down, all
    others face up."""
    game = Game.new(FortyThieves, 1)
    free: dict[str, list[Card]] = {}
    for card in game.cards:
        free.setdefault(card.code, []).append(card)
    for slot in game.slots:
        slot.cards.clear()
    named: dict[str, list[Card]] = {}
    for slot_id, codes in slots.items():
        named[slot_id] = [free[code].pop(0) for code in codes.split()]
    leftover = sorted((card for cards in free.values() for card in cards), key=lambda card: card.id)
    game.slot(rest).cards.extend(leftover)
    for slot_id, cards in named.items():
        game.slot(slot_id).cards.extend(cards)
    for slot in game.slots:
        for card in slot.cards:
            card.face_up = slot.id != "stock"
    return game


def codes(game: Game, slot_id: str) -> str:
    return " ".join(card.code for card in game.slot(slot_id).cards)


def test_arranged_keeps_every_card_once_and_takes_both_copies() -> None:
    game = arranged({"tableau-1": "5H 5H", "waste": "KS"})
    assert sorted(card.id for slot in game.slots for card in slot.cards) == list(range(104))
    assert codes(game, "tableau-1") == "5H 5H"
    assert {card.deck for card in game.slot("tableau-1").cards} == {0, 1}
    assert len(game.slot("stock").cards) == 101 and not any(c.face_up for c in game.slot("stock").cards)
