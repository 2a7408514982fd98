"""Saved games of a game that is not installed, or whose plugin fails with them, are kept
waiting (not counted, not set aside for good) and offered again once the game can be played.
(No Qt here; the offer in the window is tested in tests/ui/plugins/test_plugin_states.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toy_game import ToyGame

from aisle import waiting
from aisle.engine import Game, Move
from aisle.engine.game import VariantError
from aisle.i18n import T
from aisle.registry.collect import VariantInfo
from aisle.session import Session
from aisle.stats import Statistics


class Comeback(ToyGame):
    """A game whose plugin comes and goes."""

    id = "comeback"
    name = T("Comeback")


def session_with(variants: dict[str, type[ToyGame]]) -> Session:
    return Session(Statistics.load()[0], variants=variants)


def info(version: str = "1.0") -> dict[str, VariantInfo]:
    return {"comeback": VariantInfo("comeback", Comeback.name, Comeback.description, Comeback,
                                    "comeback", "aisle-comeback", version)}


def save_a_started_game(moves: int = 2) -> Game:
    session = session_with({"comeback": Comeback})
    game = Game.new(Comeback, 77)
    session.start(game)
    for _turn in range(moves):
        actions = game.legal_actions()
        game.play(next((a for a in actions if isinstance(a, Move)), actions[0]))
        session.note_change()
    session.close()
    return game


def test_a_save_of_a_game_not_installed_waits_and_is_not_counted(isolated: Path) -> None:
    save_a_started_game()
    session = session_with({})
    problem = session.resume()
    assert problem is not None and session.game is None
    told = problem.translate()
    kept = isolated / "waiting-games" / "comeback.json"
    assert f"It is kept as {kept}" in told and "once comeback is installed" in told
    assert not (isolated / "saved-game.json").exists()
    assert not list(isolated.glob("*.broken-*"))
    assert session.stats.entry("comeback", {"redeals": "one"}).played == 0
    (entry,) = waiting.waiting_games(isolated)
    assert entry.variant_id == "comeback" and entry.blocked_by is None


def test_a_waiting_game_is_offered_once_its_game_is_installed(isolated: Path) -> None:
    played = save_a_started_game(moves=3)
    session_with({}).resume()
    assert waiting.offers(isolated, {}) == []
    (entry,) = waiting.offers(isolated, info())
    session = session_with({"comeback": Comeback})
    restored = session.restore_waiting(entry)
    assert isinstance(restored, Game)
    assert restored.to_json() == played.to_json()
    session.adopt_waiting(entry, restored)
    assert session.game is restored and waiting.waiting_games(isolated) == []
    session.close()  # a game in progress: saved again for the next start
    assert (isolated / "saved-game.json").exists()


def test_a_save_its_plugin_failed_with_waits_for_another_version(isolated: Path) -> None:
    save_a_started_game()
    session = session_with({"comeback": Comeback})
    assert session.resume() is None and session.game is not None
    told = session.put_off("aisle-comeback 1.0")  # the window could not show it
    assert told is not None and "once the plugin is updated" in told.translate()
    assert session.game is None and not (isolated / "saved-game.json").exists()
    assert session.take_problems()[:1] == [told]
    assert waiting.offers(isolated, info("1.0")) == []  # the very version that failed
    (entry,) = waiting.offers(isolated, info("1.1"))
    assert entry.blocked_by == "aisle-comeback 1.0"


class FailsOnReplay(Comeback):
    def after_move(self, board: object, move: Move) -> None:
        raise RuntimeError("the plugin broke in an update")


def test_a_save_that_the_plugin_fails_to_replay_waits_too(isolated: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    save_a_started_game()
    monkeypatch.setattr("aisle.session._plugin_of", lambda saved: "aisle-comeback 2.0")
    session = session_with({"comeback": FailsOnReplay})
    problem = session.resume()
    assert problem is not None and "its game's plugin failed" in problem.translate()
    assert "the plugin broke in an update" in problem.translate()
    (entry,) = waiting.waiting_games(isolated)
    assert entry.blocked_by == "aisle-comeback 2.0"


def test_a_waiting_game_that_still_fails_keeps_waiting_for_a_newer_plugin(
        isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_a_started_game()
    session_with({}).resume()
    (entry,) = waiting.offers(isolated, info("2.0"))
    monkeypatch.setattr("aisle.session._plugin_of", lambda saved: "aisle-comeback 2.0")
    session = session_with({"comeback": FailsOnReplay})
    problem = session.restore_waiting(entry)
    assert not isinstance(problem, Game) and "could not be restored" in problem.translate()
    assert waiting.offers(isolated, info("2.0")) == []
    assert len(waiting.offers(isolated, info("2.1"))) == 1


def test_discarding_a_waiting_game_counts_it_as_left_unfinished(isolated: Path) -> None:
    save_a_started_game()
    session_with({}).resume()
    (entry,) = waiting.waiting_games(isolated)
    session = session_with({"comeback": Comeback})
    session.drop_waiting(entry)
    record = session.stats.entry("comeback", {"redeals": "one"})
    assert (record.played, record.won) == (1, 0)
    assert waiting.waiting_games(isolated) == []


def test_starting_another_game_keeps_a_save_of_a_missing_game_waiting(isolated: Path) -> None:
    # `aisle --game toy` while the save is of a game not installed: it could not be resumed,
    # so it is kept, not counted as abandoned.
    save_a_started_game()
    session = session_with({"toy": ToyGame})
    session.start(Game.new(ToyGame, 1))
    assert [entry.variant_id for entry in waiting.waiting_games(isolated)] == ["comeback"]
    assert session.stats.entry("comeback", {"redeals": "one"}).played == 0


def test_an_unreadable_waiting_file_is_set_aside_not_offered(isolated: Path) -> None:
    folder = isolated / "waiting-games"
    folder.mkdir(parents=True)
    (folder / "comeback.json").write_text(json.dumps({"version": 1, "save": "nothing"}))
    assert waiting.offers(isolated, info()) == []
    assert list(folder.glob("comeback.broken-*.json"))


def test_two_waiting_games_of_one_game_are_both_kept(isolated: Path) -> None:
    save = {"version": 1, "game": {"variant": "comeback"}, "counted": False, "owed": True}
    first = waiting.keep(isolated, save)
    second = waiting.keep(isolated, save, "aisle-comeback 1.0")
    assert first != second and len(waiting.waiting_games(isolated)) == 2


def test_variant_errors_still_name_their_game() -> None:
    assert VariantError("x", "comeback").variant_id == "comeback"
