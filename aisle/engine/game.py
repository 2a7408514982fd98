"""A game in progress: one variant, one deal, the history of turns, score and status."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from aisle.engine.actions import Action, Deal, DoubleClick, Move
from aisle.engine.board import Board
from aisle.engine.cards import Card, new_deck
from aisle.engine.events import Event, inverse
from aisle.engine.records import frozen
from aisle.engine.rng import Pcg32, stream_of
from aisle.engine.slots import Slot
from aisle.i18n import T, Text

if TYPE_CHECKING:
    from aisle.variant import Hint, Variant

MAX_SEED = (1 << 64) - 1
#: A variant that keeps refusing deals is broken; stop looking after this many shuffles.
MAX_DEAL_ATTEMPTS = 1000


class Status(StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class IllegalAction(Exception):  # noqa: N818 - the public API name
    """An action the rules do not allow; `why_not` says why (translatable)."""

    def __init__(self, why_not: Text) -> None:
        super().__init__(why_not.msgid)
        self.why_not = why_not

    def __str__(self) -> str:
        return self.why_not.translate()


class VariantError(Exception):
    """A game's own code broke a rule of the engine (lost a card, raised, refused to deal)."""


@frozen
class Turn:
    """One undo step: what the player did and everything that followed from it."""

    __slots__ = ("action", "events")
    action: Action
    events: tuple[Event, ...]

    def __init__(self, action: Action, events: tuple[Event, ...]) -> None:
        # Set once, as by a frozen dataclass (see aisle.engine.records).
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "events", events)


def check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a deal number is a whole number from 0 to {MAX_SEED}, not {seed!r:.40}")
    return seed


def resolve_variant(variant: str | type[Variant]) -> type[Variant]:
    if isinstance(variant, str):
        from aisle.hooks import available_variants, find_variant  # loaded on first use

        info = find_variant(variant)
        if info is None:
            known = available_variants()
            raise KeyError(f"unknown game {variant!r}; known games: {', '.join(sorted(known))}")
        return info.variant
    return variant


