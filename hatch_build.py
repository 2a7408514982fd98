"""Build hook: compile the .po catalogs in translations/ into the wheel (aisle/locale/).

Compiled catalogs are built, not committed. An editable install skips this: it reads the .po
files straight from the checkout (aisle.i18n compiles them in memory on first use).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogs(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        out = Path(tempfile.mkdtemp(prefix="aisle-mo-"))
        for po in sorted(Path(self.root, "translations").glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(Path(self.root, "translations")).with_suffix(".mo")
            target = out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source)
            with target.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            build_data["force_include"][str(target)] = f"aisle/locale/{relative.as_posix()}"
