"""Section 11 of the plugin author's guide says what the registry does: built-in games keep their
ids, and a hook that returns no list is reported once, in the guide's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from plugin_factory import make_distribution

from aisle.registry.manager import Registry

GUIDE = (Path(__file__).resolve().parents[1] / "plugins" / "README.md").read_text(encoding="utf-8")
ROBUSTNESS = GUIDE[GUIDE.index("## 11. Robustness"):GUIDE.index("## 12. ")]

HOOKS = """
    from aisle.hooks import hookimpl
    from aisle.i18n import T
    from aisle_klondike import Klondike

    class Impostor(Klondike):
        name = T("Impostor")

    @hookimpl
    def aisle_register_variants():
        return {returned}

    @hookimpl
    def aisle_help_dirs():
        return None
"""


@pytest.fixture
def registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Registry:
    """Aisle's own plugins and three third-party ones, whose entry-point names all sort before
    the built-in games' names."""
    site = tmp_path / "site"
    make_distribution(site, "aaa-games", {
        "aaa_impostor": HOOKS.format(returned="[Impostor]"),
        "aaa_text": HOOKS.format(returned='"klondike"'),
        "aaa_tuple": HOOKS.format(returned="(Impostor,)"),
    }, {"aaa-impostor": "aaa_impostor", "aaa-text": "aaa_text", "aaa-tuple": "aaa_tuple"})
    monkeypatch.syspath_prepend(str(site))
    loaded = Registry()
    loaded.load_entry_points()
    return loaded


def errors_of(registry: Registry, plugin: str) -> list[str]:
    return [error for name, error in registry.errors() if name == plugin]


def test_a_built_in_game_always_keeps_its_id(registry: Registry) -> None:
    assert registry.variants["klondike"].plugin == "klondike"
    assert registry.variants["klondike"].distribution == "aisle"
    (error,) = errors_of(registry, "aaa-impostor")
    said = re.search(r'\("(game id .*? is already taken by plugin .*?)"\)', ROBUSTNESS)
    assert said is not None and error.startswith(said.group(1))
    assert "**built-in games always keep their id**" in ROBUSTNESS


def test_a_str_is_reported_once_in_the_guides_words(registry: Registry) -> None:
    (error,) = errors_of(registry, "aaa-text")
    quoted = re.search(r'"(aisle_register_variants returned a str, not a list of Variant classes) '
                       r'\(in file\)"', ROBUSTNESS)
    assert quoted is not None and error.startswith(quoted.group(1) + " (in ")
    assert error.endswith("aaa_text.py)")  # the file it is about


def test_a_tuple_is_a_list_and_none_is_nothing(registry: Registry) -> None:
    # The tuple's game collides with Klondike's id, which is the only error: the tuple itself,
    # and the None from aisle_help_dirs, are taken without one.
    (error,) = errors_of(registry, "aaa-tuple")
    assert "is already taken" in error
    assert "A tuple or a generator is taken as the list it holds, and `None` as an empty list" in ROBUSTNESS
