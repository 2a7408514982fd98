"""Test helper: make a real installed-looking distribution (dist-info + entry points) on sys.path."""

from __future__ import annotations

import textwrap
from pathlib import Path

SAMPLE_PLUGIN = Path(__file__).parent / "data" / "sample_plugin"


def make_distribution(
    root: Path, name: str, modules: dict[str, str], entry_points: dict[str, str], version: str = "0.9"
) -> Path:
    """Write modules and a dist-info folder declaring `entry_points` in group "aisle" under `root`."""
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = "\n".join(f"{key} = {value}" for key, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[aisle]\n{lines}\n")
    for module, source in modules.items():
        path = root / f"{module}.py"
        path.write_text(textwrap.dedent(source))
    return root
