"""Problems a plugin author meets, each said once, naming the plugin and the file it is about:
hooks that return no list, locale and help folders that give nothing, no game at all, and
plugins loaded in a worker thread. (No Qt here.)"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from broken_plugins import InstallPlugin, install_plugin, toy_plugin

from aisle.registry import entry_points, loading, manager

__all__ = ["install_plugin"]  # the fixture, used by name

TESTS = Path(__file__).resolve().parent


def _errors(plugin: str) -> list[str]:
    return [error for name, error in loading.get_registry().errors() if name == plugin]


@pytest.mark.parametrize(("hook", "returned", "kind", "wanted"), [
    ("aisle_register_variants", "'golf'", "a str", "Variant classes"),
    ("aisle_register_variants", "{'golf': 1}", "a dict", "Variant classes"),
    ("aisle_register_variants", "42", "an int", "Variant classes"),
    ("aisle_register_variants", "ToyGame", "a type", "Variant classes"),
    ("aisle_help_dirs", "object()", "an object", "folders"),
    ("aisle_help_dirs", "1.5", "a float", "folders")])
def test_a_hook_that_returns_no_list_is_said_once_with_the_right_article(
        install_plugin: InstallPlugin, hook: str, returned: str, kind: str, wanted: str) -> None:
    source = ("from aisle.hooks import hookimpl\nfrom toy_game import ToyGame\n\n"
              f"@hookimpl\ndef {hook}():\n    return {returned}\n")
    path = install_plugin("aisle_notalist", source)
    assert _errors("aisle_notalist") == [
        f"{hook} returned {kind}, not a list of {wanted} (in {path})"]


@pytest.mark.parametrize(("source", "told"), [
    ("@hookimpl\ndef aisle_register_variant():\n    return [ToyGame]\n",
     "aisle_register_variant is no hook of Aisle's, so it is never called (did you mean "
     "aisle_register_variants?)"),
    ("@hookimpl(specname='aisle_card_deck')\ndef decks():\n    return []\n",
     "aisle_card_deck is no hook of Aisle's, so it is never called (did you mean aisle_card_decks?)"),
    ("@hookimpl\ndef register():\n    return [ToyGame]\n",
     "register is no hook of Aisle's, so it is never called (the hooks: aisle_register_variants, "
     "aisle_locale_dirs, aisle_help_dirs, aisle_card_decks)"),
    ("def aisle_register_variants():\n    return [ToyGame]\n",
     "aisle_register_variants is not marked with @hookimpl (from aisle.hooks import hookimpl), "
     "so it is never called"),
])
def test_a_misspelt_or_unmarked_hook_is_told_not_left_silent(
        install_plugin: InstallPlugin, source: str, told: str) -> None:
    path = install_plugin("aisle_typo", "from aisle.hooks import hookimpl\nfrom toy_game import "
                          "ToyGame\n\n" + source)
    assert _errors("aisle_typo") == [f"{told} (in {path})"]


def test_a_plugin_with_no_hook_at_all_is_told(install_plugin: InstallPlugin) -> None:
    install_plugin("aisle_nohooks", "VALUE = 1\n")
    assert _errors("aisle_nohooks") == [
        "offers none of Aisle's hooks (aisle_register_variants, aisle_locale_dirs, "
        "aisle_help_dirs, aisle_card_decks): mark each with @hookimpl (from aisle.hooks import "
        "hookimpl)"]


@pytest.mark.parametrize("returned", ["(Broken,)", "(game for game in [Broken])"])
def test_a_tuple_or_a_generator_is_taken_as_the_list_it_holds(
        install_plugin: InstallPlugin, returned: str) -> None:
    source = toy_plugin("listed-game", "Listed").replace("return [Broken]", f"return {returned}")
    install_plugin("aisle_listed", source)
    assert _errors("aisle_listed") == []
    assert "listed-game" in loading.available_variants()


def test_other_hooks_that_return_no_list_say_what_they_should_return(
        install_plugin: InstallPlugin) -> None:
    source = ("from aisle.hooks import hookimpl\n\n"
              "@hookimpl\ndef aisle_locale_dirs():\n    return 'locale'\n\n"
              "@hookimpl\ndef aisle_help_dirs():\n    return {'help': 1}\n")
    path = install_plugin("aisle_textsonly", source)
    assert _errors("aisle_textsonly") == [
        f"aisle_locale_dirs returned a str, not a list of (domain, folder) pairs (in {path})",
        f"aisle_help_dirs returned a dict, not a list of folders (in {path})"]


def _texts_plugin(locale: str, help_folder: str) -> str:
    return ("from pathlib import Path\nfrom aisle.hooks import hookimpl\n\n"
            "HERE = Path(__file__).parent\n\n"
            f"@hookimpl\ndef aisle_locale_dirs():\n    return [('texts', HERE / {locale!r})]\n\n"
            f"@hookimpl\ndef aisle_help_dirs():\n    return [HERE / {help_folder!r}]\n")


def test_locale_and_help_folders_that_do_not_exist_are_reported(
        install_plugin: InstallPlugin) -> None:
    path = install_plugin("aisle_nofolders", _texts_plugin("locale", "help"))
    here = path.parent
    assert _errors("aisle_nofolders") == [
        f"aisle_locale_dirs: the folder {here / 'locale'} does not exist (in {path})",
        f"aisle_help_dirs: the folder {here / 'help'} does not exist (in {path})"]


def test_folders_built_without_their_catalogs_and_pages_are_reported(
        install_plugin: InstallPlugin) -> None:
    # As setuptools builds a package without package data: the folders, but no .po or .md.
    path = install_plugin("aisle_emptyfolders", _texts_plugin("locale", "help"), files={
        "locale/de/LC_MESSAGES/other.po": "", "help/de/LC_MESSAGES/aisle-help.po": ""})
    errors = _errors("aisle_emptyfolders")
    assert len(errors) == 2
    assert errors[0].startswith(f"aisle_locale_dirs: the folder {path.parent / 'locale'} holds "
                                "no catalog of the domain 'texts'")
    assert errors[1].startswith(f"aisle_help_dirs: the folder {path.parent / 'help'} holds no "
                                "help page (<page>.md)")
    assert all(error.endswith(f"(in {path})") for error in errors)


def test_complete_folders_are_not_reported(install_plugin: InstallPlugin) -> None:
    install_plugin("aisle_goodfolders", _texts_plugin("locale", "help"), files={
        "locale/de/LC_MESSAGES/texts.po": "", "help/texts.md": "# Texts\n"})
    assert _errors("aisle_goodfolders") == []


def test_list_games_reports_folder_problems_with_plugin_and_file(
        install_plugin: InstallPlugin) -> None:
    path = install_plugin("aisle_listfolders", _texts_plugin("locale", "help"))
    env_path = os.pathsep.join([str(path.parent), str(TESTS)])
    result = subprocess.run([sys.executable, "-m", "aisle", "--list-games"], capture_output=True,
                            text=True, timeout=120, env=_env(PYTHONPATH=env_path))
    assert result.returncode == 1  # a plugin's error fails the listing
    expected = (f"  aisle_listfolders: aisle_locale_dirs: the folder {path.parent / 'locale'} "
                f"does not exist (in {path})")
    assert expected in result.stdout.splitlines()


def test_an_import_error_names_the_file_and_line(install_plugin: InstallPlugin) -> None:
    path = install_plugin("aisle_badimport", "x = 1\nraise RuntimeError('no import today')\n")
    (error,) = _errors("aisle_badimport")
    assert error == ("cannot be imported (aisle_badimport): RuntimeError: no import today "
                     f"(in {path}, line 2)")


def test_a_syntax_error_names_its_place_once(install_plugin: InstallPlugin) -> None:
    path = install_plugin("aisle_badsyntax", "x = 1\ndef broken(:\n    pass\n")
    (error,) = _errors("aisle_badsyntax")
    assert error == f"cannot be imported (aisle_badsyntax): SyntaxError: invalid syntax (in {path}, line 2)"


def test_a_missing_module_is_told_at_the_plugin_s_import_not_inside_python(
        install_plugin: InstallPlugin) -> None:
    path = install_plugin("aisle_nomodule", "x = 1\nimport aisle_no_such_module\n")
    (error,) = _errors("aisle_nomodule")
    assert error == ("cannot be imported (aisle_nomodule): ModuleNotFoundError: No module named "
                     f"'aisle_no_such_module' (in {path}, line 2)")


def test_an_entry_point_naming_a_missing_attribute_says_where_to_look(
        install_plugin: InstallPlugin, monkeypatch: pytest.MonkeyPatch) -> None:
    install_plugin("aisle_noattr", "x = 1\n")
    real = entry_points.entry_points

    def pointing_at_plugin(group: str, distribution: str | None = None) -> list[entry_points.EntryPoint]:
        return [point._replace(value="aisle_noattr:plugin") if point.name == "aisle_noattr" else point
                for point in real(group, distribution)]

    monkeypatch.setattr(manager, "entry_points", pointing_at_plugin)
    loading.reset_registry()
    (error,) = _errors("aisle_noattr")
    assert error == (
        "cannot be imported (aisle_noattr:plugin): MissingTargetError: aisle_noattr has no 'plugin': the "
        "entry point aisle_noattr = aisle_noattr:plugin of the distribution aisle-aisle_noattr "
        "names it (its [project.entry-points.aisle] table)")


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", **extra}


def test_with_every_plugin_switched_off_the_listing_says_why_and_what_to_do() -> None:
    names = ",".join(point.name for point in entry_points.entry_points(entry_points.GROUP))
    result = subprocess.run([sys.executable, "-m", "aisle", "--list-games"], capture_output=True,
                            text=True, timeout=120, env=_env(AISLE_DISABLE_PLUGINS=names))
    assert result.returncode == 0
    assert ("Every game plugin is switched off: the environment variable AISLE_DISABLE_PLUGINS"
            in result.stdout)
    assert "klondike" in result.stdout and "start Aisle again" in result.stdout


def test_why_no_games_tells_switched_off_broken_and_none_apart(
        monkeypatch: pytest.MonkeyPatch, install_plugin: InstallPlugin) -> None:
    every = [point.name for point in entry_points.entry_points(entry_points.GROUP)]
    monkeypatch.setenv(entry_points.DISABLE_VARIABLE, ",".join(every))
    loading.reset_registry()
    assert "switched off" in loading.why_no_games().msgid
    install_plugin("aisle_onlybroken", "raise ImportError('nothing here')\n")
    assert "every installed game plugin has errors" in loading.why_no_games().msgid
    for user in (loading, manager):  # the early look for a built-in game, and the full registry
        monkeypatch.setattr(user, "entry_points", lambda group, distribution=None: [])
    monkeypatch.delenv(entry_points.DISABLE_VARIABLE)
    loading.reset_registry()
    assert "No game is installed" in loading.why_no_games().msgid


def test_plugins_load_in_a_worker_thread_while_this_one_goes_on(
        install_plugin: InstallPlugin) -> None:
    gate = ("import threading\nOPEN = threading.Event()\nSTARTED = threading.Event()\n")
    slow = toy_plugin("slow-game", "Slow", extra=(
        "import aisle_gate\naisle_gate.STARTED.set()\naisle_gate.OPEN.wait(60)\n"))
    install_plugin("aisle_slow", slow, files={"aisle_gate.py": gate})
    sys.modules.pop("aisle_gate", None)
    import aisle_gate

    done = threading.Event()
    try:
        loading.load_in_background(done.set)
        assert aisle_gate.STARTED.wait(60)
        # The import is held: this thread is free, and knows the plugins are still loading.
        assert loading.plugins_loading() and not done.is_set()
        assert "slow-game" not in loading.games_so_far()
    finally:
        aisle_gate.OPEN.set()
        sys.modules.pop("aisle_gate", None)
    assert done.wait(60)
    assert not loading.plugins_loading()
    assert "slow-game" in loading.games_so_far() and "klondike" in loading.games_so_far()


def test_an_option_label_that_is_no_text_is_reported(install_plugin: InstallPlugin) -> None:
    source = toy_plugin("plain-labels", "Plain Labels", extra=(
        "from aisle.variant import Choice, Option\n"), methods=(
        "options = (Option('redeals', 'Redeals', (Choice('none', T('None')),\n"
        "                                         Choice('one', 'One')), 'one'),)\n"))
    path = install_plugin("aisle_plainlabels", source)
    assert _errors("aisle_plainlabels") == [
        f"plain-labels: option 'redeals' has a label that is not a Text ({path})"]
    assert "plain-labels" not in loading.available_variants()


def test_a_game_without_its_help_page_is_told_once(install_plugin: InstallPlugin, tmp_path: Path) -> None:
    help_dir = tmp_path / "somehelp"
    help_dir.mkdir()
    (help_dir / "other.md").write_text("# Other\n\nA page of another name.\n", encoding="utf-8")
    source = toy_plugin("pageless", "Pageless").replace("help_page = 'klondike'", "help_page = None") + (
        f"\n\n@hookimpl\ndef aisle_help_dirs():\n    return [{str(help_dir)!r}]\n")
    path = install_plugin("aisle_pageless", source)
    assert _errors("aisle_pageless") == [
        f"pageless: no help page pageless.md in its help folders ({help_dir}); Help on the game "
        f"shows How to play Aisle instead ({path})"]
    (help_dir / "pageless.md").write_text("# Pageless\n\nIts page.\n", encoding="utf-8")
    loading.reset_registry()
    assert _errors("aisle_pageless") == []


def test_a_game_that_cannot_deal_is_told_as_it_loads(install_plugin: InstallPlugin) -> None:
    source = toy_plugin("nodeal", "No Deal", methods="""
        def deal(self, board, deck):
            raise ValueError("the deal leaves 3 cards in no slot")
    """)
    path = install_plugin("aisle_nodeal", source)
    [error] = _errors("aisle_nodeal")
    assert error.startswith("nodeal: deal() raised ValueError: the deal leaves 3 cards in no slot")
    assert str(path) in error
    assert "nodeal" not in loading.available_variants()


def test_a_slot_off_the_table_is_told_with_its_place_and_the_limits() -> None:
    from aisle.engine import SlotKind, SlotSpec
    from aisle.registry.checks import layout_problem

    told = layout_problem("far", [SlotSpec("stock", SlotKind.STOCK, 0, 0),
                                  SlotSpec("foundation-4", SlotKind.FOUNDATION, 41.5, 0)])
    assert told == ("far: slot 'foundation-4' lies outside the table (at x=41.5, y=0; a slot "
                    "stands within 0 to 40 card places across and down)")


def test_a_wheel_allowed_while_aisle_runs_may_name_one_of_aisle_s_pages(
        install_plugin: InstallPlugin) -> None:
    install_plugin("aisle_pageaway", toy_plugin("page-away", "Away"))  # help_page = 'klondike'
    later = manager.Registry(publish_now=False)  # as for wheels allowed while Aisle runs
    later.load_distribution("aisle-aisle_pageaway")
    assert [error for plugin in later.plugins for error in plugin.errors] == []
    registry = loading.get_registry()
    registry.absorb(later)
    assert _errors("aisle_pageaway") == []
