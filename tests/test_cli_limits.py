"""Every number on the command line is read strictly: huge, negative, empty or blank values and
other scripts' digits get our own clear message (never Python's "Exceeds the limit (4300 digits)
for integer string conversion"), the message repeats only the start of a long value, and
`aisle solve --jobs` is refused above the number of processor cores, naming it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from aisle.cli import main, parse_seed, parse_size
from aisle.cli_numbers import positive_number, quoted, whole_number
from aisle.engine.game import MAX_SEED
from aisle.solve_cli import parse_budget, parse_jobs, parse_seeds

HUGE = "9" * 5000
#: Values no number argument takes.
BAD_ANYWHERE = [HUGE, "-1", "١٢", "٣", "１２", "", "   ", "1_000", "+5", "5.", "0x10", "1e3"]


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The error `aisle` prints for `args` (it must exit with status 2)."""
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 2
    error = capsys.readouterr().err
    assert "Traceback" not in error and "4300" not in error and "Exceeds the limit" not in error
    assert len(error) < 1000  # a wall of digits is not repeated
    return error


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)


# -- the readers ---------------------------------------------------------------------------------
def test_whole_numbers_take_ascii_digits_only_and_never_too_many() -> None:
    assert whole_number(" 007 ", 10) == 7 and whole_number("10", 10) == 10
    assert whole_number("0" * 5000 + "5", 10) == 5  # leading zeros do not count
    for text in (*BAD_ANYWHERE, "11"):
        assert whole_number(text, 10) is None, text
    assert whole_number(str(MAX_SEED), MAX_SEED) == MAX_SEED
    assert whole_number(str(MAX_SEED + 1), MAX_SEED) is None


def test_positive_numbers_take_plain_decimals_only() -> None:
    assert positive_number(" 0.5 ", 10) == 0.5 and positive_number(".5", 10) == 0.5
    assert positive_number("10", 10) == 10.0 and positive_number("3.", 10) == 3.0
    for text in ("0", "0.0", "-1", "nan", "NaN", "inf", "-inf", "1e3", "1e400", "10.01", "١٠",
                 "", " ", "1_0", HUGE, "1.2.3"):
        assert positive_number(text, 10) is None, text


def test_a_long_value_is_quoted_by_its_start() -> None:
    assert quoted("12") == "12"
    assert len(quoted(HUGE)) == 40 and quoted(HUGE).endswith("…")


# -- aisle ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [*BAD_ANYWHERE, str(MAX_SEED + 1)])
def test_a_bad_seed_is_refused_with_our_message(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    error = refused([f"--seed={text}"], capsys)
    assert f"The deal number must be a whole number from 0 to {MAX_SEED}, not “" in error
    with pytest.raises(ValueError, match="deal number must be a whole number"):
        parse_seed(text)


def test_good_seeds() -> None:
    assert parse_seed(" 42 ") == 42 and parse_seed("0042") == 42 and parse_seed("0") == 0
    assert parse_seed(str(MAX_SEED)) == MAX_SEED


@pytest.mark.parametrize("text", ["١٢٨٠x٨٠٠", "1280x" + HUGE, HUGE + "x800", "", " ", "-800x600",
                                  "1280x", "x800"])
def test_a_bad_size_is_refused_with_our_message(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    # "--size=…": argparse takes a lone "-800x600" for an option of its own.
    assert "The size must look like 1280x800" in refused([f"--size={text}"], capsys)
    assert parse_size(" 1280x800 ") == (1280, 800)


def test_the_seed_message_is_in_the_players_language(capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(["--lang", "de", "--seed", HUGE], capsys)
    assert "Die Spielnummer muss eine ganze Zahl" in error and "999…" in error


def test_a_huge_seed_in_a_real_process() -> None:
    result = subprocess.run([sys.executable, "-m", "aisle", "--seed", HUGE], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 2
    assert "The deal number must be a whole number" in result.stderr
    assert "Traceback" not in result.stderr and "4300" not in result.stderr


# -- aisle solve ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    (HUGE, "The deal number must be a whole number"),
    ("1-" + HUGE, "The deal number must be a whole number"),
    (HUGE + "-1", "The deal number must be a whole number"),
    (f"1-{MAX_SEED + 1}", "The deal number must be a whole number"),
    ("١٢", "The deals must look like"),
    ("1-١٢", "The deals must look like"),
    ("-5", "The deals must look like"),
    ("", "The deals must look like"),
    ("   ", "The deals must look like"),
    ("1,,2", "The deals must look like"),
    ("1_0", "The deals must look like"),
    ("9-2", "must run upwards"),
    ("1-100001", "must run upwards"),
])
def test_bad_seeds_are_refused_with_our_message(
    text: str, message: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert message in refused(["solve", "--game", "klondike", f"--seeds={text}"], capsys)


def test_good_seeds_for_solve() -> None:
    assert parse_seeds(" 1 - 3 , 0007") == [1, 2, 3, 7]
    assert parse_seeds(f"{MAX_SEED}") == [MAX_SEED]


@pytest.mark.parametrize("text", ["0", "-1", "-0.5", "nan", "inf", "-inf", "1e400", "86400.5",
                                  "86401", "1e3", HUGE, "١٠", "", "  ", "1_0", "ten"])
def test_a_bad_budget_is_refused_with_our_message(
    text: str, capsys: pytest.CaptureFixture[str],
) -> None:
    error = refused(["solve", "--game", "klondike", f"--budget={text}"], capsys)
    assert "The budget must be a number of seconds, more than 0 and at most 86400, not “" in error


def test_good_budgets() -> None:
    assert parse_budget(" 10 ") == 10.0 and parse_budget("0.05") == 0.05
    assert parse_budget("86400") == 86400.0


@pytest.mark.usefixtures("two_cores")
@pytest.mark.parametrize("text", ["0", "3", "256", "-1", HUGE, "١", "", " ", "1.5", "2_0"])
def test_jobs_beyond_the_cores_or_bad_are_refused_naming_the_cores(
    text: str, capsys: pytest.CaptureFixture[str],
) -> None:
    error = refused(["solve", "--game", "klondike", f"--jobs={text}"], capsys)
    assert "--jobs must be a whole number from 1 to 2, the number of this computer's processor " \
           "cores, not “" in error


@pytest.mark.usefixtures("two_cores")
def test_jobs_up_to_the_cores_and_the_help_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_jobs("1") == 1 and parse_jobs(" 2 ") == 2
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    assert "number of processor cores (2 here; default 1)" in " ".join(capsys.readouterr().out.split())


def test_too_many_jobs_in_a_real_process() -> None:
    cores = os.cpu_count() or 1
    result = subprocess.run([sys.executable, "-m", "aisle", "solve", "--game", "klondike",
                             "--jobs", str(cores + 1)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert f"from 1 to {cores}, the number of this computer's processor cores" in result.stderr


def test_solve_takes_the_language_too(capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(["solve", "--lang", "de", "--game", "klondike", "--seeds", "١٢"], capsys)
    assert "Die Spielnummern müssen die Form 7, 1-100 oder 1-5,9 haben, nicht „١٢“." in error
    assert "unknown language “xx”" in refused(["solve", "--lang", "xx", "--game", "klondike"], capsys)
