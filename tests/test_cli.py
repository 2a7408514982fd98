"""The command line: listing games, and clear errors with status 2 for bad arguments."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from aisle.cli import main, parse_seed, parse_size


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "aisle", *args], capture_output=True, text=True, timeout=120)


def test_list_games_shows_every_builtin_game() -> None:
    result = run("--list-games")
    assert result.returncode == 0
    for game_id in ("klondike", "cruel", "spider-three-decks", "doublets"):
        assert game_id in result.stdout
    assert "aisle" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "unknown game “chess”"),
        (["--seed", "-4"], "deal number must be a whole number"),
        (["--seed", "abc"], "deal number must be a whole number"),
        (["--seed", str(2**64)], "deal number must be a whole number"),
        (["--lang", "fr"], "unknown language “fr”"),
        (["--size", "big"], "size must look like"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 2


@pytest.mark.parametrize("args", [["--game", "chess"], ["--lang", "fr"], ["--seed", "x"]])
def test_bad_arguments_in_a_real_process(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "aisle: error:" in result.stderr
    assert "Traceback" not in result.stderr


def test_parsers_accept_good_values() -> None:
    assert parse_seed("0") == 0 and parse_seed(str(2**64 - 1)) == 2**64 - 1
    assert parse_size("800x600") == (800, 600)


def test_no_arguments_mean_what_the_parser_makes_of_none(monkeypatch: pytest.MonkeyPatch) -> None:
    from aisle import cli

    assert cli.build_parser().parse_args([]) == cli.NO_ARGUMENTS
    started: list[argparse.Namespace] = []
    monkeypatch.setattr(cli, "build_parser", lambda: pytest.fail("a parser was built"))
    monkeypatch.setattr(cli, "_start", lambda args, parser: started.append(args) or 0)
    monkeypatch.setattr(sys, "argv", ["aisle"])
    assert cli.main() == 0
    assert cli.main([]) == 0
    assert started == [cli.NO_ARGUMENTS, cli.NO_ARGUMENTS]
    started[0].game = "changed"  # each start gets its own copy
    assert cli.NO_ARGUMENTS.game is None
