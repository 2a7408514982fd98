"""TEST SETUP for the Klondike tests: lay out a chosen position on a real game.

`arranged` takes a dealt Klondike game and puts its own 52 card objects where a test says,
bypassing the rules on purpose (no history is recorded; the game has not been asked for its
status yet, so nothing cached is stale). Everything else is then played through the public
API. The tests at the bottom check the helper itself.
"""

from __future__ import annotations

from collections.abc import Mapping

from aisle_klondike import Klondike

from aisle.engine import Card, Game


def arranged(
    piles: Mapping[str, str],
    options: Mapping[str, str] | None = None,
    rest: str = "stock",
    redeals: int = 0,
) -> Game:
    """TEST SETUP. `piles` maps slot ids to card codes, bottom first ("KS QH 10C"). A code
    with a leading "~" lies face down; cards in the stock always lie face down, all others
    face up unless marked. The cards not named go face down, in id order, to the bottom of
    `rest`. `redeals` sets how many redeals were already used."""
    game = Game.new(Klondike, 1, options)
    by_code = {card.code: card for card in game.cards}
    for slot in game.slots:
        slot.cards.clear()
    named: dict[str, list[Card]] = {}
    for slot_id, codes in piles.items():
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
    game.board.state["redeals"] = redeals
    return game


def codes(game: Game, slot_id: str) -> str:
    """A slot's cards, bottom first, face-down ones marked with "~" (stock cards unmarked)."""
    slot = game.slot(slot_id)
    marked = [card.code if card.face_up or slot_id == "stock" else f"~{card.code}"
              for card in slot.cards]
    return " ".join(marked)


def test_arranged_keeps_every_card_once() -> None:
    game = arranged({"tableau-1": "~3C KS QH", "waste": "2D", "foundation-1": "AH 2H"})
    ids = sorted(card.id for slot in game.slots for card in slot.cards)
    assert ids == list(range(52))
    assert codes(game, "tableau-1") == "~3C KS QH"
    assert len(game.slot("stock").cards) == 52 - 6


def test_arranged_puts_the_rest_under_the_named_cards() -> None:
    game = arranged({"tableau-7": "KS"}, rest="tableau-7")
    pile = game.slot("tableau-7").cards
    assert len(pile) == 52 and pile[-1].code == "KS" and pile[-1].face_up
    assert not any(card.face_up for card in pile[:-1])
    assert game.slot("stock").cards == []
