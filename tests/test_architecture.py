"""The engine, the variant API, the hooks and the games never import Qt (checked in a clean process)."""

from __future__ import annotations

import subprocess
import sys

CORE_MODULES = [
    "aisle.engine", "aisle.variant", "aisle.hooks", "aisle.registry.games", "aisle.registry.manager",
    "aisle.i18n", "aisle.testing", "aisle.cli",
    # The start-up reads these before it imports Qt (see aisle.launch).
    "aisle.launch", "aisle.storage", "aisle.stats", "aisle.session",
    "aisle_klondike", "aisle_cruel", "aisle_spider_three_decks", "aisle_doublets",
]


def test_core_and_plugins_import_no_qt() -> None:
    code = (
        "import sys\n"
        f"for name in {CORE_MODULES!r}:\n"
        "    __import__(name)\n"
        "from aisle.registry.games import new_game\n"
        "from aisle.registry.loading import available_variants\n"
        "for variant_id in available_variants():\n"
        "    game = new_game(variant_id, 1)\n"
        "    game.legal_actions(); game.hint(); game.to_json()\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'aisle.ui')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"imported Qt: {result.stdout}"


def test_no_room_below_the_window_imports_the_main_window() -> None:
    """Each part gets the few collaborators it uses; only `ui/window/` and `ui/app.py` know the
    main window, not even for type checking (which the import-linter contracts leave out)."""
    import grimp

    graph = grimp.build_graph("aisle", exclude_type_checking_imports=False)
    main_window = "aisle.ui.window.main_window"
    importers = sorted(name for name in graph.find_modules_that_directly_import(main_window)
                       if name != "aisle.ui.app" and not name.startswith("aisle.ui.window."))
    assert importers == []
