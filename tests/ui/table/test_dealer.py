"""The Dealer on its own, with no window: it deals through the `lay` it is given, puts the game
before back when laying fails, deals another game in place of one that cannot be dealt on an
empty table, and tells the end of a game once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pytest
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle.engine import Board, Deal, Status
from aisle.engine.game import Game
from aisle.i18n import T
from aisle.storage import Settings
from aisle.ui.table.dealer import Dealer
from aisle.ui.table.play import Player
from aisle.ui.table.scene import TableScene
from aisle.variant import Variant


class Faults:
    """Records what the window's guard would be told."""

    def __init__(self) -> None:
        self.broken_games: set[str] = set()
        self.errors: list[BaseException] = []

    def failed(self, error: BaseException) -> None:
        self.errors.append(error)


class Table:
    """The window's part of putting a game on the table: the scene gets it; `fail` makes the
    next lay raise, as a table that cannot be laid would."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.laid: list[Game | None] = []
        self.fail = False

    def lay(self, game: Game | None, deal: bool) -> None:
        self.laid.append(game)
        if self.fail:
            self.fail = False
            raise RuntimeError("the table could not be laid")
        if game is not None:
            self.scene.set_game(game, deal=deal)


@dataclass
class Parts:
    dealer: Dealer
    table: Table
    faults: Faults
    player: Player
    settings: Settings
    #: What the solver was asked for: a winnable deal of (game, options).
    winnable: list[tuple[str, Mapping[str, str] | None]]


class WonOnDeal(ToyGame):
    """Won as soon as a card lies on the waste."""

    id = "toy-won"
    name = T("Toy")

    def is_won(self, board: Board) -> bool:
        return bool(board.slot("waste").cards)


class OverWhenRed(ToyGame):
    """Over as dealt when the first pile's card is red (about every other deal)."""

    id = "toy-over-when-red"
    name = T("Toy")

    def is_lost(self, board: Board) -> bool:
        return board.slot("tableau-1").cards[0].suit in ("hearts", "diamonds")


@pytest.fixture
def parts(qtbot: QtBot) -> Parts:
    scene = TableScene()
    player = Player(scene)
    table, faults = Table(scene), Faults()
    settings = Settings(animations=False, last_game="freecell")
    winnable: list[tuple[str, Mapping[str, str] | None]] = []
    dealer = Dealer(settings, None, player, table.lay, faults, lambda: None,
                    lambda variant_id, options: winnable.append((variant_id, options)))
    return Parts(dealer, table, faults, player, settings, winnable)


def test_a_deal_is_laid_and_remembered(parts: Parts) -> None:
    dealer, table, faults = parts.dealer, parts.table, parts.faults
    assert dealer.start_game("klondike", 3)
    game = dealer.game
    assert game is not None and game.variant_id == "klondike" and game.seed == 3
    assert table.laid == [game] and table.scene.game is game
    assert not dealer.running and not faults.errors
    assert parts.settings.last_game == "klondike"


def test_a_table_that_cannot_be_laid_gets_the_game_before_back(parts: Parts) -> None:
    dealer, table, faults = parts.dealer, parts.table, parts.faults
    assert dealer.start_game("klondike", 5)
    before = dealer.game
    table.fail = True
    assert not dealer.start_game("doublets", 2)
    assert dealer.game is before and table.laid[-1] is before
    assert [str(error) for error in faults.errors] == ["the table could not be laid"]
    assert "doublets" in faults.broken_games


def test_an_empty_table_gets_another_game_when_the_asked_one_cannot_be_dealt(parts: Parts) -> None:
    dealer, faults = parts.dealer, parts.faults
    assert not dealer.start_game("no-such-game", 1)
    assert faults.errors and "no-such-game" in faults.broken_games
    game = dealer.game
    assert game is not None and game.variant_id == "freecell"  # the last game played


def test_new_game_keeps_the_options_and_asks_the_solver_for_winnable_deals_only(
        parts: Parts) -> None:
    dealer = parts.dealer
    assert dealer.start_game("klondike", 5, {"deal": "three"})
    before = dealer.game
    dealer.new_game()
    game = dealer.game
    assert game is not None and game is not before and game.options["deal"] == "three"
    parts.settings.winnable_only = True
    dealer.new_game()
    assert dealer.game is game
    assert [(variant_id, dict(options or {})) for variant_id, options in parts.winnable] == [
        ("klondike", dict(game.options))]


def test_every_deal_at_random_asks_for_a_winnable_deal_with_winnable_deals_only(
        parts: Parts, qtbot: QtBot) -> None:
    dealer, settings = parts.dealer, parts.settings
    dealer.deal("klondike")
    game = dealer.game
    assert game is not None and game.variant_id == "klondike" and not parts.winnable
    settings.winnable_only = True
    dealer.deal("freecell")
    dealer.deal_with_options("klondike", {"deal": "three"})
    assert not parts.winnable  # once the signals of the menu chosen from are through
    qtbot.waitUntil(lambda: len(parts.winnable) == 2)
    assert [(variant_id, dict(options or {})) for variant_id, options in parts.winnable] == [
        ("freecell", {}), ("klondike", {"deal": "three"})]
    assert dealer.game is game and settings.options["klondike"] == {"deal": "three"}


def test_only_a_deal_at_random_not_played_yet_may_give_way(parts: Parts) -> None:
    dealer, player = parts.dealer, parts.player
    assert dealer.start_game("klondike")
    assert dealer.replaceable()
    assert player.act(Deal())
    assert not dealer.replaceable()  # the player's game now
    dealer.restart()
    assert not dealer.replaceable()
    assert dealer.start_game("klondike", 7)
    assert not dealer.replaceable()  # the deal asked for by its number


def test_the_end_of_a_game_is_told_once(parts: Parts, register: Callable[[type[Variant]], None]
                                        ) -> None:
    dealer, player = parts.dealer, parts.player
    register(WonOnDeal)
    assert dealer.start_game("toy-won", 4)
    ended: list[bool] = []
    changes: list[None] = []
    dealer.ended.connect(ended.append)
    dealer.changed.connect(lambda: changes.append(None))
    assert player.act(Deal())
    assert dealer.running and ended == [True] and len(changes) == 1
    player.changed.emit()  # another look at the same ended game
    assert ended == [True] and len(changes) == 2


def test_a_deal_at_random_is_never_over_before_its_first_move_a_deal_by_number_may_be(
        parts: Parts, register: Callable[[type[Variant]], None]) -> None:
    dealer = parts.dealer
    register(OverWhenRed)
    for _deal in range(12):
        assert dealer.start_game("toy-over-when-red")
        assert dealer.game is not None and dealer.game.status is Status.PLAYING
    over = next(seed for seed in range(1, 50)
                if Game.new(OverWhenRed, seed).status is Status.LOST)
    assert dealer.start_game("toy-over-when-red", over)  # asked for: dealt as it is
    assert dealer.game is not None and dealer.game.seed == over and dealer.game.status is Status.LOST
