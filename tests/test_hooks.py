"""Plugin discovery through real entry points, and broken plugins that never take the rest down."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
from plugin_factory import SAMPLE_PLUGIN, make_distribution

from aisle.engine import Game
from aisle.registry import collect, entry_points, specs
from aisle.registry.manager import Registry

BROKEN = {
    "aisle_fails_import": "raise RuntimeError('the plugin is broken on purpose')\n",
    "aisle_raises_in_hook": """
        from aisle.hooks import hookimpl

        @hookimpl
        def aisle_register_variants():
            raise ValueError("no games today")
    """,
    "aisle_bad_variant": """
        from aisle.hooks import hookimpl
        from aisle.engine import SlotKind, SlotSpec
        from aisle.i18n import T
        from aisle.variant import Variant

        class NoId(Variant):
            name = T("No id")
            description = T("Has no id.")

        class BadLayout(Variant):
            id = "bad-layout"
            name = T("Bad layout")
            description = T("Two slots share an id.")
            def layout(self):
                return [SlotSpec("stock", SlotKind.STOCK, 0, 0), SlotSpec("stock", SlotKind.WASTE, 1, 0)]

        @hookimpl
        def aisle_register_variants():
            return [NoId, BadLayout, "not a class"]
    """,
}


@pytest.fixture
def plugin_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "site"
    shutil.copytree(SAMPLE_PLUGIN / "aisle_sample", root / "aisle_sample")
    make_distribution(root, "aisle-sample-plugin", {}, {"sample": "aisle_sample"}, version="1.2.3")
    broken = tmp_path / "broken"
    make_distribution(
        broken, "aisle-broken", BROKEN,
        {"fails-import": "aisle_fails_import", "raises-in-hook": "aisle_raises_in_hook",
         "bad-variant": "aisle_bad_variant"},
    )
    monkeypatch.syspath_prepend(str(broken))
    monkeypatch.syspath_prepend(str(root))
    return root


def test_sample_plugin_is_found_through_its_entry_point(plugin_root: Path) -> None:
    registry = Registry()
    registry.load_entry_points()
    info = registry.variants["sample-climb"]
    assert (info.plugin, info.distribution, info.version) == ("sample", "aisle-sample-plugin", "1.2.3")
    game = Game.new(info.variant, 3)
    assert game.legal_actions()


def test_broken_plugins_are_reported_and_the_rest_works(plugin_root: Path) -> None:
    registry = Registry()
    registry.load_entry_points()
    errors = dict(registry.errors())
    assert "cannot be imported" in errors["fails-import"] and "broken on purpose" in errors["fails-import"]
    assert "aisle_register_variants raised ValueError" in errors["raises-in-hook"]
    bad = [error for name, error in registry.errors() if name == "bad-variant"]
    assert any("no valid id" in error for error in bad)
    assert any("used twice" in error for error in bad)
    assert any("not a Variant subclass" in error for error in bad)
    assert "sample-climb" in registry.variants
    assert "bad-layout" not in registry.variants


def test_duplicate_game_id_is_refused(plugin_root: Path) -> None:
    registry = Registry()
    registry.load_entry_points()
    sample = registry.variants["sample-climb"].variant
    copy = collect.PluginInfo("copycat", "copycat-dist", "1.0", "copycat")

    class Plugin:
        @specs.hookimpl
        def aisle_register_variants(self) -> list[type]:
            return [sample]

    registry.add_plugin(Plugin(), copy)
    assert copy.games == []
    assert any("already taken by plugin 'sample'" in error for error in copy.errors)


def test_plugins_can_be_switched_off(plugin_root: Path) -> None:
    registry = Registry()
    registry.load_entry_points(disabled=["sample", "aisle-broken"])
    assert "sample-climb" not in registry.variants
    assert registry.errors() == []


def test_disable_variable_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AISLE_DISABLE_PLUGINS", " sample, cruel ,,")
    assert entry_points.disabled_plugins() == ["sample", "cruel"]


def test_locale_and_help_folders_come_from_hooks(tmp_path: Path) -> None:
    registry = Registry()
    info = collect.PluginInfo("texts", "texts-dist", "1.0", "texts")
    # Folders that hold what they are named for (an empty or missing one is reported).
    (tmp_path / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "locale" / "de" / "LC_MESSAGES" / "texts-domain.po").write_text("")
    (tmp_path / "help").mkdir()
    (tmp_path / "help" / "texts.md").write_text("# Texts\n")

    class Plugin:
        @specs.hookimpl
        def aisle_locale_dirs(self) -> list[tuple[str, Path]]:
            return [("texts-domain", tmp_path / "locale")]

        @specs.hookimpl
        def aisle_help_dirs(self) -> list[Path]:
            return [tmp_path / "help"]

    registry.add_plugin(Plugin(), info)
    from aisle.i18n import locale_folders

    assert tmp_path / "locale" in locale_folders("texts-domain")
    assert info.help_dirs == [tmp_path / "help"]
    assert info.errors == []


def test_builtin_games_come_through_entry_points() -> None:
    registry = Registry()
    registry.load_entry_points()
    builtin = {p.name: p for p in registry.plugins if p.distribution == "aisle"}
    assert set(builtin) >= {"klondike", "cruel", "spider-three-decks", "doublets"}


def test_entry_points_are_read_as_importlib_metadata_reads_them(plugin_root: Path) -> None:
    # The registry reads dist-info folders itself (importing importlib.metadata is slow); it
    # must find exactly what importlib.metadata finds, for our group and for a busy one.
    from importlib import metadata

    for group in ("aisle", "console_scripts"):
        theirs = sorted((e.name, e.value, e.dist.name if e.dist else "?", e.dist.version if e.dist else "?")
                        for e in metadata.entry_points(group=group))
        ours = sorted((e.name, e.value, e.distribution, e.version) for e in entry_points.entry_points(group))
        assert ours == theirs
    assert any(e.distribution == "aisle-sample-plugin" for e in entry_points.entry_points("aisle"))


@pytest.mark.parametrize("options", [
    {}, {"tryfirst": True}, {"trylast": True}, {"hookwrapper": True}, {"wrapper": True},
    {"optionalhook": True}, {"specname": "aisle_help_dirs"},
])
def test_hookimpl_marks_as_pluggy_does(options: dict[str, object]) -> None:
    import pluggy

    def ours() -> None: ...

    def theirs() -> None: ...

    (specs.hookimpl(**options) if options else specs.hookimpl)(ours)  # type: ignore[call-overload]
    (pluggy.HookimplMarker("aisle")(**options) if options  # type: ignore[call-overload]
     else pluggy.HookimplMarker("aisle"))(theirs)
    assert ours.aisle_impl == theirs.aisle_impl  # type: ignore[attr-defined]


def test_hookspec_marks_as_pluggy_does() -> None:
    import pluggy

    def ours() -> None: ...

    def theirs() -> None: ...

    specs.hookspec(firstresult=True)(ours)
    pluggy.HookspecMarker("aisle")(firstresult=True)(theirs)
    assert ours.aisle_spec == theirs.aisle_spec  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="historic firstresult"):
        specs.hookspec(ours, firstresult=True, historic=True)


def test_hookimpl_options_reach_pluggy() -> None:
    registry = Registry()
    calls: list[str] = []

    class Late:
        @specs.hookimpl(trylast=True)
        def aisle_help_dirs(self) -> list[Path]:
            calls.append("late")
            return []

    class Early:
        @specs.hookimpl(tryfirst=True, specname="aisle_help_dirs")
        def help_folders(self) -> list[Path]:
            calls.append("early")
            return []

    registry.add_plugin(Late(), collect.PluginInfo("late", "late-dist", "1.0", "late"))
    registry.add_plugin(Early(), collect.PluginInfo("early", "early-dist", "1.0", "early"))
    calls.clear()
    registry.manager.hook.aisle_help_dirs()
    assert calls == ["early", "late"]
    impls = registry.manager.hook.aisle_help_dirs.get_hookimpls()
    assert [(impl.plugin_name, impl.tryfirst, impl.trylast) for impl in impls] == [
        ("late", False, True), ("early", True, False)]


def _module(source: str) -> ModuleType:
    module = ModuleType("aisle_probe")
    exec(textwrap.dedent(source), module.__dict__)
    return module


def test_plain_hooks_are_read_without_pluggy_and_the_rest_left_to_it() -> None:
    plain = _module("""
        from aisle.hooks import hookimpl

        def helper():
            return 1

        @hookimpl
        def aisle_register_variants():
            return []

        @hookimpl
        def aisle_help_dirs():
            return []
    """)
    functions = collect.plain_hooks(plain)
    assert functions == {"aisle_register_variants": plain.aisle_register_variants,
                         "aisle_help_dirs": plain.aisle_help_dirs}
    for special in ("@hookimpl(tryfirst=True)\ndef aisle_register_variants():\n    return []",
                    "@hookimpl(specname='aisle_help_dirs')\ndef folders():\n    return []",
                    "@hookimpl\ndef aisle_unknown_hook():\n    return []",
                    "@hookimpl\ndef aisle_register_variants(extra):\n    return []",
                    "aisle_help_dirs = staticmethod(hookimpl(lambda: []))"):
        module = _module("from aisle.hooks import hookimpl\n" + special)
        assert collect.plain_hooks(module) is None, special
    assert collect.plain_hooks(object()) is None
