"""The solver in the window: the verdict in the status bar, the notice when a move loses a
winnable game (and the undo back), winnable deals only, Show Me How, and hints from the
solution.

All the solving happens in a worker process (see aisle.solver.background); nothing here waits
for it. The window calls `refresh` after every change, `solution_hint` on Hint and `close` on
leaving; the Dealer (aisle.ui.table.dealer) calls `new_game` for New Game with winnable deals
only, and deals the deal found. Only the actions and the status-bar label are made with the
window; the rest (and its imports) once the table is on screen. The window hands in the few
parts used here (see `SolverFeatures`) and wires the rest.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QStatusBar

from aisle.engine.actions import Action, Deal, DoubleClick, Move
from aisle.engine.game import RANDOM_DEALS, Game, Status
from aisle.i18n import TN, T, Text, _
from aisle.ui.qt.first_frame import after_first_frame
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.solver.indicator import SolverIndicator

if TYPE_CHECKING:
    from aisle.session import Session
    from aisle.storage import Settings
    from aisle.ui.menus.actions import WindowActions
    from aisle.ui.solver.deals import DealSearch
    from aisle.ui.solver.notice import UnwinnableNotice
    from aisle.ui.solver.service import SolverService
    from aisle.ui.solver.show import SolutionPlayer
    from aisle.ui.solver.watch import SolverWatch
    from aisle.ui.table.view import TableView
    from aisle.variant import Hint

#: The solver the worker runs ("module:function"); None: Aisle's own. Tests put theirs here.
SOLVE_PATH: str | None = None
#: Messages about work under way (looking for a deal, showing a win) stay until it ends.
_UNTIL_DONE_MS = 3_600_000
#: How often the count of deals tried is brought up to date while looking for a winnable deal.
_COUNT_EVERY_S = 0.25
_NOT_FOUND_MS = 15_000


class Table(Protocol):
    """The game on the window's table, and dealing another (the Dealer answers)."""

    @property
    def game(self) -> Game | None: ...

    def options_for(self, variant_id: str) -> dict[str, str]: ...

    def start_game(self, variant_id: str, seed: int | None = None,
                   options: Mapping[str, str] | None = None) -> bool: ...

    def replaceable(self) -> bool: ...


class StatusMessages(Protocol):
    """The status bar and its passing messages (the window's status line)."""

    @property
    def bar(self) -> QStatusBar: ...

    def say(self, text: Text, ms: int = ..., spoken: bool = ...) -> None: ...

    def quiet(self) -> None: ...

    @property
    def passing(self) -> Text | None: ...


