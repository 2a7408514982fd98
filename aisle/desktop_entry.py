"""A menu entry for Linux desktops: `aisle --install-desktop-entry` / `--uninstall-desktop-entry`.

Copies the desktop entry, the AppStream metainfo and the icons (packaging/linux/ of a checkout,
``aisle/desktop/`` in the wheel) into the user's XDG data folder, the desktop entry's ``Exec``
pointing at the program now running: the bundle's executable, the installed ``aisle`` script, or
this Python with ``-m aisle``. No administrator rights are needed, and uninstalling removes
exactly the files installing wrote.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from aisle.i18n import _, ngettext

#: The application's id: the desktop entry's and metainfo's file names, the icon's name.
APP_ID = "io.github.aisle_solitaire.Aisle"
_HERE = Path(__file__).resolve().parent
#: The icon's vector original (the window's icon too).
SVG_ICON = _HERE / "ui" / "art" / "aisle.svg"


def source_folder() -> Path | None:
    """The files to install: in the wheel, or in the checkout next to pyproject.toml."""
    packaged = _HERE / "desktop"
    if (packaged / f"{APP_ID}.desktop").is_file():
        return packaged
    checkout = _HERE.parent / "packaging" / "linux"
    if (_HERE.parent / "pyproject.toml").is_file() and (checkout / f"{APP_ID}.desktop").is_file():
        return checkout
    return None


def data_home(environ: Mapping[str, str], home: Path) -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset or relative (the XDG spec says to
    ignore a relative one)."""
    value = environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else home / ".local" / "share"


def current_command() -> list[str]:
    """The command line that starts the Aisle now running, as absolute paths."""
    if getattr(sys, "frozen", False):  # a PyInstaller bundle: its own executable
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    # The installed `aisle` script (pip, pipx); `python -m aisle` gives aisle/__main__.py instead.
    if script is not None and script.name.startswith("aisle") and script.suffix in ("", ".exe") \
            and script.is_file():
        return [str(script.resolve())]
    return [str(Path(sys.executable).absolute()), "-m", "aisle"]


def exec_line(command: Sequence[str]) -> str:
    """`command` as a desktop entry's Exec value: each argument quoted where it must be, with the
    escapes the Desktop Entry Specification asks for."""
    parts = []
    for argument in command:
        argument = argument.replace("%", "%%")
        if re.search(r"[\s\"'\\><~|&;$*?#()`]", argument):
            argument = '"' + re.sub(r'(["`$\\])', r"\\\1", argument) + '"'
        parts.append(argument)
    # The whole value is a string: its backslashes are escaped once more.
    return " ".join(parts).replace("\\", "\\\\")


def targets(home: Path) -> dict[str, Path]:
    """Where each installed file goes under the data folder `home` (source name: target)."""
    found: dict[str, Path] = {
        f"{APP_ID}.desktop": home / "applications" / f"{APP_ID}.desktop",
        f"{APP_ID}.metainfo.xml": home / "metainfo" / f"{APP_ID}.metainfo.xml",
        "aisle.svg": home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
    }
    folder = source_folder()
    for png in sorted((folder / "icons").glob("*/aisle.png")) if folder is not None else []:
        size = png.parent.name
        found[f"icons/{size}/aisle.png"] = home / "icons" / "hicolor" / size / "apps" / f"{APP_ID}.png"
    return found


def desktop_text(template: str, command: Sequence[str]) -> str:
    """The packaged desktop entry with Exec (and TryExec) naming `command`."""
    out = []
    for line in template.splitlines():
        if line.startswith("TryExec="):
            continue
        if line.startswith("Exec="):
            # TryExec hides the entry once the program is gone (it takes a plain path only).
            if not re.search(r"\s", command[0]):
                out.append(f"TryExec={command[0]}")
            line = f"Exec={exec_line(command)}"
        out.append(line)
    return "\n".join(out) + "\n"


def install(home: Path, command: Sequence[str]) -> list[Path]:
    """Write the desktop entry, metainfo and icons under `home`; the paths written."""
    folder = source_folder()
    if folder is None:
        raise FileNotFoundError(_("The desktop entry is not part of this installation of Aisle."))
    written = []
    for name, target in targets(home).items():
        if name.endswith(".desktop"):
            data = desktop_text((folder / name).read_text(encoding="utf-8"), command).encode()
        elif name == "aisle.svg":
            data = SVG_ICON.read_bytes()
        else:
            data = (folder / name).read_bytes()
        _write(target, data)
        written.append(target)
    return written


def uninstall(home: Path) -> list[Path]:
    """Remove what `install` wrote under `home` (files only); the paths removed."""
    removed = []
    for target in targets(home).values():
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        removed.append(target)
    return removed


def _write(target: Path, data: bytes) -> None:
    """Write atomically: a desktop never reads half a file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def run(install_entry: bool) -> int:
    """The command-line options: print what was done; 0 on success, 2 when it cannot be done."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print(_("The desktop entry is for Linux desktops; on this system start Aisle from where it "
                "is installed."), file=sys.stderr)
        return 2
    home = data_home(os.environ, Path.home())
    try:
        if install_entry:
            command = current_command()
            install(home, command)
            print(_("Aisle is now in your applications menu (it may take a moment to appear)."))
            print(_("Menu entry: {file}").format(file=targets(home)[f"{APP_ID}.desktop"]))
            print(_("It starts: {command}").format(command=" ".join(command)))
            return 0
        removed = uninstall(home)
    except OSError as error:
        print(_("The desktop entry could not be changed: {error}").format(error=error), file=sys.stderr)
        return 2
    if removed:
        print(ngettext("Aisle's menu entry and icons are removed ({count} file).",
                       "Aisle's menu entry and icons are removed ({count} files).",
                       len(removed)).format(count=len(removed)))
    else:
        print(_("No menu entry of Aisle was installed in {folder}.").format(folder=home))
    return 0
