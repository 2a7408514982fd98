"""`aisle solve`: one line per deal, a summary, JSON, the moves of a solution, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from aisle import i18n
from aisle.cli import main
from aisle.solve_cli import MAX_BUDGET, parse_options, parse_seeds


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "aisle", "solve", *args], capture_output=True,
                          text=True, timeout=300)


def test_lines_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "cruel", "--seeds", "1-2", "--budget", "60"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("deal 1: won, ") and lines[0].endswith(" moves")
    assert lines[1].startswith("deal 2: won, ")
    assert lines[2].startswith("summary: 2 deals: 2 won, 0 lost, 0 unknown; median ")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "klondike", "--option", "deal=three", "--seeds", "4",
                 "--budget", "60", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "klondike" and data["options"] == {"deal": "three"}
    (deal,) = data["deals"]
    assert deal["seed"] == 4 and deal["verdict"] == "won" and deal["moves"] > 50
    assert data["summary"]["won"] == 1 and data["summary"]["deals"] == 1


def test_show_lists_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "doublets", "--seeds", "1", "--budget", "60", "--show"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = int(lines[0].rsplit(", ", 1)[1].split()[0])
    shown = [line for line in lines[1:] if line.startswith("  ")]
    assert len(shown) == moves
    assert any(line.endswith("→ the foundation") for line in shown)
    assert any("click the stock" in line for line in shown)


def test_jobs_use_processes_and_keep_the_order() -> None:
    result = run("--game", "cruel", "--seeds", "1-3", "--budget", "60", "--jobs", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["deal 1", "deal 2", "deal 3"]


def test_unknown_when_the_budget_is_tiny(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "spider-three-decks", "--seeds", "1", "--budget", "0.05"]) == 0
    assert "deal 1: unknown" in capsys.readouterr().out


def test_positions_alone_cap_each_deal(capsys: pytest.CaptureFixture[str]) -> None:
    # FreeCell deal 10 takes far more than 20 positions; deal 3 fewer than 20 000.
    assert main(["solve", "--game", "freecell", "--seeds", "3,10", "--positions", "20", "--json"]) == 0
    capped = json.loads(capsys.readouterr().out)
    assert capped["budget"] == MAX_BUDGET and capped["positions"] == 20  # no time limit given
    assert [deal["verdict"] for deal in capped["deals"]] == ["unknown", "unknown"]
    assert all(deal["positions"] <= 20 for deal in capped["deals"])
    assert main(["solve", "--game", "freecell", "--seeds", "3", "--positions", "20000", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"][0]["verdict"] == "won"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "unknown game “chess”"),
        (["--game", "klondike", "--option", "deal=four"],
         "takes one of: three, single, no-redeals, unlimited"),
        (["--game", "klondike", "--option", "foo=bar"], "no option “foo”; its options are: deal."),
        (["--game", "freecell", "--option", "deal=one"], "freecell has no options"),
        (["--game", "klondike", "--option", "deal"], "KEY=VALUE"),
        (["--game", "klondike", "--seeds", "9-2"], "must run upwards"),
        (["--game", "klondike", "--seeds", "x"], "must look like"),
        (["--game", "klondike", "--budget", "0"], "budget"),
        (["--game", "klondike", "--jobs", "0"], "--jobs"),
        (["--game", "klondike", "--positions", "0"], "--positions"),
        (["--game", "klondike", "--positions", "many"], "--positions"),
        (["--seeds", "1"], "--game"),
    ],
)
def test_bad_arguments_exit_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["solve", *args])
    assert caught.value.code == 2
    assert message in capsys.readouterr().err


def test_a_wrong_option_is_told_in_the_players_language(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        with pytest.raises(SystemExit):
            main(["solve", "--lang", "de", "--game", "klondike", "--option", "foo=bar"])
    finally:
        i18n.set_language("en")
    assert "klondike hat keine Option „foo“; seine Optionen sind: deal." in capsys.readouterr().err


def test_bad_arguments_in_a_real_process() -> None:
    result = run("--game", "chess")
    assert result.returncode == 2
    assert "aisle solve: error:" in result.stderr and "Traceback" not in result.stderr


def test_parsers() -> None:
    assert parse_seeds("1-3,7") == [1, 2, 3, 7]
    assert parse_seeds("5,1,1,2-3,5") == [5, 1, 2, 3]
    assert parse_seeds(" 5 ") == [5]
    assert parse_options(["deal=three", "x = y"]) == {"deal": "three", "x": "y"}
