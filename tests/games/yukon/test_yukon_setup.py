"""TEST SETUP for the Yukon tests: lay out a chosen position on a real game.

`arranged` takes a dealt Yukon game and puts its own 52 card objects where a test says,
bypassing the rules on purpose (no history is recorded; the game has not been asked for its
status yet). Everything else is then played through the public API. The tests at the bottom check
the helper itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from aisle_yukon import Yukon

from aisle.engine import Card, Game


def arranged(slots: Mapping[str, str], rest: str = "tableau-7") -> Game:
    """TEST SETUP. `slots` maps slot ids to card codes, bottom first ("KS QH 10C"); a code with a
    leading "~" lies face down, all others face up. The cards not named go face down, in id
    order, to the bottom of `rest`."""
    game = Game.new(Yukon, 1)
    by_code = {card.code: card for card in game.cards}
    for slot in game.slots:
        slot.cards.clear()
    named: dict[str, list[Card]] = {}
    for slot_id, codes in slots.items():
        named[slot_id] = []
        for code in codes.split():
            card = by_code.pop(code.lstrip("~"))
            card.face_up = not code.startswith("~")
            named[slot_id].append(card)
    leftover = sorted(by_code.values(), key=lambda card: card.id)
    for card in leftover:
        card.face_up = False
    game.slot(rest).cards.extend(leftover)
    for slot_id, cards in named.items():
        game.slot(slot_id).cards.extend(cards)
    return game


def codes(game: Game, slot_id: str) -> str:
    """A slot's cards, bottom first, face-down ones marked with "~"."""
    return " ".join(card.code if card.face_up else f"~{card.code}" for card in game.slot(slot_id).cards)


def test_arranged_keeps_every_card_once() -> None:
    game = arranged({"tableau-1": "~3C KS QH", "foundation-2": "AH 2H", "tableau-7": "5D"})
    assert sorted(card.id for slot in game.slots for card in slot.cards) == list(range(52))
    assert codes(game, "tableau-1") == "~3C KS QH" and codes(game, "foundation-2") == "AH 2H"
    pile = game.slot("tableau-7").cards
    assert len(pile) == 52 - 5 and pile[-1].code == "5D" and not any(c.face_up for c in pile[:-1])
