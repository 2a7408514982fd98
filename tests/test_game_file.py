"""A game saved to a file of its own and opened again; every unusable file is named with its
problem (no Qt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aisle.engine import Game
from aisle.engine.save import VERSION
from aisle.game_file import SUFFIX, GameFileError, read_game, suggested_name, with_suffix, write_game
from aisle.registry.games import new_game, restore_game


def played(moves: int = 6) -> Game:
    game = new_game("klondike", 7)
    for _ in range(moves):
        actions = game.legal_actions()
        if not actions:
            break
        game.play(actions[0])
    return game


def test_a_saved_game_opens_exactly_as_it_was(tmp_path: Path) -> None:
    game = played()
    game.undo()  # a redo list survives too
    path = tmp_path / suggested_name(game)
    write_game(game, path)
    assert path.name == f"klondike-7{SUFFIX}"
    again = read_game(path)
    assert again.to_json() == game.to_json()
    assert again.can_redo


def test_the_file_is_the_engine_s_save_format(tmp_path: Path) -> None:
    game = played()
    path = tmp_path / "x.aisle.json"
    write_game(game, path)
    data = json.loads(path.read_text("utf-8"))
    assert data == json.loads(game.to_json())
    assert restore_game(path.read_text("utf-8")).to_json() == game.to_json()


def test_the_resume_save_opens_too(tmp_path: Path) -> None:
    game = played()
    path = tmp_path / "saved-game.json"
    path.write_text(json.dumps({"version": 1, "game": json.loads(game.to_json()),
                                "counted": False, "owed": True, "stamp": "x"}), "utf-8")
    assert read_game(path).to_json() == game.to_json()


def test_a_name_gets_the_ending_unless_it_is_json() -> None:
    assert with_suffix(Path("/a/mine")) == Path("/a/mine.aisle.json")
    assert with_suffix(Path("/a/my.game")) == Path("/a/my.game.aisle.json")
    assert with_suffix(Path("/a/mine.json")) == Path("/a/mine.json")


def _problem(path: Path) -> str:
    with pytest.raises(GameFileError) as caught:
        read_game(path)
    message = caught.value.message.translate()
    assert str(path) in message  # always names the file
    return message


def _saved(tmp_path: Path, change: dict[str, object]) -> Path:
    data = json.loads(played().to_json())
    data.update(change)
    path = tmp_path / "changed.aisle.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def test_a_missing_file(tmp_path: Path) -> None:
    assert "cannot be read" in _problem(tmp_path / "gone.aisle.json")


@pytest.mark.parametrize("content", [b"", b"{not json", b"[1, 2]", b'{"format": "other"}',
                                     b"\xff\xfe garbage", b'{"format": "aisle-game", "version": 1}'])
def test_not_a_saved_game(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    assert "not a game saved by Aisle" in _problem(path)


def test_a_file_from_a_newer_aisle(tmp_path: Path) -> None:
    assert "newer version of Aisle" in _problem(_saved(tmp_path, {"version": VERSION + 1}))


def test_a_game_that_is_not_installed(tmp_path: Path) -> None:
    message = _problem(_saved(tmp_path, {"variant": "golf-deluxe"}))
    assert "golf-deluxe" in message and "not installed" in message


def test_options_the_game_does_not_offer(tmp_path: Path) -> None:
    message = _problem(_saved(tmp_path, {"options": {"deal": "seven-cards"}}))
    assert "Klondike" in message and "options" in message


def test_moves_that_do_not_replay(tmp_path: Path) -> None:
    data = json.loads(played().to_json())
    data["history"][0] = {"move": ["foundation-1", 1, "tableau-1"]}  # well formed, illegal
    path = tmp_path / "tampered.aisle.json"
    path.write_text(json.dumps(data), "utf-8")
    message = _problem(path)
    assert "cannot be replayed" in message and "Klondike" in message


def test_a_far_too_large_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import aisle.game_file

    monkeypatch.setattr(aisle.game_file, "MAX_FILE_BYTES", 10)
    assert "too large" in _problem(_saved(tmp_path, {}))


def test_a_message_in_another_language(tmp_path: Path) -> None:
    from aisle import i18n

    i18n.set_language("de")
    try:
        with pytest.raises(GameFileError) as caught:
            read_game(tmp_path / "gone.aisle.json")
        assert str(tmp_path / "gone.aisle.json") in caught.value.message.translate()
    finally:
        i18n.set_language("en")
