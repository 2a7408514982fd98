"""The Dealer: the game on the table, and every way a game gets there.

A new deal, a deal by number or with other options, a restart, a resumed or opened saved game,
the game that waited for the plugins at the start, a saved game that waited for its plugin:
each goes through `Dealer.show_game`, which puts a game on the table as a whole or not at all.

All or nothing: a game is first asked everything the window shows of it (status, score, status
line, what the stock does); a plugin that fails there fails before anything changed, and the
game on the table stays. Then the table shows it with nothing kept of the game before (`lay`:
its focus, selection, drag, hints, animations and end dialog belonged to other slots and
cards). If that fails all the same, the game before is put back as a whole. Only once the new
game shows is it handed to the session, so statistics and the saved game never run ahead of the
table. A game that cannot be shown is never the end of a start: a resumed save is kept waiting
for its plugin (see aisle.waiting), and an empty table gets another game that works.

The Dealer knows no window: it gets the few parts it uses (the settings, the session, the
player, the table's `lay`, the window's faults and its look at the session's problems) and
talks back through its signals. It lives in the table's room so that every room that deals (the
solver's winnable deals, the dialogs that open a game, the window) sits above it.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from aisle.engine.actions import Deal
from aisle.engine.game import RANDOM_DEALS, Game, Status
from aisle.launch import FIRST_GAME, default_game
from aisle.registry.faults import culprit_of
from aisle.registry.games import new_game
from aisle.registry.loading import find_variant, games_so_far

if TYPE_CHECKING:
    from aisle.session import Session
    from aisle.storage import Settings
    from aisle.ui.table.play import Player
    from aisle.waiting import Waiting

log = logging.getLogger(__name__)

#: How many deals at random over before their first move are passed over, at most, for another.
_DEAD_DEALS_SKIPPED = 20


class Faults(Protocol):
    """The one path every failure takes (the window's guard), and the games that failed."""

    #: Games whose plugin failed in this run (never dealt again as a way out).
    broken_games: set[str]

    def failed(self, error: BaseException) -> object: ...


#: Shows a game on the table (None: an empty table), `deal` animating its cards in, with
#: nothing kept of the game before; everything shown of it follows (menus, titles, status).
Lay = Callable[[Game | None, bool], None]
#: Deals the next deal the solver proves winnable (the variant id and its options, None: the
#: player's own for it).
DealWinnable = Callable[[str, Mapping[str, str] | None], None]


def probe(game: Game) -> None:
    """Ask `game` what the window shows of it; a plugin's fault raises here (VariantError)."""
    if game.status is Status.PLAYING and game.variant.has_deal_action:
        game.why_not(Deal())
    _ = (game.score, game.max_score, game.status_text)


class Dealer(QObject):
    #: The game on the table changed (a move, an undo): the window follows.
    changed = Signal()
    #: The game on the table came to its end: True won, False lost.
    ended = Signal(bool)
    #: Files that could not be used, to tell the player once (a list of `aisle.i18n.Text`).
    problems = Signal(object)

    def __init__(self, settings: Settings, session: Session | None, player: Player, lay: Lay,
                 faults: Faults, tell_problems: Callable[[], None],
                 deal_winnable: DealWinnable, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._session = session
        self._player = player
        self._lay = lay
        self._faults = faults
        self._tell_problems = tell_problems
        self._deal_winnable = deal_winnable
        self._game: Game | None = None
        self._announced: Status = Status.PLAYING
        #: The game's time runs: it has been played since it was put on the table.
        self.running = False
        #: The deal number asked for at the start, while its game waits for the plugins.
        self.pending_seed: int | None = None
        #: The game on the table is a deal at random, not one the player asked for by its
        #: number (nor a resumed or restarted one): Winnable Deals Only may deal another in
        #: its place while it is not played yet (`replaceable`).
        self.random_deal = False
        player.changed.connect(self._after_change)

    @property
    def game(self) -> Game | None:
        return self._game

    # -- which game -----------------------------------------------------------------------------
    def default_game(self) -> str | None:
        """The game to deal when none is asked for, never waiting for plugins: None also while
        it is known only once they are in (a saved game or the last game played of a plugin
        not loaded yet); `deal_pending` deals it then."""
        if self._session is not None and self._session.resume_later:
            return None
        return default_game(self._settings, wait=False)

    def options_for(self, variant_id: str) -> dict[str, str]:
        info = find_variant(variant_id)
        if info is None:
            return {}
        # Never played with options of its own: a newcomer's gentler start, if the game has one.
        saved = self._settings.options.get(variant_id, info.variant.first_options)
        try:
            return info.variant.resolve_options(saved)
        except ValueError:  # options an older version of the game offered
            return info.variant.default_options()

    # -- dealing --------------------------------------------------------------------------------
    def first_game(self, resumed: Game | None, variant_id: str | None, seed: int | None) -> None:
        """The start's game: the one resumed, else a deal of the game asked for (else the usual
        one) with the deal number asked for; when the game is known only once the plugins are
        in, the number waits for `deal_pending`."""
        if resumed is not None:
            self.show_game(resumed)
            return
        variant_id = variant_id or self.default_game()
        if variant_id is not None:
            self.start_game(variant_id, seed)
        else:
            self.pending_seed = seed

    def start_game(self, variant_id: str, seed: int | None = None,
                   options: Mapping[str, str] | None = None) -> bool:
        """Deal a game (a random deal number unless given) and put it on the table."""
        at_random = seed is None
        chosen = dict(options) if options is not None else self.options_for(variant_id)
        try:
            game = new_game(variant_id, seed, chosen) if seed is not None else self._live_deal(
                variant_id, chosen)
        except Exception as error:  # a broken game plugin, reported and survived
            self._faults.failed(error)
            self._faults.broken_games.add(variant_id)
            if self._game is None:
                self.deal_another(variant_id)
            return False
        shown = self.show_game(game, fresh=True)
        if shown:
            self.random_deal = at_random
        return shown

    @staticmethod
    def _live_deal(variant_id: str, options: Mapping[str, str]) -> Game:
        """A deal at random that is not over before the first move: a game that ends when no
        card can ever go up (every card in sight, no stock) may deal one now and then, and a
        player who asked for any deal never wants that one. A deal asked for by its number is
        dealt as it is."""
        chance = random.SystemRandom()
        game = new_game(variant_id, chance.randint(*RANDOM_DEALS), options)
        for _again in range(_DEAD_DEALS_SKIPPED):
            if game.status is Status.PLAYING:
                break
            game = new_game(variant_id, chance.randint(*RANDOM_DEALS), options)
        return game

    def deal(self, variant_id: str, options: Mapping[str, str] | None = None) -> None:
        """A new deal of `variant_id` at random (with `options`, else the player's for it): one
        the solver proves winnable when the player asked for those only."""
        if self._settings.winnable_only:
            # Once the menu's or the dialog's signals are through: anything else the player
            # does ends a search for a winnable deal, and choosing this game is such a thing.
            QTimer.singleShot(0, self, lambda: self._deal_winnable(variant_id, options))
        else:
            self.start_game(variant_id, options=options)

    def replaceable(self) -> bool:
        """Whether the game on the table is a deal at random not played yet, which a winnable
        deal may take the place of (nothing of the player's is lost)."""
        game = self._game
        return game is not None and self.random_deal and not game.started and self._playing(game)

    def under_way(self) -> bool:
        """Whether the game on the table has moves and is not over: leaving it for another
        counts it as lost."""
        game = self._game
        return game is not None and game.started and self._playing(game)

    @staticmethod
    def _playing(game: Game) -> bool:
        try:
            return game.status is Status.PLAYING
        except Exception:  # a game whose plugin broke (the guard tells of it): not one to keep
            return False

    def new_game(self) -> None:
        """Another deal of the game on the table (else the usual game), with its options; one
        the solver proves winnable when the player asked for those only."""
        game = self._game
        variant_id = game.variant_id if game else self.default_game()
        options = game.options if game else None
        if variant_id is not None and self._settings.winnable_only:
            self._deal_winnable(variant_id, options)
        elif variant_id is not None:
            self.start_game(variant_id, options=options)

    def deal_with_options(self, variant_id: str, options: Mapping[str, str]) -> None:
        """Deal `variant_id` with `options`, remembered as the player's for it."""
        self._settings.options[variant_id] = dict(options)
        self.deal(variant_id, options)

    def restart(self) -> None:
        """Put this deal on the table again, as it was dealt (the session follows once it shows)."""
        game = self._game
        if game is None:
            return
        try:
            again = game.restarted()
        except Exception as error:
            self._faults.failed(error)
            return
        if self.show_game(again) and self._session is not None:
            self._session.restart(again)

    def deal_another(self, failed: str) -> None:
        """Deal a game that has not failed in this run in place of `failed`, if there is one: the
        last one played, else Klondike, else the first installed."""
        excluded = {failed, *self._faults.broken_games}
        for candidate in (self._settings.last_game, FIRST_GAME, *sorted(games_so_far())):
            if candidate and candidate not in excluded and find_variant(candidate) is not None:
                self.start_game(candidate)
                return

    # -- saved games ------------------------------------------------------------------------------
    def deal_pending(self) -> None:
        """Once every plugin is in: put the game that waited for them on a table still empty
        (the saved game if it can be resumed now, else the game a start would deal)."""
        session = self._session
        if self._game is not None:
            if session is not None:
                session.resume_later = False  # another game was chosen meanwhile: it stays
            return
        if session is not None and session.resume_later:
            problem = session.resume()
            problems = ([problem] if problem is not None else []) + session.take_problems()
            if problems:
                self.problems.emit(problems)
            if session.game is not None:
                self.show_game(session.game)
                return
        variant_id = self.default_game()
        seed, self.pending_seed = self.pending_seed, None
        if variant_id is not None and variant_id not in self._faults.broken_games:
            self.start_game(variant_id, seed)

    def resume_waiting(self, entry: Waiting) -> None:
        """Put a saved game that waited for its game on the table, as a whole or not at all;
        only then does the session leave the game on the table (counted as any game left).
        Kept waiting when it cannot be shown."""
        from aisle import waiting

        session = self._session
        assert session is not None
        restored = session.restore_waiting(entry)
        if not isinstance(restored, Game):
            self.problems.emit([restored])
            return
        game = restored
        if not self.switch(game, lambda: session.adopt_waiting(entry, game)):
            info = games_so_far().get(entry.variant_id)
            waiting.hold(entry, waiting.plugin_version(info) if info is not None else None)

    # -- on the table -----------------------------------------------------------------------------
    def show_game(self, game: Game, fresh: bool = False) -> bool:
        """Put `game` on the table (a new deal with `fresh`, else a resumed or restarted one),
        as a whole or not at all; False when it could not be."""
        session = self._session

        def commit() -> None:
            if session is not None and fresh:
                session.start(game)
                self._tell_problems()

        return self.switch(game, commit)

    def switch(self, game: Game, commit: Callable[[], None] | None = None) -> bool:
        """Show `game` instead of the game on the table, as a whole or not at all; `commit` runs
        once it shows (the session takes it up). False when it could not be shown: then the game
        before is on the table again, or another game when there was none."""
        previous = self._game
        try:
            probe(game)
        except Exception as error:
            self._faults.failed(error)
            self._not_shown(game, error)
            return False
        try:
            self.put_on_table(game)
        except Exception as error:
            self._faults.failed(error)
            self._put_back(previous)
            self._not_shown(game, error)
            return False
        if commit is not None:
            commit()
        self._settings.remember_game(game.variant_id)
        return True

    def put_on_table(self, game: Game | None, deal: bool = True) -> None:
        """Show `game` (None: an empty table) with nothing kept of the game before (see
        `show_game`, the way a game is put on the table as a whole)."""
        self._game = game
        self.random_deal = False  # `start_game` says so of a deal at random, once it shows
        self.running = game is not None and game.started
        self._announced = game.status if game is not None else Status.PLAYING
        self._lay(game, deal)

    def _put_back(self, previous: Game | None) -> None:
        try:
            self.put_on_table(previous, deal=False)
        except Exception:
            log.exception("the game before could not be put back; the table is left empty")
            self.put_on_table(None)

    def _not_shown(self, game: Game, error: BaseException) -> None:
        """After `game` failed to show: a resumed save keeps waiting; an empty table gets another
        game."""
        self._faults.broken_games.add(game.variant_id)
        session = self._session
        if session is not None and session.game is game:
            culprit = culprit_of(error)
            session.put_off(f"{culprit.distribution} {culprit.version}" if culprit else None)
            self._tell_problems()
        if self._game is None:
            self.deal_another(game.variant_id)

    def _after_change(self) -> None:
        """After every move, undo and redo: the session and the window follow, and the end of
        the game is told once."""
        session = self._session
        player = self._player
        if session is not None:
            player.ask(lambda _game: session.note_change())  # asks the game's status
            self._tell_problems()
            # Off the GUI path: the writer thread tells a failure (the window's FailureRelay).
            player.ask(lambda _game: session.autosave())
        self.running = True
        self.changed.emit()
        if self._game is not None:
            status: Status = player.ask(lambda g: g.status, self._announced)
            if status is not self._announced:
                self._announced = status
                if status is not Status.PLAYING:
                    self.ended.emit(status is Status.WON)
