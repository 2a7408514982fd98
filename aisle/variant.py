"""The Variant base class: everything a game (built-in or third-party) implements.

A variant decides every rule; the engine (`aisle.engine.Game`) keeps the history and asks the
variant, and the UI only shows what the engine reports. Methods receive the `Board` and read
it freely, but change it only through the board's recording methods (`move`, `turn_over`,
`flip`, `set`, `rearrange`), so undo, saving and animation work for every game.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.engine.cards import SUITS, Card, Suit
from aisle.engine.game import OptionError as OptionError
from aisle.engine.hint import Hint as Hint
from aisle.engine.records import frozen
from aisle.engine.slots import Slot, SlotKind, SlotSpec
from aisle.i18n import TP, T, Text
from aisle.slot_sentences import MOVE_ONTO, SlotSentence, standard_slot_name

if TYPE_CHECKING:
    from aisle.solver.model import SolverModel

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


#: The id of Aisle's general help page, How to play Aisle.
GENERAL_HELP_PAGE = "aisle"


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
    #: The help page of this game (a file stem in a help folder, a page of one of Aisle's games,
    #: or `GENERAL_HELP_PAGE`); defaults to the id.
    help_page: ClassVar[str | None] = None
    #: Other names the game goes by, translatable ("Solitaire" for Klondike): Select Game finds
    #: the game by them, in the player's language and in English, and names them in the game's
    #: tooltip and to screen readers.
    other_names: ClassVar[tuple[Text, ...]] = ()
    #: The family Select Game lists the game under (see aisle.ui.dialogs.game_facts.FAMILIES).
    game_family: ClassVar[str | None] = None
    #: 1 easy, 2 medium, 3 hard, with the default options; None: not stated.
    difficulty: ClassVar[int | None] = None
    #: Options for a player's very first game of this kind, when gentler than the defaults
    #: (Spider: one suit); after that the window deals with the player's own last choice.
    first_options: ClassVar[Mapping[str, str]] = {}

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
                if not by_key:
                    raise OptionError(T("{game} has no options; “{option}” cannot be set.",
                                        game=cls.id, option=key))
                raise OptionError(T("{game} has no option “{option}”; its options are: {options}.",
                                    game=cls.id, option=key, options=", ".join(by_key)))
            allowed = [c.value for c in by_key[key].choices]
            if not isinstance(value, str) or value not in allowed:
                raise OptionError(T("The option “{option}” of {game} takes one of: {values}; not "
                                    "“{value}”.", option=key, game=cls.id, values=", ".join(allowed),
                                    value=str(value)))
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

    def deck_order(self, seed: int, cards: Sequence[Card]) -> list[Card] | None:
        """The deck for deal number `seed` in the game's own order (deck[0] comes out first),
        made of exactly `cards` (a fresh deck in id order), for a game whose deal numbers mean
        something outside Aisle (FreeCell's classic deals). None: Aisle's own shuffle."""
        return None

    def deck_suits(self) -> tuple[Suit, ...]:
        """The suits each of the `decks` decks is made of: all four (the default), or one or
        two suits taking turns for a game played with fewer suits (Spider's one-suit game has
        two decks of four spade runs each). Asked for every deal; may depend on the options."""
        return SUITS

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

    # -- cards going up by themselves (Send All Up, automatic moves; plugins/README.md §4) ----
    def send_up_moves(self, board: Board) -> Iterator[Move]:
        """The moves of Send All Up, one at a time: each is played before the next is asked
        for, and all of them form one undo step. The default, while any card may go from
        another slot onto a foundation, offers the first such legal move. Yield nothing in a
        game where sending everything up would make the player's choices (Send All Up is then
        off)."""
        foundations = {slot.id for slot in board.slots if slot.kind == SlotKind.FOUNDATION}
        while foundations:
            move = next((action for action in self.legal_actions(board)
                         if isinstance(action, Move) and action.target in foundations
                         and action.source not in foundations), None)
            if move is None:
                return
            yield move

    def safe_up_move(self, board: Board) -> Move | None:
        """A move onto a foundation that can never make a win impossible: a card of no more use
        anywhere else. With automatic moves on, such moves are made after each action, in the
        same undo step, until this returns None. The default None: no card is known to be safe."""
        return None

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
        """A suggestion. The default suggests only steps forward, so that following its hints
        never comes back to a position: a card going onto a foundation from elsewhere, else a
        move that uncovers a face-down card, else a deal while a stock holds cards."""
        moves = [action for action in self.legal_actions(board) if isinstance(action, Move)]
        move = (next((m for m in moves if _goes_up(board, m)), None)
                or next((m for m in moves if _uncovers(board, m)), None))
        if move is not None:
            return Hint(self.slot_sentence(
                MOVE_ONTO, board.slot(move.target),
                cards=card_name(board.slot(move.source).cards[-move.count])), move)
        if any(slot.cards for slot in board.of_kind(SlotKind.STOCK)) and self.stock_refusal(board) is None:
            return Hint(T("Deal a new card from the stock."), Deal())
        return None

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

    def slot_sentence(self, sentence: SlotSentence, slot: Slot, **params: object) -> Text:
        """`sentence` about `slot` (plugins/README.md, section 8): written out whole when
        `slot_name` gives a standard name, else its general form with that name put in.
        Override it to give whole sentences for names of your own."""
        return sentence.about(self.slot_name(slot), **params)

    # -- what the solver may know (aisle.solver; all optional, see plugins/README.md §13) -----
    #: True when `solver_steps` may leave out a step a win could need (a heuristic, not a
    #: proof): the solver then never answers "lost", only "won" or "unknown".
    solver_prunes: ClassVar[bool] = False

    def solver_key(self, board: Board) -> Hashable | None:
        """A key that is equal for positions that play the same (pile order ignored, identical
        cards alike); None: the solver's own exact key (every card, its face, the state)."""
        return None

    def solver_spent(self, board: Board) -> int:
        """How much of a limited resource the position has used up (redeals), when the key
        leaves it out: of two positions with the same key, the one that spent less can do
        everything the other can, so the solver skips the other."""
        return 0

    def solver_steps(self, board: Board) -> Sequence[SolverStep] | None:
        """The steps worth trying here, best first; a step is one or more actions played in a
        row (deal three times, then play the card). Leave out only what provably cannot be
        needed; one step alone means "always play this". None: every legal action."""
        return None

    def solver_quick_steps(self, board: Board) -> Sequence[SolverStep] | None:
        """Steps for a quick first search that only looks for a win and may leave out anything
        (a hunch, not a proof); the exact search with `solver_steps` follows if it finds none.
        None: no first search."""
        return None

    def solver_dead_end(self, board: Board) -> bool:
        """True only when no win can be reached from here any more (a quick, sound test)."""
        return False

    def solver_model(self, board: Board) -> SolverModel[Any, Any] | None:
        """The game's own compact model of the position (see aisle/solver/model.py), which the
        solver then searches instead of the board and the methods above; None: no model."""
        return None


