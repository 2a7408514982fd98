"""The standalone bundle's entry point: the `aisle` command as PyInstaller freezes it.

With AISLE_BUNDLE_SMOKE set, the bundle runs its smoke test instead (see smoke_driver.py): the
frozen program can run no other script, and the smoke test must exercise this very executable.
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def main() -> int:
    # The solver's worker processes are spawned from this same executable: they must run the
    # worker, not a second window.
    multiprocessing.freeze_support()
    if os.environ.get("AISLE_BUNDLE_SMOKE"):
        from smoke_driver import run  # type: ignore[import-not-found, unused-ignore]

        return int(run(os.environ["AISLE_BUNDLE_SMOKE"], sys.argv[1:]))
    from aisle.cli import main as aisle

    return aisle()


if __name__ == "__main__":
    sys.exit(main())
