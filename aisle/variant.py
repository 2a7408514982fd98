"""The Variant base class: everything a game (built-in or third-party) implements.

A variant decides every rule; the engine (`aisle.engine.Game`) keeps the history and asks the
variant, and the UI only shows what the engine reports. Methods receive the `Board` and read
it freely, but change it only through the board's recording methods (`move`, `turn_over`,
`flip`, `set`, `rearrange`), so undo, saving and animation work for every game.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.engine.cards import Card
from aisle.engine.records import frozen
from aisle.engine.slots import Slot, SlotKind, SlotSpec
from aisle.i18n import TP, T, Text

# These are frozen dataclasses written out (see aisle.engine.records): fields set once.
_set = object.__setattr__


@frozen
class Choice:
    """One value of an option, with its translatable label."""

    value: str
    label: Text

    def __init__(self, value: str, label: Text) -> None:
        _set(self, "value", value)
        _set(self, "label", label)


@frozen
class Option:
    """A radio choice shown in the game's Options menu."""

    key: str
    label: Text
    choices: tuple[Choice, ...]
    default: str

    def __init__(self, key: str, label: Text, choices: tuple[Choice, ...], default: str) -> None:
        _set(self, "key", key)
        _set(self, "label", label)
        _set(self, "choices", choices)
        _set(self, "default", default)

    def choice(self, value: str) -> Choice:
        for choice in self.choices:
            if choice.value == value:
                return choice
        raise KeyError(value)


@frozen
class Hint:
    """Advice for the player: a text, and the action it suggests when there is one."""

    text: Text
    action: Action | None

    def __init__(self, text: Text, action: Action | None = None) -> None:
        _set(self, "text", text)
        _set(self, "action", action)


class OptionError(ValueError):
    """Options that a variant does not offer."""