class Game:
    """Use `Game.new(variant_id, seed, options)`; `Game.from_json(text)` restores a saved one."""

    def __init__(self, variant: Variant, seed: int, board: Board) -> None:
        self.variant = variant
        self.seed = seed
        self.board = board
        self.history: list[Turn] = []
        self.future: list[Turn] = []
        #: Forward steps the player made (plays and redos); kept through undo.
        self.moves = 0
        #: Seconds of play, added by the front end while the game is on the screen.
        self.elapsed = 0.0
        self._status: Status | None = None
        self._score: int | None = None

    # -- making a game ------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        variant: str | type[Variant],
        seed: int,
        options: Mapping[str, object] | None = None,
    ) -> Game:
        variant_type = resolve_variant(variant)
        instance = variant_type(options)
        check_seed(seed)
        rng = Pcg32(seed, stream_of(variant_type.id))
        for _attempt in range(MAX_DEAL_ATTEMPTS):
            cards = new_deck(variant_type.decks)
            deck = list(cards)
            rng.shuffle(deck)
            board = Board(instance.layout(), cards, instance.initial_state())
            try:
                instance.deal(board, deck)
            except Exception as error:
                raise VariantError(f"{variant_type.id}: the deal raised {error!r}") from error
            _check_cards(variant_type.id, board)
            if instance.acceptable_deal(board):
                return cls(instance, seed, board)
        raise VariantError(f"{variant_type.id}: no acceptable deal in {MAX_DEAL_ATTEMPTS} shuffles")

    def restarted(self) -> Game:
        """The same deal from the start."""
        return Game.new(type(self.variant), self.seed, self.options)

    # -- looking ------------------------------------------------------------------------------
    @property
    def variant_id(self) -> str:
        return self.variant.id

    @property
    def options(self) -> dict[str, str]:
        return dict(self.variant.chosen)

    @property
    def slots(self) -> Sequence[Slot]:
        return self.board.slots

    def slot(self, slot_id: str) -> Slot:
        return self.board.slot(slot_id)

    @property
    def cards(self) -> Sequence[Card]:
        return self.board.cards

    @property
    def state(self) -> Mapping[str, Any]:
        return self.board.state

    @property
    def score(self) -> int:
        if self._score is None:
            self._score = self.variant.score(self.board)
        return self._score

    @property
    def max_score(self) -> int:
        return self.variant.max_score()

    @property
    def status(self) -> Status:
        if self._status is None:
            if self.variant.is_won(self.board):
                self._status = Status.WON
            elif self.variant.is_lost(self.board):
                self._status = Status.LOST
            else:
                self._status = Status.PLAYING
        return self._status

    @property
    def status_text(self) -> Text | None:
        return self.variant.status_text(self.board)

    @property
    def started(self) -> bool:
        """Whether the player has made a move in this game (statistics count it from then)."""
        return self.moves > 0

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    # -- asking -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.status is not Status.PLAYING:
            return []
        return self.variant.legal_actions(self.board)

    def pick_up_refusal(self, slot_id: str, count: int) -> Text | None:
        """Why the top `count` cards of a slot cannot be picked up (None: they can)."""
        if self.status is not Status.PLAYING:
            return _GAME_OVER
        slot = self.board.slot(slot_id)
        if not 0 < count <= len(slot.cards):
            return T("There is no card to pick up there.")
        return self.variant.pick_up_refusal(self.board, slot, count)

    def why_not(self, action: Action) -> Text | None:
        """Why `action` is not allowed now, or None when it is."""
        if self.status is not Status.PLAYING:
            return _GAME_OVER
        if isinstance(action, Move):
            if not (self.board.has_slot(action.source) and self.board.has_slot(action.target)):
                return T("There is no such place on this table.")
            if action.source == action.target:
                return T("The cards are already there.")
            refusal = self.pick_up_refusal(action.source, action.count)
            if refusal is not None:
                return refusal
            source, target = self.board.slot(action.source), self.board.slot(action.target)
            return self.variant.drop_refusal(self.board, source, action.count, target)
        if isinstance(action, Deal):
            return self.variant.stock_refusal(self.board)
        if not self.board.has_slot(action.slot):
            return T("There is no such place on this table.")
        return None

    def drop_targets(self, source: str, count: int) -> list[str]:
        """The slots where the top `count` cards of `source` may go now."""
        return [slot.id for slot in self.board.slots
                if slot.id != source and self.why_not(Move(source, count, slot.id)) is None]

    def hint(self) -> Hint | None:
        if self.status is not Status.PLAYING:
            return None
        return self.variant.hint(self.board)

    # -- acting -------------------------------------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Carry out `action` with all its consequences as one undo step.

        Raises `IllegalAction` (with the reason) when it is not allowed; the game is unchanged.
        """
        if isinstance(action, DoubleClick):
            return self.double_click(action.slot)
        refusal = self.why_not(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        log = self.board.start_log()
        try:
            self._carry_out(action)
        except Exception as error:
            self._abandon(log)
            raise VariantError(f"{self.variant.id} failed during {action}: {error!r}") from error
        return self._commit(action, self.board.stop_log())

    def double_click(self, slot_id: str) -> list[Event]:
        """The variant's double-click on a slot: all its moves are one undo step."""
        action = DoubleClick(slot_id)
        refusal = self.why_not(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        log = self.board.start_log()
        try:
            for move in self.variant.double_click(self.board, slot_id):
                refusal = self.why_not(move)
                if refusal is not None:
                    raise VariantError(f"double-click offered an illegal move {move}: {refusal.msgid}")
                self._carry_out(move)
        except Exception as error:
            self._abandon(log)
            if isinstance(error, VariantError):
                raise
            raise VariantError(f"{self.variant.id} failed during {action}: {error!r}") from error
        events = self.board.stop_log()
        if not events:
            raise IllegalAction(T("A double-click does nothing here."))
        return self._commit(action, events)

    def undo(self) -> list[Event]:
        """Take back the last turn; returns the events that did it (for animation)."""
        if not self.history:
            raise IllegalAction(T("There is nothing to undo."))
        turn = self.history.pop()
        undone = [inverse(event) for event in reversed(turn.events)]
        for event in undone:
            self.board.apply(event)
        self.future.append(turn)
        self._changed()
        return undone

    def redo(self) -> list[Event]:
        if not self.future:
            raise IllegalAction(T("There is nothing to redo."))
        turn = self.future.pop()
        for event in turn.events:
            self.board.apply(event)
        self.history.append(turn)
        self.moves += 1
        self._changed()
        return list(turn.events)

    def add_time(self, seconds: float) -> None:
        """Count play time (the front end calls this while the game is on and not over)."""
        if seconds > 0 and self.status is Status.PLAYING:
            self.elapsed += seconds

    # -- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        from aisle.engine.save import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(
        cls, text: str | bytes, variants: Mapping[str, type[Variant]] | None = None
    ) -> Game:
        """Restore a saved game; raises `SaveError` with the reason for any bad input."""
        from aisle.engine.save import game_from_json

        return game_from_json(text, variants)

    # -- inside -------------------------------------------------------------------------------
    def _carry_out(self, action: Action) -> None:
        if isinstance(action, Move):
            self.board.move(action.source, action.count, action.target)
            self.variant.after_move(self.board, action)
        else:
            self.variant.click_stock(self.board)

    def _commit(self, action: Action, events: list[Event]) -> list[Event]:
        self.history.append(Turn(action, tuple(events)))
        self.future.clear()
        self.moves += 1
        self._changed()
        return events

    def _abandon(self, log: list[Event]) -> None:
        """Put the table back after a variant raised half-way through a turn."""
        self.board.stop_log()
        for event in reversed(log):
            self.board.apply(inverse(event))
        self._changed()

    def _changed(self) -> None:
        self._status = None
        self._score = None

    def __repr__(self) -> str:
        return f"<Game {self.variant.id} #{self.seed} {self.status}>"


_GAME_OVER = T("The game is over.")


def _check_cards(variant_id: str, board: Board) -> None:
    """Every card must be in exactly one slot after the deal."""
    seen: set[int] = set()
    for slot in board.slots:
        for card in slot.cards:
            if not (0 <= card.id < len(board.cards) and board.cards[card.id] is card):
                raise VariantError(f"{variant_id}: the deal put a card of its own making in {slot.id}")
            if card.id in seen:
                raise VariantError(f"{variant_id}: the deal put card {card.code} in two places")
            seen.add(card.id)
    if len(seen) != len(board.cards):
        raise VariantError(
            f"{variant_id}: the deal lost {len(board.cards) - len(seen)} of {len(board.cards)} cards"
        )
