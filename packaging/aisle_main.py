"""The standalone bundle's entry point: the `aisle` command as PyInstaller freezes it.

With AISLE_SOLVER_WORKER set it is the solver's worker process (aisle.solver.background starts
the bundle's own executable so: a frozen program runs no `python -c`). With AISLE_BUNDLE_SMOKE
set, the bundle runs its smoke test instead (see smoke_driver.py): the frozen program can run no
other script, and the smoke test must exercise this very executable.
"""

from __future__ import annotations

import os
import sys


def main() -> int:
    # The solver's worker processes are started from this same executable: they must run the
    # worker, not a second window.
    if os.environ.get("AISLE_SOLVER_WORKER"):
        from aisle.solver.worker import main as worker

        worker()
        return 0
    if os.environ.get("AISLE_BUNDLE_SMOKE"):
        from smoke_driver import run  # type: ignore[import-not-found, unused-ignore]

        return int(run(os.environ["AISLE_BUNDLE_SMOKE"], sys.argv[1:]))
    from aisle.cli import main as aisle

    return aisle()


if __name__ == "__main__":
    sys.exit(main())
