"""The engine: cards, slots, actions, the game and its history. Pure Python, no Qt."""

from aisle.engine.actions import Action, Deal, DoubleClick, Move, SendAllUp
from aisle.engine.board import Board
from aisle.engine.cards import SUITS, Card, Rank, Suit, new_deck
from aisle.engine.events import CardFlipped, CardsMoved, CardsRearranged, Event, StateChanged
from aisle.engine.game import MAX_SEED, Game, IllegalAction, Status, Turn, VariantError
from aisle.engine.rng import Pcg32
from aisle.engine.save import SaveError
from aisle.engine.slots import Fan, Slot, SlotKind, SlotSpec

__all__ = [
    "MAX_SEED", "SUITS", "Action", "Board", "Card", "CardFlipped", "CardsMoved",
    "CardsRearranged", "Deal", "DoubleClick", "Event", "Fan", "Game", "IllegalAction", "Move",
    "Pcg32", "Rank", "SaveError", "SendAllUp", "Slot", "SlotKind", "SlotSpec", "StateChanged", "Status",
    "Suit", "Turn", "VariantError", "new_deck",
]
