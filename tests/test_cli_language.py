"""`aisle --help` and the command line's errors speak the language --lang names, else the
system's; argparse's own texts ("usage: ", "options") come from our catalogs too."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from aisle import i18n
from aisle.cli import main
from aisle.cli_parser import language_argument

OUR_HELP = "list every game and every plugin error, then exit (with status 1 when a plugin has errors)"


def german(text: str) -> str:
    translated = i18n.translation(i18n.DOMAIN, "de").gettext(text)
    assert translated != text  # the German catalog has it, so the test can tell
    return translated


@pytest.mark.parametrize(("argv", "value"), [
    (["--lang", "de", "--help"], "de"),
    (["--help", "--lang=ru"], "ru"),
    (["--la", "it"], "it"),
    (["--lan=de"], "de"),
    (["--game", "klondike"], None),
    (["--lang"], None),
    (["--", "--lang", "de"], None),
    (["--list-games", "--l", "de"], None),  # "--l" could also be --list-games: not --lang
])
def test_the_language_is_found_before_parsing(argv: list[str], value: str | None) -> None:
    assert language_argument(argv) == value


@pytest.fixture(autouse=True)
def wide_help(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # argparse wraps its help to the terminal's width


def test_help_follows_lang(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "de", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert german(OUR_HELP) in out
    assert OUR_HELP not in out


def test_help_follows_the_system_language(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de_DE")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert german("Aisle, a solitaire collection.") in out


def test_an_unknown_language_is_refused_in_the_system_language(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    with pytest.raises(SystemExit) as done:
        main(["--lang", "fr"])
    assert done.value.code == 2
    assert german("aisle: error: {message}").split("{")[0] in capsys.readouterr().err


def test_help_in_a_real_german_process() -> None:
    result = subprocess.run([sys.executable, "-m", "aisle", "--help"], capture_output=True,
                            text=True, timeout=120, env={**_env(), "LANGUAGE": "de"})
    assert result.returncode == 0
    assert german("the game to play (see --list-games)").split(" (")[0] in result.stdout


def _env() -> dict[str, str]:
    import os

    return {key: value for key, value in os.environ.items() if key not in ("LANGUAGE", "LC_ALL")}


@pytest.fixture
def argparse_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A German catalog of argparse's texts, in place of Aisle's own."""
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "aisle.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "argparse"\nmsgid "usage: "\nmsgstr "Aufruf: "\n\n'
        'msgctxt "argparse"\nmsgid "options"\nmsgstr "Optionen"\n\n'
        'msgctxt "argparse"\nmsgid "expected one argument"\nmsgstr "erwartet einen Wert"\n',
        encoding="utf-8")
    # Only this catalog: the shipped one would answer first.
    monkeypatch.setattr(i18n, "_builtin_folders", lambda: [])
    monkeypatch.setattr(i18n, "_folders", {i18n.DOMAIN: [tmp_path / "locale"]})
    monkeypatch.setattr(i18n, "_cache", {})


@pytest.mark.usefixtures("argparse_catalog")
def test_argparse_texts_come_from_our_catalogs(capsys: pytest.CaptureFixture[str]) -> None:
    original = vars(argparse)["_"]
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: aisle") and "\nOptionen:\n" in out
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--game"])
    assert "erwartet einen Wert" in capsys.readouterr().err
    # argparse is left as it was, for every other parser in the process.
    assert vars(argparse)["_"] is original
    assert argparse.ArgumentParser(prog="x").format_usage().startswith("usage: ")


def test_argparse_texts_are_translated_by_the_shipped_catalogs(capsys: pytest.CaptureFixture[str]) -> None:
    original = vars(argparse)["_"]
    i18n.set_language("de")
    try:
        wanted = i18n.pgettext("argparse", "expected one argument")
        usage = i18n.pgettext("argparse", "usage: ")
    finally:
        i18n.set_language("en")
    assert wanted != "expected one argument" and usage != "usage: "
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--game"])
    err = capsys.readouterr().err
    assert wanted in err and err.startswith(usage)
    # argparse is left as it was, for every other parser in the process.
    assert vars(argparse)["_"] is original
    assert argparse.ArgumentParser(prog="x").format_usage().startswith("usage: ")