class Variant:
    """Base class of every game. Subclasses set the class attributes and implement the rules."""

    #: Stable id, lowercase letters, digits and dashes ("klondike", "spider-three-decks").
    id: ClassVar[str]
    #: Translatable name and a one-sentence description (shown in Select Game).
    name: ClassVar[Text]
    description: ClassVar[Text]
    #: Number of full 52-card decks.
    decks: ClassVar[int] = 1
    #: Radio options; the product of their choices is every way to play the game.
    options: ClassVar[tuple[Option, ...]] = ()
    #: Whether Control ▸ Deal is offered (a game may deal only by clicking the stock).
    has_deal_action: ClassVar[bool] = True
    #: The help page of this game (a file stem in a help folder); defaults to the id.
    help_page: ClassVar[str | None] = None

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.chosen: dict[str, str] = self.resolve_options(options)

    # -- options ------------------------------------------------------------------------------
    @classmethod
    def default_options(cls) -> dict[str, str]:
        return {option.key: option.default for option in cls.options}

    @classmethod
    def resolve_options(cls, options: Mapping[str, Any] | None) -> dict[str, str]:
        """Defaults overlaid with `options`; unknown keys or values raise `OptionError`."""
        resolved = cls.default_options()
        by_key = {option.key: option for option in cls.options}
        for key, value in (options or {}).items():
            if key not in by_key:
                raise OptionError(f"{cls.id} has no option {key!r}")
            if not isinstance(value, str) or value not in {c.value for c in by_key[key].choices}:
                allowed = ", ".join(c.value for c in by_key[key].choices)
                raise OptionError(f"option {key!r} of {cls.id} takes one of: {allowed}")
            resolved[key] = value
        return resolved

    @classmethod
    def option_combinations(cls) -> list[dict[str, str]]:
        """Every combination of option values (one empty dict when there are no options)."""
        keys = [option.key for option in cls.options]
        values = [[choice.value for choice in option.choices] for option in cls.options]
        return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*values)]

    # -- the table ----------------------------------------------------------------------------
    def layout(self) -> Sequence[SlotSpec]:
        """The slots, in order; their ids are stable (they appear in saves and hints)."""
        raise NotImplementedError

    def initial_state(self) -> dict[str, Any]:
        """The variant's own values at the start (JSON-compatible; e.g. redeals used)."""
        return {}

    def deal(self, board: Board, deck: list[Card]) -> None:
        """Lay out the shuffled `deck` (deck[0] comes out first) with `board.place`.

        Every card must end up in some slot, face up or down as the game wants.
        """
        raise NotImplementedError

    def acceptable_deal(self, board: Board) -> bool:
        """False throws this deal away; the next shuffle of the same deal number is used."""
        return True

    # -- moves --------------------------------------------------------------------------------
    def pick_up_refusal(self, board: Board, source: Slot, count: int) -> Text | None:
        """Why the top `count` cards of `source` cannot be picked up, or None if they can."""
        raise NotImplementedError

    def drop_refusal(self, board: Board, source: Slot, count: int, target: Slot) -> Text | None:
        """Why those cards cannot go onto `target`, or None if they can.

        Only asked after `pick_up_refusal` allowed the cards, and with source != target.
        """
        raise NotImplementedError

    def after_move(self, board: Board, move: Move) -> None:
        """Consequences of an accepted move, already made: flips, refills, bookkeeping."""

    def stock_refusal(self, board: Board) -> Text | None:
        """Why a click on the stock (the Deal action) does nothing now, or None."""
        return T("There is nothing to deal.")

    def click_stock(self, board: Board) -> None:
        """Deal from the stock, or turn the waste over. Only called when allowed."""

    def double_click(self, board: Board, slot_id: str) -> Iterator[Move]:
        """Moves a double-click on `slot_id` makes, one at a time; each is played before the
        next is asked for, and all of them form one undo step. Yield nothing to refuse."""
        return iter(())

    # -- outcome ------------------------------------------------------------------------------
    def score(self, board: Board) -> int:
        raise NotImplementedError

    def max_score(self) -> int:
        raise NotImplementedError

    def is_won(self, board: Board) -> bool:
        raise NotImplementedError

    def is_lost(self, board: Board) -> bool:
        """True when nothing can change the position any more (asked only when not won)."""
        return False

    def hint(self, board: Board) -> Hint | None:
        """A suggestion; the default offers the first legal action."""
        actions = self.legal_actions(board)
        if not actions:
            return None
        action = actions[0]
        if isinstance(action, Move):
            return Hint(T("Move {cards} onto {target}.",
                          cards=card_name(board.slot(action.source).cards[-action.count]),
                          target=self.slot_name(board.slot(action.target))), action)
        return Hint(T("Deal a new card from the stock."), action)

    def status_text(self, board: Board) -> Text | None:
        """The game's line in the status bar (stock left, redeals left)."""
        return None

    # -- listing actions ----------------------------------------------------------------------
    def legal_actions(self, board: Board) -> list[Action]:
        """Every legal action. This generic version asks the refusal methods about every
        pick-up and target; a variant may override it with a faster one (the conformance kit
        checks that both agree)."""
        actions: list[Action] = []
        for source in board.slots:
            for count in range(1, len(source.cards) + 1):
                if self.pick_up_refusal(board, source, count) is not None:
                    continue
                for target in board.slots:
                    if target is not source and self.drop_refusal(
                        board, source, count, target
                    ) is None:
                        actions.append(Move(source.id, count, target.id))
        if self.stock_refusal(board) is None:
            actions.append(Deal())
        return actions

    # -- names --------------------------------------------------------------------------------
    def slot_name(self, slot: Slot) -> Text:
        """How hints and messages name a slot ("tableau pile 3", "the waste")."""
        return default_slot_name(slot)


_SLOT_NAMES: dict[str, Text] = {
    SlotKind.STOCK: T("the stock"),
    SlotKind.WASTE: T("the waste"),
}


def default_slot_name(slot: Slot) -> Text:
    number = slot.id.rsplit("-", 1)[-1]
    if slot.kind in _SLOT_NAMES and not number.isdigit():
        return _SLOT_NAMES[slot.kind]
    if slot.kind == SlotKind.FOUNDATION:
        return T("foundation {number}", number=number)
    if slot.kind == SlotKind.TABLEAU:
        return T("tableau pile {number}", number=number)
    if slot.kind == SlotKind.RESERVE:
        return T("reserve {number}", number=number)
    if slot.kind == SlotKind.WASTE:
        return T("waste {number}", number=number)
    return T("stock {number}", number=number)


_RANK_NAMES: dict[int, Text] = {
    1: TP("card rank", "A"), 11: TP("card rank", "J"), 12: TP("card rank", "Q"),
    13: TP("card rank", "K"),
}
_SUIT_SYMBOLS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}


def rank_name(rank: int) -> Text | str:
    """The short rank sign shown on cards and in texts (A, 2..10, J, Q, K, translated)."""
    return _RANK_NAMES.get(rank, str(rank))


def card_name(card: Card) -> Text:
    """A card as texts show it, such as "Q♥" (the rank letter follows the language)."""
    # Not a message for translators: only the rank letter inside is translated.
    return Text("{rank}{suit}", params={"rank": rank_name(card.rank), "suit": _SUIT_SYMBOLS[card.suit]})
