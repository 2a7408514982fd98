"""Plugin wheels the player allows while Aisle runs: loaded at once, without a restart.

The allowed wheels are checked again, unpacked and their plugins imported in a worker thread,
into a registry of their own (a slow or hostile import never freezes the window, and the
process-wide registry is never changed from another thread); the caller's thread then takes
it in with `Registry.absorb`.

No Qt here.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping

from aisle.registry.collect import PluginInfo
from aisle.registry.entry_points import BUILTIN_DISTRIBUTION, GROUP
from aisle.registry.manager import Registry

log = logging.getLogger(__name__)


def load_allowed(allowed: Mapping[str, str], done: Callable[[Registry], None]) -> None:
    """Load the wheels `allowed` (SHA-256: file name) in a worker thread; `done(registry)` is
    called from that thread with a registry of their plugins (and their wheels' states)."""

    def work() -> None:
        registry = Registry(publish_now=False)
        try:
            _load(registry, allowed)
        except BaseException as error:  # outside any one plugin: said, and the thread ends well
            log.exception("the allowed plugin wheels could not be loaded")
            registry.plugins.append(PluginInfo(
                GROUP, BUILTIN_DISTRIBUTION, "?", __name__,
                errors=[f"loading the allowed plugin wheels stopped: "
                        f"{type(error).__name__}: {error}"]))
        finally:
            done(registry)

    threading.Thread(target=work, name="aisle-allowed-wheels", daemon=True).start()


def _load(registry: Registry, allowed: Mapping[str, str]) -> None:
    from aisle.registry.consent import Answer, Permissions
    from aisle.registry.wheels import WheelStatus, add_wheel_folders

    # Only these answers: every other wheel is left as the start left it.
    permissions = Permissions({digest: (file, Answer.ALLOW) for digest, file in allowed.items()})
    files = set(allowed.values())
    registry.wheels = [wheel for wheel in add_wheel_folders(permissions) if wheel.file in files]
    for wheel in registry.wheels:
        if wheel.status is WheelStatus.USED and wheel.info is not None:
            registry.load_distribution(wheel.info.name)
    registry.note_broken_wheels()