#: One step of the solver: actions played in a row, as `Game.play` would play them.
SolverStep = tuple[Action, ...]


def _goes_up(board: Board, move: Move) -> bool:
    return (board.slot(move.target).kind == SlotKind.FOUNDATION
            and board.slot(move.source).kind != SlotKind.FOUNDATION)


def _uncovers(board: Board, move: Move) -> bool:
    cards = board.slot(move.source).cards
    return len(cards) > move.count and not cards[-move.count - 1].face_up


def default_slot_name(slot: Slot) -> Text:
    """A standard name: "tableau pile 3" for "tableau-3", "the foundation" for "foundation"
    (an id without a number)."""
    return standard_slot_name(slot)


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
    return Text(_CARD_NAME, params={"rank": rank_name(card.rank), "suit": _SUIT_SYMBOLS[card.suit]})


_CARD_NAME = "{rank}{suit}"


def card_name_parts(text: Text) -> tuple[int, Suit] | None:
    """The rank and suit of a `card_name` text (None for any other text): a screen reader
    names the card in words instead."""
    if text.msgid != _CARD_NAME or text.params.keys() != {"rank", "suit"}:
        return None
    suit = next((Suit(name) for name, sign in _SUIT_SYMBOLS.items()
                 if sign == text.params["suit"]), None)
    rank_sign = text.params["rank"]
    rank = next((rank for rank, sign in _RANK_NAMES.items() if sign == rank_sign), None)
    if rank is None and isinstance(rank_sign, str) and rank_sign.isdigit():
        rank = int(rank_sign)
    return (rank, suit) if rank is not None and suit is not None else None
