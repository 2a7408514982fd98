"""A game in progress: one variant, one deal, the history of turns, score and status."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from aisle.engine.actions import Action, Deal, DoubleClick, Move, SendAllUp
from aisle.engine.board import Board
from aisle.engine.cards import Card, new_deck
from aisle.engine.events import Event, inverse
from aisle.engine.hint import Hint
from aisle.engine.records import frozen
from aisle.engine.rng import Pcg32, stream_of
from aisle.engine.save_text import game_to_json
from aisle.engine.slots import Slot, SlotKind
from aisle.i18n import T, Text
from aisle.source_text import source_text

if TYPE_CHECKING:
    from aisle.variant import Variant

MAX_SEED = (1 << 64) - 1
#: Random deal numbers are drawn from this range (the full range is open to New Game by Number).
RANDOM_DEALS = (1, 999_999_999)
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
    """A game's own code failed: it raised, answered what the engine cannot use (a score out of
    range, a refusal that is no text) or broke a rule of the engine (lost a card, refused to deal).

    `variant_id` names the game and `location` the plugin's file (and line) at fault, when known:
    the window names the plugin and the file to the player from them.
    """

    def __init__(self, message: str, variant_id: str | None = None,
                 location: str | None = None) -> None:
        super().__init__(message)
        self.variant_id = variant_id
        self.location = location


@frozen
class Turn:
    """One undo step: what the player did and everything that followed from it.

    `auto` holds the automatic moves to the foundations that followed the action (a save keeps
    them, so a restored game replays them exactly); `steps` counts the events of each step in
    turn (the action, then every further card move), so the table can show one after another;
    empty, the turn is one step.
    """

    __slots__ = ("action", "events", "auto", "steps")  # noqa: RUF023 - in field order
    action: Action
    events: tuple[Event, ...]
    auto: tuple[Move, ...]
    steps: tuple[int, ...]

    def __init__(self, action: Action, events: tuple[Event, ...], auto: tuple[Move, ...] = (),
                 steps: tuple[int, ...] = ()) -> None:
        # Set once, as by a frozen dataclass (see aisle.engine.records).
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "auto", auto)
        object.__setattr__(self, "steps", steps)


def variant_fault(variant: Variant | type[Variant], method: str,
                  error: BaseException | None = None, answer: str | None = None) -> VariantError:
    """The error for a call into a variant that raised `error` or gave an unusable `answer`
    (what it did, as in "returned 'x', not a Text"). Every call the engine makes into a game
    fails through this one description, so each failure reads the same wherever it happened."""
    variant_type = variant if isinstance(variant, type) else type(variant)
    variant_id = str(getattr(variant_type, "id", variant_type.__name__))
    if error is not None:
        message = f"{variant_id}: {method} raised {type(error).__name__}: {error}"
    else:
        message = f"{variant_id}: {method} {answer}"
    return VariantError(message, variant_id, code_location(variant_type, error))


def code_location(variant_type: type, error: BaseException | None = None) -> str | None:
    """Where a game's fault lies: the innermost line of its own package in the error's
    traceback, else the file of its class."""
    import sys

    top = sys.modules.get(variant_type.__module__.partition(".")[0])
    top_file = str(getattr(top, "__file__", None) or "")
    own = top_file[:-len("__init__.py")] if top_file.endswith("__init__.py") else top_file
    trace = error.__traceback__ if error is not None else None
    found: str | None = None
    while trace is not None:
        name = trace.tb_frame.f_code.co_filename
        if own and name.startswith(own):
            found = f"{name}, line {trace.tb_lineno}"
        trace = trace.tb_next
    if found is not None:
        return found
    module = sys.modules.get(variant_type.__module__)
    where = getattr(module, "__file__", None)
    return str(where) if where else None


def verbatim(text: str) -> Text:
    """A plain string a game gave where a `Text` belongs, shown as it is (it does not follow a
    language switch: a game translates by returning `Text`)."""
    return Text("{text}", params={"text": text})


def _text_or_none(variant: Variant, method: str, value: object) -> Text | None:
    """A variant's answer that must be a text or None: a plain str is taken as it is."""
    if value is None or isinstance(value, Text):
        return value
    if isinstance(value, str):
        return verbatim(value)
    raise variant_fault(variant, method,
                        answer=f"returned {value!r:.40}, not a Text, a str or None")


