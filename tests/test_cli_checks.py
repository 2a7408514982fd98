"""Command-line checks: a screenshot is written only to a .png name; --list-games fails on an
unknown --game as a start does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aisle.cli import main, parse_screenshot


@pytest.mark.parametrize(("name", "message"), [
    ("", "needs a file name ending in .png"),
    ("   ", "needs a file name ending in .png"),
    (".png", "needs a file name ending in .png"),
    ("shots/", "must end in .png, not “shots/”"),
    ("notes.txt", "must end in .png, not “notes.txt”"),
    ("deal.png.bak", "must end in .png"),
    ("deal.pn", "must end in .png"),
])
def test_a_screenshot_name_that_is_no_png_is_refused(
        name: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("my notes")
    with pytest.raises(SystemExit) as caught:
        main(["--screenshot", name])
    assert caught.value.code == 2
    assert message in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "my notes"


@pytest.mark.parametrize("name", ["deal.png", "Deal.PNG", "shots/deal.Png", "/tmp/x/.hidden.png"])
def test_a_png_name_is_accepted_in_any_case(name: str) -> None:
    assert parse_screenshot(name) == name


def test_list_games_with_an_unknown_game_fails_like_a_start(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--game", "nosuch"], ["--list-games", "--game", "nosuch"]):
        with pytest.raises(SystemExit) as caught:
            main(args)
        assert caught.value.code == 2
        assert "unknown game “nosuch”" in capsys.readouterr().err


def test_list_games_with_a_known_game_lists() -> None:
    assert main(["--list-games", "--game", "klondike"]) == 0


def test_in_a_real_process() -> None:
    result = subprocess.run([sys.executable, "-m", "aisle", "--list-games", "--game", "nosuch"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "unknown game “nosuch”" in result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr


def test_lang_takes_any_case_and_size_reaches_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import aisle.ui.app
    from aisle.launch import Launch

    asked: list[Launch] = []
    monkeypatch.setattr(aisle.ui.app, "run", lambda launch, *_rest: asked.append(launch) or 0)
    assert main(["--lang", "DE", "--size", "800x600", "--game", "klondike"]) == 0
    assert asked[-1].language == "de" and asked[-1].asked_size == (800, 600)
    assert main(["--game", "klondike"]) == 0
    assert asked[-1].asked_size is None and asked[-1].size == (1280, 800)
