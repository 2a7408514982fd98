"""The start-up before the window: what was asked for, and the Qt-free work done first.

Settings, language, statistics, a saved game to resume and the plugin of the game to show are
all read here, before PySide6 is imported. Order matters for speed: once PySide6 is loaded it
reads the source of every module imported after it (to look for its ``__feature__`` switches),
so pure-Python modules imported ahead of it start faster.

Nothing here waits for a third-party plugin: when the game to show (a saved game, or the last
game played) is not one of Aisle's own, every plugin starts loading in a worker thread at once,
the window shows its table empty with "Games are still loading", and deals the game once they
are in (`Dealer.deal_pending`, aisle.ui.table.dealer). A plugin that takes a minute to import
costs that game a minute, never the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from aisle import i18n
from aisle.registry.loading import available_variants, find_variant, load_in_background, plugins_ready

if TYPE_CHECKING:
    from aisle.session import Session
    from aisle.storage import Settings

#: The game dealt when neither the command line nor the settings name one.
FIRST_GAME = "klondike"


class Launch(NamedTuple):
    """What the command line asks for (None: the settings or the saved game decide)."""

    game: str | None = None
    seed: int | None = None
    language: str | None = None
    screenshot: str | None = None
    size: tuple[int, int] = (1280, 800)
    #: The size the command line asked for (None: the window's own, as last left).
    asked_size: tuple[int, int] | None = None


class Start:
    """The settings, the session and the problems met reading them, ready for the window."""

    def __init__(self, settings: Settings, session: Session, problems: list[i18n.Text]) -> None:
        self.settings = settings
        self.session = session
        #: Files that could not be used, in the order they were read; shown once the window is up.
        self.problems = problems
        #: Aisle has never run here: the window greets a newcomer (see aisle.ui.dialogs.first_start).
        self.first_start = False


def prepare(launch: Launch, read_only: bool = False) -> Start:
    """Read the settings and statistics, pick the language, resume the saved game if the command
    line asks for no game or deal, and load the plugin of the game that will be shown.
    `read_only`: another Aisle owns the data folder, so this one writes nothing there."""
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings, first_start

    newcomer = first_start() and not read_only
    settings, problems = Settings.load()
    if problems and settings == Settings() and not read_only:
        # The settings file could not be used at all (it was kept aside and the player told):
        # the start is a newcomer's again, with a newcomer's defaults and question.
        newcomer = True
    if newcomer:
        # A newcomer's defaults: safe cards go up by themselves (the window offers more).
        settings.auto_up = True
    language = launch.language or settings.language or i18n.system_language()
    if language in i18n.LANGUAGES:
        i18n.set_language(language)
    stats, stats_problems = Statistics.load()
    session = Session(stats)
    session.read_only = read_only
    if launch.game is None and launch.seed is None:
        problem = session.resume(wait=False)
        if problem is not None:
            problems.append(problem)
    else:
        session.keep_left_game = True  # a game under way in the save is kept, not lost
    # The plugin of the game to deal is imported now, before Qt, like the rest of this.
    if launch.game is not None:
        find_variant(launch.game)
    elif session.game is None and (session.resume_later or default_game(
            settings, wait=False) is None) and not plugins_ready():
        # Known once every plugin is in: they load now, beside Qt's import.
        load_in_background(lambda: None)
    start = Start(settings, session, problems + stats_problems)
    start.first_start = newcomer
    return start


def default_game(settings: Settings, wait: bool = True) -> str | None:
    """The game to deal when none is asked for: the last one played, else Klondike, else the
    first installed (in id order). With `wait` False no plugin is waited for: None then also
    means "known once every plugin is loaded" (while `plugins_ready()` is False)."""
    for candidate in (settings.last_game, FIRST_GAME):
        if not candidate:
            continue
        if find_variant(candidate, wait=wait) is not None:
            return candidate
        if not plugins_ready():
            return None  # is it installed? only every plugin can say
    known = available_variants()
    return min(known) if known else None