class SolverFeatures(QObject):
    """The solver's actions and messages in `window` (which holds the actions, listed in
    `acts`' menus); `view` shows the table and plays on it, `table` has its game, `status` says
    how the solver is doing; `settings` keep the player's choices, and `session` (None: no
    statistics) learns of a game shown to the player."""

    def __init__(self, window: QMainWindow, acts: WindowActions, view: TableView, table: Table,
                 status: StatusMessages, settings: Settings, session: Session | None) -> None:
        super().__init__(window)
        self._window = window
        self._acts = acts
        self._view = view
        self._table = table
        self._status = status
        #: When the count of deals tried was last shown (`_looking`).
        self._count_shown = 0.0
        self._settings = settings
        self._session = session
        self.indicator = SolverIndicator(status.bar)
        self._parts: tuple[SolverService, SolverWatch, DealSearch, SolutionPlayer] | None = None
        self._closed = False
        #: The show's instruction was read out (a screen reader hears it once a show, not
        #: around every step).
        self._told_showing = False
        #: Presses of mouse buttons and keys on the table (set when the table is on screen).
        self._table_input: tuple[QEvent.Type, ...] = ()
        #: The table has been on screen: the solver may be asked.
        self.ready = False
        self.notice: UnwinnableNotice | None = None
        #: The "this deal may not be winnable" message of a search that gave up, while it may be
        #: shown (`_doubt_settled` takes it back when the solver later proves the deal winnable).
        self._doubt: Text | None = None
        #: The game on the table when a deal search began, its depth and moves then.
        self._origin: tuple[Game | None, int, int] = (None, 0, 0)
        self.winnable_only = _make(window, "winnable_only", checkable=True)
        self.undo_to_winnable = _make(window, "undo_to_winnable")
        self.show_me_how = _make(window, "show_me_how")
        _insert_after(acts.game_menu, acts.new_by_number, self.winnable_only)
        _insert_after(acts.control_menu, acts.redo, self.undo_to_winnable)
        _insert_after(acts.control_menu, acts.hint, self.show_me_how)
        self.winnable_only.setChecked(settings.winnable_only)
        self.winnable_only.toggled.connect(self._set_winnable_only)
        acts.show_verdict.setChecked(settings.show_verdict)
        self.indicator.setVisible(settings.show_verdict)
        acts.show_verdict.toggled.connect(self._set_show_verdict)
        self.undo_to_winnable.triggered.connect(lambda _checked=False: self.undo_to_last_winnable())
        self.show_me_how.triggered.connect(lambda _checked=False: self.toggle_show())
        self._watch_input()
        follow_language(window, self.retranslate)
        self.retranslate()
        self.update_actions()
        # Once the table is on screen: neither the imports nor the worker delay it.
        after_first_frame(view.viewport(), self._begin)

    def _begin(self) -> None:
        if self._closed:
            return
        self._table_input = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick,
                             QEvent.Type.KeyPress)
        self._view.installEventFilter(self)
        self._view.viewport().installEventFilter(self)
        # The window's solver parts in this turn of the event loop, the solver's own modules in
        # the next, its worker started in the one after: a first click waits for one of them.
        self._made()
        QTimer.singleShot(0, self, self._import_solver)

    def _import_solver(self) -> None:
        import aisle.solver.background  # noqa: F401 - imported now, used by the next turn

        QTimer.singleShot(0, self, self._begin_asking)

    def _begin_asking(self) -> None:
        if self._closed:
            return
        self.ready = True
        if not self.searching:
            self.watch.allow_asking(True)
        if self._settings.winnable_only:
            self._winnable_on_table()  # a start's deal at random, with winnable deals only

    # -- the parts, made when first needed --------------------------------------------------------
    def _made(self) -> tuple[SolverService, SolverWatch, DealSearch, SolutionPlayer]:
        if self._parts is None:
            from aisle.ui.solver.deals import DealSearch
            from aisle.ui.solver.service import SolverService
            from aisle.ui.solver.show import SolutionPlayer
            from aisle.ui.solver.watch import SolverWatch

            service = SolverService(SOLVE_PATH, self)
            watch = SolverWatch(service, self.indicator, self)
            search = DealSearch(service, watch.knowledge, self)
            shower = SolutionPlayer(self._view.player, watch, self)
            self._parts = service, watch, search, shower
            watch.changed.connect(self.update_actions)
            watch.changed.connect(self._doubt_settled)
            watch.fell.connect(self._tell_fall)
            watch.troubled.connect(self._tell_trouble)
            watch.follow(self._table.game)
        return self._parts

    @property
    def service(self) -> SolverService:
        return self._made()[0]

    @property
    def watch(self) -> SolverWatch:
        return self._made()[1]

    @property
    def search(self) -> DealSearch:
        return self._made()[2]

    @property
    def shower(self) -> SolutionPlayer:
        return self._made()[3]

    @property
    def searching(self) -> bool:
        return self._parts is not None and self._parts[2].active

    @property
    def showing(self) -> bool:
        return self._parts is not None and self._parts[3].running

    # -- called by the window ------------------------------------------------------------------
    def refresh(self) -> None:
        """After every change of the game on the table (and whenever the window refreshes)."""
        if self._parts is not None:
            game = self._table.game
            if self.searching and self._origin != _where(game):
                self.cancel_search()  # the player went on with something else
            if not self.searching:
                self.watch.follow(game)
            if self.showing:  # each step's change quiets the status bar: shown again
                self._status.say(T("Showing the way to a win. Click or press a key to play "
                                   "on yourself."), _UNTIL_DONE_MS, spoken=not self._told_showing)
                self._told_showing = True
        self.update_actions()

    def solution_hint(self) -> Hint | None:
        """The next move of the known solution (None when no solution is known)."""
        game = self._table.game
        solution = self._parts[1].solution() if self._parts is not None else ()
        if game is None or not solution:
            return None
        from aisle.variant import Hint

        action = solution[0]
        own = self._view.player.ask(lambda g: g.hint())
        if isinstance(own, Hint) and own.action == action:
            return own  # the game's own words for the same move
        return Hint(describe(game, action), action)

    def new_game(self, variant_id: str, options: Mapping[str, str] | None) -> None:
        """Deal the next deal the solver proves winnable, from a random deal number on."""
        self.shower.stop()
        chosen = dict(options) if options is not None else self._table.options_for(variant_id)
        self.watch.allow_asking(False)
        self._origin = _where(self._table.game)
        self.search.start(variant_id, chosen, random.SystemRandom().randint(*RANDOM_DEALS),
                          self._looking, lambda seed, proven: self._found(variant_id, chosen, seed, proven))
        self.update_actions()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._parts is not None:
            self.shower.stop()
            self.search.cancel()
            self.service.close()

    # -- actions ----------------------------------------------------------------------------
    def undo_to_last_winnable(self) -> None:
        game = self._table.game
        depth = self.watch.winnable_depth()
        if game is None or depth is None:
            return
        steps = len(game.history) - depth
        player = self._view.player
        player.before_action()
        player.ask(lambda g: [g.undo() for _step in range(steps)])
        player.after_change()

    def can_undo_to_winnable(self) -> bool:
        """Whether the solver knows a position some moves back that could still be won."""
        parts = self._parts
        return parts is not None and not parts[2].active and parts[1].winnable_depth() is not None

    def toggle_show(self) -> None:
        if self.showing:
            self.shower.stop()
            return
        if not self.watch.solution():
            return
        if self._session is not None:
            self._session.mark_assisted()  # a game shown to the player is not a win of theirs
        self.shower.start(self._show_ended)
        self.refresh()

    def _show_ended(self) -> None:
        self._told_showing = False  # the next show's instruction is said again
        self._status.quiet()
        self.update_actions()

    def cancel_search(self) -> None:
        if self.searching:
            self.search.cancel()
            self._status.quiet()
            self.watch.allow_asking(self.ready)
            self.update_actions()

    def update_actions(self) -> None:
        game = self._table.game
        parts = self._parts
        if parts is None:
            self.show_me_how.setEnabled(False)
            self.undo_to_winnable.setEnabled(False)
            return
        watch, searching = parts[1], parts[2].active
        playing = game is not None and game.status is Status.PLAYING and not searching
        self.show_me_how.setEnabled(self.showing or (playing and bool(watch.solution())))
        self.undo_to_winnable.setEnabled(not searching and watch.winnable_depth() is not None)

    def retranslate(self) -> None:
        texts = {
            self.winnable_only: (_("&Winnable Deals Only"),
                                 _("Deal only games the solver has proven winnable")),
            self.undo_to_winnable: (_("Undo to Last &Winnable Position"),
                                    _("Take back moves until the game can be won again")),
            self.show_me_how: (_("Show &Me How"),
                               _("Let the solver play the game to a win (it does not count "
                                 "as your win)")),
        }
        for action, (text, tip) in texts.items():
            action.setText(text)
            action.setStatusTip(tip)
            action.setToolTip(tip)
        self.indicator.retranslate()

    # -- inside ------------------------------------------------------------------------------
    def _set_winnable_only(self, on: bool) -> None:
        self._settings.winnable_only = on
        if on:
            self._winnable_on_table()

    def winnable_first_deal(self) -> None:
        """The newcomer's first deal gives way to one the solver proves winnable, as with
        winnable deals only, though the player chose any deal for the games after it."""
        if not self._closed:  # the welcome box may outlive a window closed first
            self._winnable_on_table()

    def _winnable_on_table(self) -> None:
        """With winnable deals only: a deal at random on the table that nobody has played yet,
        and that the solver has not proven winnable, gives way to one it proves winnable (the
        first start's deal, the deal on the table when the player turns the option on)."""
        game = self._table.game
        if self._closed or game is None or self.searching or not self._table.replaceable():
            return
        if self._parts is not None:
            from aisle.solver.result import Verdict

            known = self.watch.current
            if known is not None and known.verdict is Verdict.WON:
                return
        self.new_game(game.variant_id, game.options)

    def _set_show_verdict(self, on: bool) -> None:
        # Hidden, not stopped: Hint, Show Me How and the undo back still use what the solver knows.
        self._settings.show_verdict = on
        self.indicator.setVisible(on)

    def _looking(self, tried: int) -> None:
        # Said once (a screen reader too); then only the count on screen moves on, a few times
        # a second at most: quick games try a deal every few milliseconds.
        now = time.monotonic()
        if tried > 1 and now - self._count_shown < _COUNT_EVERY_S:
            return
        self._count_shown = now
        self._status.say(T("Looking for a winnable deal… (try {number})", number=tried),
                         _UNTIL_DONE_MS, spoken=tried == 1)

    def _found(self, variant_id: str, options: dict[str, str], seed: int, proven: bool) -> None:
        self.watch.asking_allowed = self.ready  # the new deal's table asks (or knows) at once
        if not self._table.start_game(variant_id, seed, options):
            self.watch.allow_asking(self.ready)
            return
        if not proven:
            self._doubt = TN("No winnable deal was found in one try; this deal may not be "
                             "winnable.", "No winnable deal was found in {n} tries; this "
                             "deal may not be winnable.", self.search.tried)
            self._status.say(self._doubt, _NOT_FOUND_MS)

    def _doubt_settled(self) -> None:
        """The quiet longer search proved the dealt deal winnable after all: the doubt goes
        (the status bar's verdict says Winnable; both at once would contradict each other)."""
        doubt = self._doubt
        if doubt is None:
            return
        if self._status.passing is not doubt:
            self._doubt = None  # gone already, or another message took its place
            return
        from aisle.solver.result import Verdict

        known = self.watch.current
        if known is not None and known.verdict is Verdict.WON:
            self._doubt = None
            self._status.quiet()

    def _tell_trouble(self, reason: Text) -> None:
        """Why the verdict says Unknown, when the solver gave no answer of its own (a game's
        solver code that never returns, say): the tooltip keeps it, the status bar says it."""
        if self._settings.show_verdict:
            self._status.say(reason)

    def _tell_fall(self, turns_back: int) -> None:
        game = self._table.game
        if self.showing or game is None or game.status is not Status.PLAYING:
            return  # a game the rules end has its own message
        if not self._settings.show_verdict:
            return  # the player chose not to be told
        if self.notice is not None or QApplication.activeModalWidget() is not None:
            self._status.say(T("This game cannot be won any more."))
            return
        from aisle.ui.solver.notice import UnwinnableNotice

        notice = self.notice = UnwinnableNotice(turns_back, self._window)

        def done(_result: int) -> None:
            self.notice = None
            notice.deleteLater()
            if notice.chosen == "undo":
                self.undo_to_last_winnable()

        notice.finished.connect(done)
        notice.open()

    def _watch_input(self) -> None:
        """Anything the player does ends a showing (their own actions excepted: New Game starts
        its search afresh, Show Me How stops itself); a deal search ends only at what plays on
        or changes the game (a look at the status, the help, the statistics or the view lets
        it go on: the deal it finds is what the player asked for)."""
        acts = self._acts
        own = {self.show_me_how, acts.new_game}
        looking = {acts.statistics, acts.read_status}
        looking_menus = {acts.view_menu, acts.language_menu, acts.theme_menu, acts.help_menu}
        for menu in looking_menus:
            looking.update(menu.actions())
        for action in self._window.actions():
            if action not in own:
                action.triggered.connect(
                    lambda _checked=False, seen=action: self.player_acted(passive=seen in looking))

        def from_menu(action: QAction, menu: QMenu | None) -> None:
            if action not in own:
                self.player_acted(passive=menu in looking_menus or action in looking)

        for menu in acts.menus():  # also the actions made later (options, recent, languages)
            menu.triggered.connect(lambda action, shown=menu: from_menu(action, shown))
        acts.toolbar.actionTriggered.connect(lambda action: from_menu(action, None))

    def player_acted(self, passive: bool = False) -> None:
        """The player did something: a showing stops; a deal search too, unless `passive` (a
        look that leaves the game as it is)."""
        if not passive:
            self.cancel_search()
        if self.showing:
            self.shower.stop()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() in self._table_input:
            # Moving the keyboard focus over the table plays nothing.
            self.player_acted(passive=isinstance(event, QKeyEvent) and event.key() in _looking_keys())
        return False


