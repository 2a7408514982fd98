"""TEST SETUP for the Scorpion tests: lay out a chosen position on a real game.

`arranged` takes a dealt Scorpion game and puts its own 52 card objects where a test says,
bypassing the rules on purpose (no history; the game has not been asked for its status yet).
The test at the bottom checks the helper itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from aisle_scorpion import Scorpion

from aisle.engine import Card, Game


def arranged(slots: Mapping[str, str], rest: str = "stock") -> Game:
    """TEST SETUP. `slots` maps slot ids to card codes, bottom first ("KS QS 10C"); a code with a
    leading "~" lies face down, all others face up (stock cards always face down). The cards not
    named go face down, in id order, to the bottom of `rest`."""
    game = Game.new(Scorpion, 1)
    by_code = {card.code: card for card in game.cards}
    for slot in game.slots:
        slot.cards.clear()
    named: dict[str, list[Card]] = {}
    for slot_id, codes in slots.items():
        named[slot_id] = []
        for code in codes.split():
            card = by_code.pop(code.lstrip("~"))
            card.face_up = slot_id != "stock" and not code.startswith("~")
            named[slot_id].append(card)
    leftover = sorted(by_code.values(), key=lambda card: card.id)
    for card in leftover:
        card.face_up = False
    game.slot(rest).cards.extend(leftover)
    for slot_id, cards in named.items():
        game.slot(slot_id).cards.extend(cards)
    return game


def codes(game: Game, slot_id: str) -> str:
    """A slot's cards, bottom first, face-down ones marked with "~" (stock cards unmarked)."""
    return " ".join(card.code if card.face_up or slot_id == "stock" else f"~{card.code}"
                    for card in game.slot(slot_id).cards)


def suit_down(suit: str) -> str:
    """A whole suit from King down to Ace, bottom first."""
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(f"{names.get(rank, rank)}{suit}" for rank in range(13, 0, -1))


def test_arranged_keeps_every_card_once() -> None:
    game = arranged({"tableau-1": "~3C KS QS", "tableau-7": suit_down("H")})
    assert sorted(card.id for slot in game.slots for card in slot.cards) == list(range(52))
    assert codes(game, "tableau-1") == "~3C KS QS" and len(game.slot("stock").cards) == 52 - 16
