"""TEST SETUP for games whose cards all lie face up (Baker's Dozen, Beleaguered Castle, Eight Off
and their cousins): lay out a chosen position on a real deal of a game.

`arranged` takes a dealt game and puts its own 52 card objects where a test says, bypassing the
rules on purpose (no history; the game has not been asked for its status yet). Everything else
is then played through the public API.
"""

from __future__ import annotations

from collections.abc import Mapping

from aisle.engine import Card, Game
from aisle.registry.games import new_game


def arranged(variant_id: str, slots: Mapping[str, str], rest: str) -> Game:
    """TEST SETUP. `slots` maps slot ids to card codes, bottom first ("KS QH 10C"); the cards not
    named go, in id order, to the bottom of `rest`. Every card lies face up."""
    game = new_game(variant_id, 1)
    by_code = {card.code: card for card in game.cards}
    for slot in game.slots:
        slot.cards.clear()
    named: dict[str, list[Card]] = {slot_id: [by_code.pop(code) for code in codes.split()]
                                    for slot_id, codes in slots.items()}
    game.slot(rest).cards.extend(sorted(by_code.values(), key=lambda card: card.id))
    for slot_id, cards in named.items():
        game.slot(slot_id).cards.extend(cards)
    for card in game.cards:
        card.face_up = True
    return game


def codes(game: Game, slot_id: str) -> str:
    """A slot's cards, bottom first."""
    return " ".join(card.code for card in game.slot(slot_id).cards)


def refusal(game: Game, action: object) -> str:
    reason = game.why_not(action)  # type: ignore[arg-type]
    assert reason is not None, f"{action} was allowed"
    return str(reason)


def suit_up(suit: str, to: int) -> str:
    """The codes of a suit from Ace up to rank `to`, for a foundation."""
    names = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return " ".join(f"{names.get(rank, rank)}{suit}" for rank in range(1, to + 1))

