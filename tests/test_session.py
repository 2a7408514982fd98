"""The life of a game: when it counts, restart, save on quit and resume exactly."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from toy_game import ToyGame

from aisle import waiting
from aisle.engine import Board, Deal, Game, Move, Status
from aisle.registry import collect, loading, manager, specs
from aisle.registry.collect import VariantInfo
from aisle.registry.games import new_game
from aisle.session import Session
from aisle.stats import Statistics, StatsEntry

SEED = 123_456_789_012_345


class QuickWin(ToyGame):
    """The toy game, won as soon as two cards lie on the waste (so a test can win it)."""

    id = "quick-win"

    def is_won(self, board: Board) -> bool:
        return len(board.slot("waste").cards) >= 2


class QuickLoss(ToyGame):
    """The toy game, lost as soon as a card lies on the waste."""

    id = "quick-loss"

    def is_won(self, board: Board) -> bool:
        return False

    def is_lost(self, board: Board) -> bool:
        return bool(board.slot("waste").cards)


VARIANTS: dict[str, type[ToyGame]] = {"toy": ToyGame, "quick-win": QuickWin, "quick-loss": QuickLoss}




def new_session() -> Session:
    stats, problems = Statistics.load()
    assert problems == []
    return Session(stats, variants=VARIANTS)


def play(session: Session, *actions: Any) -> None:
    assert session.game is not None
    for action in actions:
        session.game.play(action)
        session.note_change()


def play_some(session: Session, turns: int) -> None:
    """Play the first legal action a number of times (a deterministic, varied game)."""
    assert session.game is not None
    for _ in range(turns):
        actions = session.game.legal_actions()
        moves = [a for a in actions if isinstance(a, Move)]
        play(session, moves[0] if moves else actions[0])


def entry(session: Session, game: str = "toy", options: dict[str, str] | None = None) -> StatsEntry:
    return session.stats.entry(game, options or {"redeals": "one"})


def fresh_entry(game: str = "toy") -> StatsEntry:
    return Statistics.load()[0].entry(game, {"redeals": "one"})


# -- counting --------------------------------------------------------------------------------------
def test_an_untouched_game_does_not_count() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 1))
    session.start(Game.new(ToyGame, 2))
    session.close()
    assert entry(session) == StatsEntry()
    assert not session.path.exists()  # a deal at random is dealt anew next time


def test_an_untouched_deal_asked_for_by_number_comes_back_and_still_owes_nothing() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 12345))
    session.keep_untouched()
    session.close()
    later = new_session()
    assert later.resume() is None
    assert later.game is not None and (later.game.seed, later.game.moves) == (12345, 0)
    later.close()  # resumed untouched: kept again
    third = new_session()
    assert third.resume() is None and third.game is not None and third.game.seed == 12345
    third.start(Game.new(ToyGame, 3))
    third.close()
    assert entry(third) == StatsEntry()


def test_an_abandoned_started_game_counts_as_a_loss() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 1))
    play(session, Deal())
    session.start(Game.new(ToyGame, 2))
    assert (entry(session).played, entry(session).won) == (1, 0)
    assert fresh_entry().played == 1
    session.start(Game.new(ToyGame, 3))
    assert entry(session).played == 1


def test_a_game_undone_to_the_start_was_still_started() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 1))
    play(session, Deal())
    assert session.game is not None
    session.game.undo()
    session.note_change()
    session.start(Game.new(ToyGame, 2))
    assert entry(session).played == 1


def test_restart_does_not_count_but_the_deal_stays_owed() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 7))
    play(session, Deal(), Deal())
    session.restart()
    assert session.game is not None
    assert session.game.seed == 7 and session.game.moves == 0 and not session.game.can_undo
    assert entry(session).played == 0
    session.restart()
    assert entry(session).played == 0
    session.start(Game.new(ToyGame, 8))
    assert entry(session).played == 1


def test_restart_of_an_untouched_game_owes_nothing() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 7))
    session.restart()
    session.start(Game.new(ToyGame, 8))
    assert entry(session).played == 0


def test_a_win_is_recorded_at_once_and_only_once() -> None:
    session = new_session()
    session.start(Game.new(QuickWin, 5))
    assert session.game is not None
    session.game.add_time(42.5)
    play(session, Deal())
    assert entry(session, "quick-win").played == 0
    play(session, Deal())
    assert session.game.status is Status.WON
    won = entry(session, "quick-win")
    assert (won.played, won.won, won.best_time, won.fewest_moves) == (1, 1, 42.5, 2)
    assert fresh_entry("quick-win").won == 1
    # Undo and win again: the same game, not a second win.
    session.game.undo()
    session.note_change()
    session.game.redo()
    session.note_change()
    session.game.undo()
    session.note_change()
    play(session, Deal())
    session.note_change()
    assert entry(session, "quick-win").played == 1
    session.restart()
    play(session, Deal(), Deal())
    session.start(Game.new(QuickWin, 6))
    assert entry(session, "quick-win") == won


def test_a_won_game_leaves_no_save() -> None:
    session = new_session()
    session.start(Game.new(QuickWin, 5))
    play(session, Deal())
    session.save()
    assert session.path.exists()
    play(session, Deal())
    assert not session.path.exists()
    session.close()
    assert not session.path.exists() and entry(session, "quick-win").played == 1


def test_a_lost_game_counts_on_quitting_and_leaves_no_save() -> None:
    session = new_session()
    session.start(Game.new(QuickLoss, 5))
    play(session, Deal())
    assert session.game is not None and session.game.status is Status.LOST
    assert entry(session, "quick-loss").played == 0
    session.close()
    assert (entry(session, "quick-loss").played, entry(session, "quick-loss").won) == (1, 0)
    assert not session.path.exists()


def saved_game(**changes: Any) -> dict[str, Any]:
    game = Game.new(ToyGame, 11)
    game.play(Deal())
    data: dict[str, Any] = json.loads(game.to_json())
    data.update(changes)
    return data


# -- save and resume -------------------------------------------------------------------------------
def test_nothing_to_resume() -> None:
    session = new_session()
    assert session.resume() is None and session.game is None
    session.close()
    assert not session.path.exists()


def test_quitting_saves_and_resume_restores_exactly() -> None:
    session = new_session()
    game = Game.new(ToyGame, SEED, {"redeals": "none"})
    session.start(game)
    play_some(session, 30)
    for _ in range(4):
        game.undo()
        session.note_change()
    game.redo()
    game.add_time(321.75)
    session.close()
    assert session.path.exists()
    assert entry(session, options={"redeals": "none"}).played == 0

    later = new_session()
    assert later.resume() is None
    restored = later.game
    assert restored is not None and restored is not game
    assert restored.to_json() == game.to_json()
    assert (restored.seed, restored.options, restored.variant_id) == (SEED, {"redeals": "none"}, "toy")
    assert (restored.moves, restored.elapsed) == (game.moves, 321.75)
    assert [[(c.id, c.face_up) for c in s.cards] for s in restored.slots] == [
        [(c.id, c.face_up) for c in s.cards] for s in game.slots]
    assert len(restored.history) == len(game.history) and len(restored.future) == 3
    # The undo history works on: undo and redo lead to the same positions as the original.
    for original in (game, restored):
        original.redo()
        original.undo()
        original.undo()
    assert restored.to_json() == game.to_json()


def test_a_resumed_game_counts_once_when_left() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 3))
    play(session, Deal())
    session.close()
    later = new_session()
    assert later.resume() is None
    later.start(Game.new(ToyGame, 4))
    assert entry(later).played == 1
    assert not later.path.exists()
    # A crash now must not resume (and count) the old game again.
    third = new_session()
    assert third.resume() is None and third.game is None


def test_a_save_not_resumed_counts_when_another_game_starts() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 3))
    play(session, Deal(), Deal())
    session.close()
    later = new_session()  # not resumed (another game chosen while the plugins loaded)
    later.start(Game.new(ToyGame, 4))
    assert (entry(later).played, entry(later).won) == (1, 0)
    assert not later.path.exists() and later.take_problems() == []
    later.start(Game.new(ToyGame, 5))
    assert entry(later).played == 1


def test_a_game_under_way_left_by_a_start_with_another_game_is_kept_for_the_next_start(
        isolated: Path) -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 3))
    play(session, Deal(), Deal())
    session.close()
    later = new_session()
    later.keep_left_game = True  # the command line asked for another game or deal
    later.start(Game.new(ToyGame, 4))
    assert entry(later).played == 0  # not counted: nothing of the player's is lost
    assert later.take_problems() == []
    (told,) = later.take_notes()
    # The toy is no installed game: its id stands for its name.
    assert "The game of toy under way (deal 3, 2 moves made) was kept for later" in told.translate()
    (kept,) = waiting.waiting_games(isolated)
    assert kept.left and kept.variant_id == "toy" and str(kept.path) in later.kept_now
    assert waiting.offers(isolated, {"toy": VariantInfo("toy", ToyGame.name, ToyGame.description,
                                                        ToyGame, "toy", "toy", "1")}) == [kept]


def test_a_counted_save_not_resumed_is_not_counted_again() -> None:
    session = new_session()
    session.start(Game.new(QuickWin, 3))
    play(session, Deal(), Deal())
    assert session.game is not None
    session.game.undo()
    session.close()
    later = new_session()
    later.start(Game.new(ToyGame, 4))
    assert entry(later, "quick-win").played == 1 and not later.path.exists()


@pytest.mark.parametrize("content", [
    b"{not json",
    json.dumps({"version": 1, "game": saved_game(moves="many")}).encode(),
    json.dumps({"version": 1, "game": saved_game(options={"redeals": 1})}).encode(),
])
def test_a_bad_save_not_resumed_is_set_aside_with_a_message(isolated: Path, content: bytes) -> None:
    isolated.mkdir()
    (isolated / "saved-game.json").write_bytes(content)
    session = new_session()
    session.start(Game.new(ToyGame, 4))
    (problem,) = session.take_problems()
    (moved,) = isolated.glob("saved-game.broken-*.json")
    assert moved.read_bytes() == content and str(moved) in str(problem)
    assert session.stats.recorded() == []


def test_a_restarted_deal_stays_owed_across_quitting() -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 3))
    play(session, Deal())
    session.restart()
    session.close()
    later = new_session()
    assert later.resume() is None
    assert later.game is not None and later.game.moves == 0
    later.start(Game.new(ToyGame, 4))
    assert entry(later).played == 1


def test_a_won_then_undone_game_is_not_counted_again_after_resume() -> None:
    session = new_session()
    session.start(Game.new(QuickWin, 3))
    play(session, Deal(), Deal())
    assert session.game is not None
    session.game.undo()
    session.note_change()
    session.close()
    assert session.path.exists()
    later = new_session()
    assert later.resume() is None and later.counted
    play(later, Deal())
    later.start(Game.new(QuickWin, 4))
    assert (entry(later, "quick-win").played, entry(later, "quick-win").won) == (1, 1)


def test_resume_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    class ToyPlugin:
        @specs.hookimpl
        def aisle_register_variants(self) -> list[type[ToyGame]]:
            return [ToyGame]

    registry = manager.Registry()
    registry.add_plugin(ToyPlugin(), collect.PluginInfo("toy", "tests", "0", "toy_game"))
    assert registry.errors() == [] and "toy" in registry.variants
    monkeypatch.setattr(loading, "_registry", registry)
    session = Session(Statistics.load()[0])
    session.start(new_game("toy", 9))
    play(session, Deal())
    session.close()
    later = Session(Statistics.load()[0])
    assert later.resume() is None
    assert later.game is not None and later.game.to_json() == session.game.to_json()  # type: ignore[union-attr]


def test_a_save_holding_the_game_as_text_is_read(isolated: Path) -> None:
    game = Game.new(ToyGame, 11)
    game.play(Deal())
    isolated.mkdir()
    (isolated / "saved-game.json").write_text(json.dumps({"version": 1, "game": game.to_json()}))
    session = new_session()
    assert session.resume() is None
    assert session.game is not None and session.game.to_json() == game.to_json()


def test_a_save_that_cannot_be_written_is_reported(isolated: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    session.start(Game.new(ToyGame, 3))
    play(session, Deal())

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    session.close()
    (problem,) = session.take_problems()
    assert "could not be saved" in str(problem)
    assert list(isolated.iterdir()) == []


def test_statistics_a_full_disk_kept_in_memory_are_written_at_quit(
        isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    real_replace = os.replace
    disk = {"full": True}

    def replace(source: Any, target: Any) -> None:
        if disk["full"] and str(target).endswith("statistics.json"):
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    won = Game.new(QuickWin, 3)
    session.start(won)
    play(session, Deal(), Deal())  # won: counted, but the statistics cannot be written
    assert session.stats.entry("quick-win", won.options).won == 1
    assert Statistics.load()[0].entry("quick-win", won.options).won == 0
    session.start(Game.new(ToyGame, 4))  # nothing more to count before quitting
    disk["full"] = False  # room again
    session.close()
    assert Statistics.load()[0].entry("quick-win", won.options).won == 1


# -- bad saves -------------------------------------------------------------------------------------
BAD_SAVES: dict[str, bytes] = {
    "not json": b"not json at all",
    "binary": bytes(range(256)),
    "truncated": json.dumps({"version": 1, "game": saved_game()}).encode()[:-30],
    "newer": json.dumps({"version": 2, "game": saved_game()}).encode(),
    "no game": b'{"version": 1}',
    "game of wrong type": b'{"version": 1, "game": 5}',
    "flags of wrong type": json.dumps({"version": 1, "game": saved_game(), "owed": "yes"}).encode(),
    "deep nesting": b'{"version": 1, "game": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "moves that do not replay": json.dumps(
        {"version": 1, "game": saved_game(history=[{"move": ["tableau-1", 5, "foundation-1"]}])}).encode(),
    "huge seed": json.dumps({"version": 1, "game": saved_game(seed=10**40)}).encode(),
    "huge time": json.dumps({"version": 1, "game": saved_game(elapsed=1e300)}).encode(),
    "unknown option": json.dumps({"version": 1, "game": saved_game(options={"x": "y"})}).encode(),
    "tampered position": json.dumps({"version": 1, "game": saved_game(position=[])}).encode(),
    "text that is not json": b'{"version": 1, "game": "{oops"}',
}


@pytest.mark.parametrize("name", BAD_SAVES)
def test_a_bad_save_is_set_aside_and_the_program_goes_on(isolated: Path, name: str) -> None:
    isolated.mkdir()
    (isolated / "saved-game.json").write_bytes(BAD_SAVES[name])
    session = new_session()
    problem = session.resume()
    assert problem is not None and session.game is None
    (moved,) = isolated.glob("saved-game.broken-*.json")
    assert moved.read_bytes() == BAD_SAVES[name]
    assert str(moved) in str(problem)
    session.start(Game.new(ToyGame, 1))
    assert moved.exists()


def test_a_save_of_a_game_that_is_not_installed(isolated: Path) -> None:
    isolated.mkdir()
    (isolated / "saved-game.json").write_text(json.dumps(
        {"version": 1, "game": saved_game(variant="golf-deluxe")}))
    session = new_session()
    problem = session.resume()
    assert problem is not None and "golf-deluxe" in str(problem) and session.game is None
    # Kept waiting for its game (tests/test_waiting_games.py), not set aside for good.
    assert [path.name for path in isolated.glob("waiting-games/*.json")] == ["golf-deluxe.json"]
    assert not (isolated / "saved-game.json").exists()


def test_a_folder_in_place_of_the_save(isolated: Path) -> None:
    (isolated / "saved-game.json").mkdir(parents=True)
    session = new_session()
    assert session.resume() is not None
    session.start(Game.new(ToyGame, 1))
    play(session, Deal())
    session.close()
    assert (isolated / "saved-game.json").is_file()
    assert new_session().resume() is None


def test_a_kept_games_name_is_looked_up_when_shown() -> None:
    from aisle import i18n
    from aisle.session import GameName

    assert f"{GameName('klondike')}" == "Klondike"
    i18n.set_language("ru")
    assert f"{GameName('klondike')}" == "Косынка"  # in the language shown then
    i18n.set_language("en")
    assert f"{GameName('no-such-game')}" == "no-such-game"
