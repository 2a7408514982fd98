"""Reports a plugin's author reads: a layout that fails names the plugin's file and line and where
it failed; a hook's answer of the wrong kind takes its article ("an int"); a game listed twice
is said to be listed twice; an illegal move a game offers is told with its refusal filled in.
(No Qt here.)"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin
from toy_game import ToyGame

from aisle import i18n
from aisle.cli import main
from aisle.engine import Board, Deal, Game, Move, Slot, SlotKind, VariantError
from aisle.i18n import T, Text
from aisle.kit import build as kit_build
from aisle.registry import loading

__all__ = ["install_plugin"]  # the fixture, used by name

KIT_GAME = """
from aisle.hooks import hookimpl
from aisle.i18n import T
from aisle.kit import DOWN_ALTERNATE, Foundations, KitVariant, Rest, Rows, Stock, Tableau


class BadFoundations(KitVariant):
    id = "bad-foundations"
    name = T("Bad Foundations")
    description = T("Foundations with no build rule.")
    table = (Stock(at=(0, 0), onto="tableau"), Foundations(4, at=(3, 0), build=None),
             Tableau(7, at=(0, 1), build=DOWN_ALTERNATE))
    dealing = (Rows(1), Rest())


@hookimpl
def aisle_register_variants():
    return [BadFoundations]
"""


def _errors(plugin: str) -> list[str]:
    return [error for name, error in loading.get_registry().errors() if name == plugin]


def _line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text().splitlines(), start=1)
                if text in line)


def test_a_layout_that_fails_in_the_kit_names_the_plugins_line_and_where_it_failed(
        install_plugin: InstallPlugin) -> None:
    path = install_plugin("aisle_badfoundations", KIT_GAME)
    (error,) = _errors("aisle_badfoundations")
    assert error.startswith("bad-foundations: layout() raised AttributeError: ")
    # The plugin's class (no line of the plugin's is in the traceback: the roles were made as
    # the class was), then the kit's line that failed; the plugin's file is not named again.
    where = re.search(r" \(in (.+), line (\d+); failed in (.+), line (\d+)\)$", error)
    assert where is not None, error
    assert where.group(1) == str(path)
    assert int(where.group(2)) == _line_of(path, "class BadFoundations")
    assert where.group(3) == kit_build.__file__
    assert "bad-foundations" not in loading.available_variants()


def test_a_layout_that_fails_in_the_plugin_names_that_line_alone(
        install_plugin: InstallPlugin) -> None:
    source = toy_plugin("failing-layout", "Fails", methods=(
        "def layout(self):\n    return [spec for spec in super().layout()][99]\n"))
    path = install_plugin("aisle_failinglayout", source)
    (error,) = _errors("aisle_failinglayout")
    line = _line_of(path, "[99]")
    assert error == (f"failing-layout: layout() raised IndexError: list index out of range "
                     f"(in {path}, line {line})")


def test_list_games_names_a_plugin_once_when_its_game_shares_its_name(
        install_plugin: InstallPlugin, capsys: pytest.CaptureFixture[str]) -> None:
    source = toy_plugin("somerset", "Somerset", methods=(
        "def layout(self):\n    raise ValueError('no table')\n"))
    install_plugin("somerset", source)
    assert main(["--list-games"]) == 1
    (line,) = [line for line in capsys.readouterr().out.splitlines() if "no table" in line]
    assert line.strip().startswith("somerset: layout() raised ValueError: no table"), line
    assert "somerset: somerset:" not in line


def test_a_game_listed_twice_is_said_to_be_listed_twice(install_plugin: InstallPlugin) -> None:
    source = toy_plugin("twice", "Twice").replace("return [Broken]", "return [Broken, Broken]")
    path = install_plugin("aisle_twice", source)
    assert _errors("aisle_twice") == [
        f"aisle_register_variants lists the game 'twice' twice ({path})"]
    assert loading.get_registry().variants["twice"].plugin == "aisle_twice"


def test_two_games_of_one_plugin_with_one_id_are_told_apart(install_plugin: InstallPlugin) -> None:
    source = toy_plugin("one-id", "One", extra="").replace(
        "return [Broken]", "return [Broken, Other]") + (
        "\n\nclass Other(Broken):\n    name = T('Other')\n")
    path = install_plugin("aisle_oneid", source)
    assert _errors("aisle_oneid") == [
        f"game id 'one-id' is already taken by another of the plugin's games (Broken) ({path})"]


# -- an illegal move a game offers: its refusal, filled in -------------------------------------
def _refuses_every_foundation(self: ToyGame, board: Board, source: Slot, count: int,
                              target: Slot) -> Text | None:
    if target.kind == SlotKind.FOUNDATION:
        return T("Only a {rank} can go onto {place}.", rank="Q", place=T("this foundation"))
    return ToyGame.drop_refusal(self, board, source, count, target)


def _offers_up(self: ToyGame, board: Board, slot_id: str) -> Iterator[Move]:
    yield Move(slot_id, 1, "foundation-1")


def _game(**methods: object) -> Game:
    cls = type("Offering", (ToyGame,), {"id": "offering", "is_lost": lambda self, board: False,
                                        "drop_refusal": _refuses_every_foundation, **methods})
    return Game.new(cls, 1)


def test_a_double_click_offering_an_illegal_move_says_the_refusal_filled_in() -> None:
    game = _game(double_click=_offers_up)
    with pytest.raises(VariantError) as caught:
        game.double_click("tableau-1")
    assert str(caught.value) == (
        "offering: double_click() offered an illegal move "
        f"{Move('tableau-1', 1, 'foundation-1')}: Only a Q can go onto this foundation.")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_safe_move_that_is_illegal_is_told_in_english_filled_in(language: str) -> None:
    game = _game(safe_up_move=lambda self, board: Move("waste", 1, "foundation-1"))
    game.auto_up = True
    i18n.set_language(language)  # a developer's message: the same in every language
    with pytest.raises(VariantError) as caught:
        game.play(Deal())
    assert str(caught.value).endswith(": Only a Q can go onto this foundation.")
    assert "safe_up_move() offered an illegal move" in str(caught.value)
    assert "{" not in str(caught.value)


def test_a_texts_repr_shows_its_parameters() -> None:
    assert repr(T("The stock is empty.")) == "Text('The stock is empty.')"
    assert repr(T("Only a {rank} can go here.", rank="Q")) == (
        "Text('Only a {rank} can go here.', params={'rank': 'Q'})")
    assert repr(T("{card} on {place}", card="Q♥", place=T("the waste"))) == (
        "Text('{card} on {place}', params={'card': 'Q♥', 'place': Text('the waste')})")


# -- aisle solve: the summary counts in the plural only from two deals on ---------------------------
def test_the_solve_summary_says_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "cruel", "--seeds", "1", "--budget", "60"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("summary: 1 deal: 1 won, 0 lost, 0 unknown; median ")