class OptionError(ValueError):
    """Options that a variant does not offer; `why` says which (translatable, for a player who
    typed them); the exception's own text is in English."""

    def __init__(self, why: Text) -> None:
        super().__init__(source_text(why))
        self.why = why


def check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a deal number is a whole number from 0 to {MAX_SEED}, not {seed!r:.40}")
    return seed


class Game:
    """Use `Game.new(variant_class, seed, options)`; `aisle.registry.games` deals a game by its
    id and restores a saved one."""

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
        self._max_score: int | None = None
        #: Send the cards the variant calls safe (`Variant.safe_up_move`) up after each action,
        #: in the same undo step; the front end sets it from the player's choice.
        self.auto_up = False

    # -- making a game ------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        variant: type[Variant],
        seed: int,
        options: Mapping[str, object] | None = None,
    ) -> Game:
        if isinstance(variant, str):  # the engine knows no ids: the registry turns them to classes
            raise TypeError(f"Game.new takes a Variant class, not the id {variant!r:.40}; "
                            "aisle.registry.games.new_game(id, seed, options) finds the game")
        variant_type = variant
        try:
            instance = variant_type(options)
        except OptionError:
            raise  # options the game does not offer: the caller's mistake
        except Exception as error:
            raise variant_fault(variant_type, "__init__()", error) from error
        check_seed(seed)
        rng = Pcg32(seed, stream_of(variant_type.id))
        for _attempt in range(MAX_DEAL_ATTEMPTS):
            try:
                cards = new_deck(variant_type.decks, instance.deck_suits())
            except Exception as error:
                raise variant_fault(variant_type, "deck_suits()", error) from error
            try:
                board = Board(instance.layout(), cards, instance.initial_state())
            except Exception as error:
                raise variant_fault(variant_type, "layout() or initial_state()", error) from error
            try:
                # A game may lay its deal numbers out in its own order (FreeCell's classic deals).
                deck = instance.deck_order(seed, cards)
                if deck is None:
                    deck = list(cards)
                    rng.shuffle(deck)
                instance.deal(board, deck)
            except Exception as error:
                raise variant_fault(variant_type, "deal()", error) from error
            _check_cards(variant_type, board)
            try:
                acceptable = instance.acceptable_deal(board)
            except Exception as error:
                raise variant_fault(variant_type, "acceptable_deal()", error) from error
            if acceptable:
                return cls(instance, seed, board)
        raise variant_fault(variant_type, "acceptable_deal()",
                            answer=f"refused {MAX_DEAL_ATTEMPTS} shuffles in a row")

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
        """The variant's score, checked: a whole number from 0 to `max_score`."""
        if self._score is None:
            try:
                score = self.variant.score(self.board)
            except Exception as error:
                raise variant_fault(self.variant, "score()", error) from error
            top = self.max_score
            if not _whole(score) or not 0 <= score <= top:
                raise variant_fault(self.variant, "score()", answer=(
                    f"returned {score!r:.40}, not a whole number from 0 to max_score() = {top}"))
            self._score = score
        return self._score

    @property
    def max_score(self) -> int:
        if self._max_score is None:
            try:
                top = self.variant.max_score()
            except Exception as error:
                raise variant_fault(self.variant, "max_score()", error) from error
            if not _whole(top) or top < 0:
                raise variant_fault(self.variant, "max_score()",
                                    answer=f"returned {top!r:.40}, not a whole number of 0 or more")
            self._max_score = top
        return self._max_score

    @property
    def status(self) -> Status:
        if self._status is None:
            try:
                won = bool(self.variant.is_won(self.board))
            except Exception as error:
                raise variant_fault(self.variant, "is_won()", error) from error
            try:
                lost = not won and bool(self.variant.is_lost(self.board))
            except Exception as error:
                raise variant_fault(self.variant, "is_lost()", error) from error
            self._status = Status.WON if won else Status.LOST if lost else Status.PLAYING
        return self._status

    @property
    def status_text(self) -> Text | None:
        try:
            text = self.variant.status_text(self.board)
        except Exception as error:
            raise variant_fault(self.variant, "status_text()", error) from error
        return _text_or_none(self.variant, "status_text()", text)

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
        try:
            actions = self.variant.legal_actions(self.board)
            return actions if type(actions) is list else list(actions)
        except Exception as error:
            raise variant_fault(self.variant, "legal_actions()", error) from error

    def pick_up_refusal(self, slot_id: str, count: int) -> Text | None:
        """Why the top `count` cards of a slot cannot be picked up (None: they can)."""
        if self.status is not Status.PLAYING:
            return _GAME_OVER
        slot = self.board.slot(slot_id)
        if not 0 < count <= len(slot.cards):
            return T("There is no card to pick up there.")
        try:
            refusal: object = self.variant.pick_up_refusal(self.board, slot, count)
        except Exception as error:
            raise variant_fault(self.variant, "pick_up_refusal()", error) from error
        if refusal is None or isinstance(refusal, Text):
            return refusal
        return _text_or_none(self.variant, "pick_up_refusal()", refusal)

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
            try:
                dropped: object = self.variant.drop_refusal(self.board, source, action.count,
                                                            target)
            except Exception as error:
                raise variant_fault(self.variant, "drop_refusal()", error) from error
            if dropped is None or isinstance(dropped, Text):
                return dropped
            return _text_or_none(self.variant, "drop_refusal()", dropped)
        if isinstance(action, Deal):
            try:
                refusal = self.variant.stock_refusal(self.board)
            except Exception as error:
                raise variant_fault(self.variant, "stock_refusal()", error) from error
            return _text_or_none(self.variant, "stock_refusal()", refusal)
        if isinstance(action, SendAllUp):
            return None if self._first_move_of(SendAllUp()) is not None else _NOTHING_GOES_UP
        if not self.board.has_slot(action.slot):
            return T("There is no such place on this table.")
        # Asked as the turn itself would be: a double-click the game answers with no move is
        # refused here too, with the reason the turn gives.
        return None if self._first_move_of(action) is not None \
            else self._why_no_double_click(action.slot)

    @property
    def can_send_all_up(self) -> bool:
        """Whether Send All Up would move a card now (False in a game with no foundation)."""
        return self.why_not(SendAllUp()) is None

    def drop_targets(self, source: str, count: int) -> list[str]:
        """The slots where the top `count` cards of `source` may go now."""
        return [slot.id for slot in self.board.slots
                if slot.id != source and self.why_not(Move(source, count, slot.id)) is None]

    def hint(self) -> Hint | None:
        """The variant's hint, checked: a `Hint` (a plain str as its text is taken as it is)."""
        if self.status is not Status.PLAYING:
            return None
        # A hint only answers; a game's hint that fails halfway through a trial move (or is
        # stopped there, aisle.ui.window.hang_watch) must not leave the cards moved.
        kept = self.board.kept()
        try:
            hint = self.variant.hint(self.board)
        except Exception as error:
            self.board.put_back(kept)
            raise variant_fault(self.variant, "hint()", error) from error
        if hint is None:
            return None
        if not isinstance(hint, Hint) or not (hint.action is None
                                              or isinstance(hint.action, Move | Deal)):
            raise variant_fault(self.variant, "hint()",
                                answer=f"returned {hint!r:.60}, not a Hint with a Move or a Deal")
        given: object = hint.text
        if isinstance(given, Text):
            return hint
        text = _text_or_none(self.variant, "hint()", given)
        return Hint(text if text is not None else verbatim(""), hint.action)

    # -- acting -------------------------------------------------------------------------------
    def play(self, action: Action, auto: Sequence[Move] | None = None) -> list[Event]:
        """Carry out `action` with all its consequences as one undo step.

        With `auto_up` on, the cards the variant calls safe go up after it, in the same step;
        `auto` names those moves instead (a restored game replays them as first played).
        Raises `IllegalAction` (with the reason) when it is not allowed; the game is unchanged.
        """
        if isinstance(action, DoubleClick | SendAllUp):
            return self._moves_turn(action, auto)
        refusal = self.why_not(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        log = self.board.start_log()
        step_ends: list[int] = []
        try:
            self._carry_out(action)
            step_ends.append(len(log))
            auto_moves = self._follow_up(action, auto, log, step_ends)
        except IllegalAction:
            self._abandon(log)
            raise
        except Exception as error:
            self._abandon(log)
            if isinstance(error, VariantError):
                raise
            raise variant_fault(self.variant, f"playing {action}", error) from error
        return self._commit(action, self.board.stop_log(), auto_moves, step_ends)

    def double_click(self, slot_id: str) -> list[Event]:
        """The variant's double-click on a slot: all its moves are one undo step."""
        return self._moves_turn(DoubleClick(slot_id), None)

    def send_all_up(self) -> list[Event]:
        """Every card the variant's `send_up_moves` sends to a foundation, one after another,
        as one undo step; refused (with the reason) when no card can go up."""
        return self._moves_turn(SendAllUp(), None)

    def _moves_turn(self, action: DoubleClick | SendAllUp, auto: Sequence[Move] | None) -> list[Event]:
        """A turn made of the moves the variant offers one at a time (each is played before the
        next is asked for): a double-click, or Send All Up."""
        refusal = self.why_not(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        sending_up = isinstance(action, SendAllUp)
        method = "send_up_moves()" if sending_up else "double_click()"
        log = self.board.start_log()
        step_ends: list[int] = []
        try:
            if isinstance(action, SendAllUp):
                offered = iter(self.variant.send_up_moves(self.board))
            else:
                offered = iter(self.variant.double_click(self.board, action.slot))
            for move in offered:
                if sending_up:
                    # Each move puts cards on a foundation: a list without end is a fault.
                    if len(step_ends) > len(self.board.cards):
                        raise variant_fault(self.variant, method, answer="never stopped offering moves")
                    move = self._checked_up_move(move, method)
                elif not isinstance(move, Move):
                    raise variant_fault(self.variant, method,
                                        answer=f"yielded {move!r:.40}, not a Move")
                refusal = self.why_not(move)
                if refusal is not None:
                    raise variant_fault(self.variant, method, answer=(
                        f"offered an illegal move {move}: {source_text(refusal)}"))
                self._carry_out(move)
                step_ends.append(len(log))
            auto_moves = self._follow_up(action, auto, log, step_ends) if log else ()
        except IllegalAction:
            self._abandon(log)
            raise
        except Exception as error:
            self._abandon(log)
            if isinstance(error, VariantError):
                raise
            raise variant_fault(self.variant, method, error) from error
        events = self.board.stop_log()
        if not events:
            raise IllegalAction(_NOTHING_GOES_UP if isinstance(action, SendAllUp)
                                else self._why_no_double_click(action.slot))
        return self._commit(action, events, auto_moves, step_ends)

    def _why_no_double_click(self, slot_id: str) -> Text:
        """Why a double-click on `slot_id` did nothing: where its top card would have gone (the
        foundations, else the waste, as in Golf) refuses it for one reason, that reason; else
        the plain word that nothing happens."""
        plain = T("A double-click does nothing here.")
        if (not self.board.has_slot(slot_id) or not self.board.slot(slot_id).cards
                or self.board.slot(slot_id).kind == SlotKind.FOUNDATION):
            return plain
        targets = [slot.id for slot in self.board.slots
                   if slot.kind == SlotKind.FOUNDATION and slot.id != slot_id]
        if not targets:
            targets = [slot.id for slot in self.board.slots
                       if slot.kind == SlotKind.WASTE and slot.id != slot_id]
        try:
            reasons = {self.why_not(Move(slot_id, 1, target)) for target in targets}
        except Exception:  # a game's refusal that fails here is found where it matters
            return plain
        if len(reasons) == 1:
            (reason,) = reasons
            if reason is not None:
                return reason
        return plain

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
        self.moves += _moves_in(turn.action, turn.steps, turn.auto)
        self._changed()
        return list(turn.events)

    def add_time(self, seconds: float) -> None:
        """Count play time (the front end calls this while the game is on and not over)."""
        if seconds > 0 and self.status is Status.PLAYING:
            self.elapsed += seconds

    # -- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        return game_to_json(self)

    # -- inside -------------------------------------------------------------------------------
    def _carry_out(self, action: Action) -> None:
        if isinstance(action, Move):
            self.board.move(action.source, action.count, action.target)
            try:
                self.variant.after_move(self.board, action)
            except Exception as error:
                raise variant_fault(self.variant, "after_move()", error) from error
        else:
            try:
                self.variant.click_stock(self.board)
            except Exception as error:
                raise variant_fault(self.variant, "click_stock()", error) from error

    def _commit(self, action: Action, events: list[Event], auto: Sequence[Move] = (),
                step_ends: Sequence[int] = ()) -> list[Event]:
        """Record the turn; `step_ends` says how many events there were at the end of each step."""
        steps = tuple(end - start for start, end in pairwise((0, *step_ends)))
        self.history.append(Turn(action, tuple(events), tuple(auto), steps))
        self.future.clear()
        self.moves += _moves_in(action, steps, auto)
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

    # -- cards going up: Send All Up and the automatic moves ----------------------------------
    def _first_move_of(self, action: DoubleClick | SendAllUp) -> object:
        """The first move a double-click or Send All Up would make now, or None (read, nothing
        is played)."""
        method = "send_up_moves()" if isinstance(action, SendAllUp) else "double_click()"
        try:
            offered = (self.variant.send_up_moves(self.board) if isinstance(action, SendAllUp)
                       else self.variant.double_click(self.board, action.slot))
            return next(iter(offered), None)
        except Exception as error:
            raise variant_fault(self.variant, method, error) from error

    def _checked_up_move(self, move: object, method: str) -> Move:
        """A move a variant offers to send cards up: from elsewhere onto a foundation."""
        board = self.board
        if not (isinstance(move, Move) and board.has_slot(move.source) and board.has_slot(move.target)
                and board.slot(move.target).kind == SlotKind.FOUNDATION
                and board.slot(move.source).kind != SlotKind.FOUNDATION):
            raise variant_fault(self.variant, method, answer=(
                f"offered {move!r:.60}, not a move from elsewhere onto a foundation"))
        return move

    def _follow_up(self, action: Action, given: Sequence[Move] | None, log: list[Event],
                   step_ends: list[int]) -> tuple[Move, ...]:
        """The automatic moves after `action`, made within its turn: exactly `given` when a
        save is replayed, else (with `auto_up` on) each card the variant calls safe, one at a
        time, while the game goes on. A card the player just took down from a foundation is
        never sent straight back: after such a move nothing goes up by itself."""
        board = self.board
        if given is not None:
            for move in given:
                self._changed()
                refusal = self.why_not(move)
                if refusal is not None:
                    raise IllegalAction(refusal)
                self._carry_out(move)
                step_ends.append(len(log))
            return tuple(given)
        if not self.auto_up or (isinstance(action, Move)
                                and board.slot(action.source).kind == SlotKind.FOUNDATION):
            return ()
        done: list[Move] = []
        self._changed()
        while self.status is Status.PLAYING:
            try:
                offered = self.variant.safe_up_move(board)
            except Exception as error:
                raise variant_fault(self.variant, "safe_up_move()", error) from error
            if offered is None:
                break
            if len(done) > len(board.cards):
                raise variant_fault(self.variant, "safe_up_move()", answer="never stopped offering moves")
            move = self._checked_up_move(offered, "safe_up_move()")
            refusal = self.why_not(move)
            if refusal is not None:
                raise variant_fault(self.variant, "safe_up_move()", answer=(
                    f"offered an illegal move {move}: {source_text(refusal)}"))
            self._carry_out(move)
            step_ends.append(len(log))
            done.append(move)
            self._changed()
        return tuple(done)

    def __repr__(self) -> str:
        return f"<Game {self.variant.id} #{self.seed} {self.status}>"


_GAME_OVER = T("The game is over.")
_NOTHING_GOES_UP = T("No card can go to a foundation now.")


def _moves_in(action: Action, steps: Sequence[int], auto: Sequence[Move]) -> int:
    """How many moves a turn counts for: Send All Up (or a double-click that collects) counts
    each card it sends itself, so that it cannot shorten the "fewest moves" record. Automatic
    moves that follow count for nothing, after any action alike."""
    if isinstance(action, SendAllUp | DoubleClick):
        return max(1, len(steps) - len(auto))
    return 1


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_cards(variant: type[Variant], board: Board) -> None:
    """Every card must be in exactly one slot after the deal."""
    seen: set[int] = set()
    for slot in board.slots:
        for card in slot.cards:
            if not (0 <= card.id < len(board.cards) and board.cards[card.id] is card):
                raise variant_fault(variant, "deal()",
                                    answer=f"put a card of its own making in {slot.id}")
            if card.id in seen:
                raise variant_fault(variant, "deal()", answer=f"put card {card.code} in two places")
            seen.add(card.id)
    if len(seen) != len(board.cards):
        raise variant_fault(variant, "deal()", answer=(
            f"lost {len(board.cards) - len(seen)} of {len(board.cards)} cards"))
