"""The solver's hands on a table: a private copy of it, an exact key, and steps played and taken
back through the board's event log (far cheaper than `Game.play`, with the same effect)."""

from __future__ import annotations

import copy
import json
from collections.abc import Hashable
from typing import Any

from aisle.engine.actions import Action, Deal, DoubleClick, Move
from aisle.engine.board import Board
from aisle.engine.cards import Card
from aisle.engine.events import Event, inverse
from aisle.engine.game import Game
from aisle.i18n import T, Text
from aisle.variant import SolverStep, Variant

#: One character per (card id, face): ids of three decks stay well inside one code plane.
_CARD_CHARS = [chr(0x100 + code) for code in range(2 * 52 * 8)]


def copy_board(board: Board) -> Board:
    """A board with the same slots, the same cards (new objects, same ids and faces) and state."""
    cards = [Card(card.id, card.rank, card.suit, card.face_up) for card in board.cards]
    by_id = {card.id: card for card in cards}
    copied = Board([slot.spec for slot in board.slots], cards, copy.deepcopy(board.state))
    for slot in board.slots:
        copied.place(slot.id, [by_id[card.id] for card in slot.cards])
    return copied


def copy_game(game: Game) -> Game:
    """A game at the same position with no history, its own variant object and its own board,
    and no automatic moves (`auto_up` off), as solutions are played."""
    copied = Game(type(game.variant)(game.options), game.seed, copy_board(game.board))
    copied.auto_up = False
    return copied


def card_char(card: Card) -> str:
    """One character that names a card and its face (for keys)."""
    return _CARD_CHARS[2 * card.id + card.face_up]


def exact_key(board: Board) -> str:
    """Every slot's cards with their faces, in slot order, and the variant's own values."""
    chars = _CARD_CHARS
    parts = ["".join([chars[2 * card.id + card.face_up] for card in slot.cards]) for slot in board.slots]
    parts.append(_state_text(board.state))
    return "|".join(parts)


def _state_text(state: dict[str, Any]) -> str:
    if not state:
        return ""
    return json.dumps(state, sort_keys=True, separators=(",", ":"), default=repr)


def key_of(variant: Variant, board: Board) -> Hashable:
    key = variant.solver_key(board)
    return exact_key(board) if key is None else key


def play_step(variant: Variant, board: Board, step: SolverStep) -> list[Event]:
    """Play the step's actions as `Game.play` carries them out; returns the events to revert."""
    board.start_log()
    try:
        for action in step:
            if isinstance(action, Move):
                board.move(action.source, action.count, action.target)
                variant.after_move(board, action)
            elif isinstance(action, Deal):
                variant.click_stock(board)
            else:
                # Each move is played before the next is asked for, as the engine does.
                offered = (variant.double_click(board, action.slot) if isinstance(action, DoubleClick)
                           else variant.send_up_moves(board))
                for move in offered:
                    board.move(move.source, move.count, move.target)
                    variant.after_move(board, move)
    except BaseException:
        take_back(board, board.stop_log())
        raise
    return board.stop_log()


def take_back(board: Board, events: list[Event]) -> None:
    for event in reversed(events):
        board.apply(inverse(event))


def refusal(variant: Variant, board: Board, action: Action) -> Text | None:
    """Why the rules refuse `action` here (what `Game.why_not` says for a game in play)."""
    if isinstance(action, Deal):
        return variant.stock_refusal(board)
    if not isinstance(action, Move):
        return None
    if not (board.has_slot(action.source) and board.has_slot(action.target)):
        return T("There is no such place on this table.")
    source, target = board.slot(action.source), board.slot(action.target)
    if source is target or not 0 < action.count <= len(source.cards):
        return T("There is no card to pick up there.")
    return (variant.pick_up_refusal(board, source, action.count)
            or variant.drop_refusal(board, source, action.count, target))
