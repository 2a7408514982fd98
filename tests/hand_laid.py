"""TEST SETUP ONLY: tables laid out by hand, for tests of one rule at a time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aisle.engine import Card, Game
from aisle.variant import Variant


def codes(game: Game, slot_id: str) -> str:
    """A slot's cards bottom first, "~" marking a face-down card."""
    return " ".join(("" if card.face_up else "~") + card.code for card in game.slot(slot_id).cards)


def laid(variant: type[Variant], piles: Mapping[str, str], state: Mapping[str, Any] | None = None,
         options: Mapping[str, str] | None = None) -> Game:
    """A fresh game whose slots hold only the cards named: `piles` maps slot ids to codes bottom
    first ("~7H" face down; the stock's cards always lie face down). Cards not named are left off
    the table; with several decks a code takes the first copy not yet laid."""
    game = Game.new(variant, 1, options)
    unused: dict[str, list[Card]] = {}
    for card in game.cards:
        unused.setdefault(card.code, []).append(card)
    for slot in game.slots:
        slot.cards.clear()
    for slot_id, text in piles.items():
        for code in text.split():
            card = unused[code.lstrip("~")].pop(0)
            card.face_up = not code.startswith("~") and slot_id != "stock"
            game.slot(slot_id).cards.append(card)
    game.board.state.update(state or {})
    game._changed()  # the table was changed behind the game's back: forget cached answers
    return game


def reason(game: Game, action: Any) -> str | None:
    """The msgid of the game's refusal of `action`, or None when it is allowed."""
    refusal = game.why_not(action)
    return None if refusal is None else refusal.msgid