@cache
def _looking_keys() -> frozenset[int]:
    """Keys that only move the keyboard focus over the table (aisle.ui.table.keyboard). Made at
    the first key, not on import: Qt's namespace costs milliseconds before the first frame."""
    from PySide6.QtCore import Qt

    return frozenset((Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                      Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home, Qt.Key.Key_End,
                      Qt.Key.Key_Tab, Qt.Key.Key_Backtab))


def describe(game: Game, action: Action) -> Text:
    """A hint's words for an action of a solution."""
    from aisle.slot_sentences import DOUBLE_CLICK, MOVE_ONTO
    from aisle.variant import card_name

    # Sentences that name a slot are written out whole per slot (aisle.slot_sentences).
    if isinstance(action, Move):
        source = game.slot(action.source)
        return game.variant.slot_sentence(MOVE_ONTO, game.slot(action.target),
                                          cards=card_name(source.cards[-action.count]))
    if isinstance(action, Deal):
        return T("Click the stock.")
    if isinstance(action, DoubleClick):
        return game.variant.slot_sentence(DOUBLE_CLICK, game.slot(action.slot))
    return T("Send every card that can go up to the foundations.")


def _where(game: Game | None) -> tuple[Game | None, int, int]:
    return (game, len(game.history), game.moves) if game is not None else (None, 0, 0)


def _make(window: QMainWindow, name: str, checkable: bool = False) -> QAction:
    action = QAction(window)
    action.setObjectName(name)
    action.setCheckable(checkable)
    window.addAction(action)
    return action


def _insert_after(menu: QMenu, after: QAction, action: QAction) -> None:
    actions = menu.actions()
    index = actions.index(after) + 1 if after in actions else len(actions)
    if index < len(actions):
        menu.insertAction(actions[index], action)
    else:
        menu.addAction(action)
