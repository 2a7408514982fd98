"""Read the Aisle window over AT-SPI, as a screen reader does (run by /usr/bin/python3, which has
Debian's pyatspi; the test itself runs in the project's environment): for tests/test_atspi.py.

    python3 atspi_reader.py focus    one line of JSON: the focused objects of the application
                                     "aisle", each [role, name, description]
    python3 atspi_reader.py listen   prints "ready", then one line of JSON per announcement or
                                     name change (["announcement" or "name", text]) until
                                     stdin closes
"""

from __future__ import annotations

import json
import sys
import threading

import pyatspi


def _focused(accessible, found):
    if accessible is None:
        return found
    if accessible.getState().contains(pyatspi.STATE_FOCUSED):
        found.append([accessible.getRoleName(), accessible.name, accessible.description])
    if accessible.getRoleName() not in ("menu bar", "tool bar", "status bar"):
        for index in range(accessible.childCount):
            _focused(accessible.getChildAtIndex(index), found)
    return found


def focus():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == "aisle":
            print(json.dumps(_focused(app, [])), flush=True)
            return 0
    print(json.dumps(None), flush=True)
    return 1


def listen():
    def heard(event):
        if event.type.startswith("object:announcement"):
            print(json.dumps(["announcement", str(event.any_data)]), flush=True)
        elif event.type.startswith("object:property-change:accessible-name"):
            print(json.dumps(["name", event.source.name]), flush=True)

    pyatspi.Registry.registerEventListener(
        heard, "object:announcement", "object:property-change:accessible-name")

    def until_stdin_closes():
        sys.stdin.read()
        pyatspi.Registry.stop()

    threading.Thread(target=until_stdin_closes, daemon=True).start()
    print("ready", flush=True)
    pyatspi.Registry.start()
    return 0


if __name__ == "__main__":
    sys.exit(focus() if sys.argv[1] == "focus" else listen())
