"""Test helper: plugins broken on purpose, installed the real way (a dist-info with an entry
point on sys.path) and loaded by a fresh registry; everything is undone after the test.

Use the `install_plugin` fixture (import it into the test module) with `toy_plugin(...)`, the
source of a plugin whose game is the toy game with some methods replaced.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from plugin_factory import make_distribution

from aisle import i18n
from aisle.registry import loading

InstallPlugin = Callable[..., Path]


def toy_plugin(game_id: str, title: str, methods: str = "", extra: str = "") -> str:
    """A plugin module offering the toy game as `game_id`, with `methods` (indented as in a
    class body) replacing the toy game's; `extra` is module code put before the class."""
    body = textwrap.indent(textwrap.dedent(methods), "    ") if methods.strip() else "    pass"
    return (
        "from aisle.hooks import hookimpl\n"
        "from aisle.i18n import T\n"
        "from toy_game import ToyGame\n"
        f"{textwrap.dedent(extra)}\n\n"
        "class Broken(ToyGame):\n"
        f"    id = {game_id!r}\n"
        f"    name = T({title!r})\n"
        "    description = T('A game broken on purpose for a test.')\n"
        "    help_page = 'klondike'  # one of Aisle's pages: its help is not what is tested\n"
        f"{body}\n\n\n"
        "@hookimpl\n"
        "def aisle_register_variants():\n"
        "    return [Broken]\n"
    )


@pytest.fixture
def install_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[InstallPlugin]:
    """`install(module, source, distribution=..., version=..., files=...)` puts a plugin on
    sys.path (entry point named like the module) and returns its file; the registry is
    reloaded on next use. `files` are more files to write next to it (name: text)."""
    modules: list[str] = []
    monkeypatch.setattr(i18n, "_folders", {key: list(value) for key, value in i18n._folders.items()})
    monkeypatch.setattr(i18n, "_cache", {})

    def install(module: str, source: str, distribution: str | None = None,
                version: str = "1.0", files: dict[str, str] | None = None) -> Path:
        root = tmp_path / f"site-{module}-{version}"
        make_distribution(root, distribution or f"aisle-{module}", {module: source},
                          {module: module}, version=version)
        for name, text in (files or {}).items():
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        monkeypatch.syspath_prepend(str(root))
        sys.modules.pop(module, None)
        modules.append(module)
        loading.reset_registry()
        return root / f"{module}.py"

    yield install
    for module in modules:
        sys.modules.pop(module, None)
    loading.reset_registry()
