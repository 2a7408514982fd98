"""The command line: list games, or start the window on a game, deal and language.

Arguments are checked before any window opens; a bad one prints a clear message and exits
with status 2.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from aisle import collector, i18n
from aisle.cli_numbers import quoted, whole_number
from aisle.cli_parser import TranslatedParser, choose_language
from aisle.engine.game import MAX_SEED
from aisle.i18n import _


class _Parser(TranslatedParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, _("aisle: error: {message}").format(message=message) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="aisle", description=_("Aisle, a solitaire collection."),
                     # TRANSLATORS: the end of `aisle --help`; "aisle solve" is a command, keep it.
                     epilog=_("aisle solve --help: the solver, which tells without a window "
                              "whether deals can be won."))
    parser.add_argument("--list-games", action="store_true",
                        help=_("list every game and every plugin error, then exit (with status "
                               "1 when a plugin has errors)"))
    parser.add_argument("--game", metavar="ID", help=_("the game to play (see --list-games)"))
    parser.add_argument("--seed", metavar="N", help=_("the deal number, from 0 to {max}").format(
        max=MAX_SEED))
    parser.add_argument("--lang", metavar="LANG", help=_("the language: {codes}").format(
        codes=", ".join(i18n.LANGUAGES)))
    parser.add_argument("--screenshot", metavar="FILE.png",
                        help=_("draw the deal offscreen into a PNG file and exit"))
    parser.add_argument("--size", metavar="WxH",
                        help=_("the window's size (for --screenshot: the picture's, by default "
                               "1280x800)"))
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop-entry", action="store_true",
                         help=_("add Aisle to this Linux desktop's applications menu, then exit"))
    desktop.add_argument("--uninstall-desktop-entry", action="store_true",
                         help=_("remove Aisle from this Linux desktop's applications menu, then exit"))
    parser.add_argument("--version", action="version", version=_version(),
                        help=_("show the version number and exit"))
    return parser


def _version() -> str:
    from aisle import __version__

    return f"aisle {__version__}"


def parse_seed(text: str) -> int:
    seed = whole_number(text, MAX_SEED)
    if seed is None:
        raise ValueError(_("The deal number must be a whole number from 0 to {max}, not “{text}”.")
                         .format(max=MAX_SEED, text=quoted(text)))
    return seed


def parse_size(text: str) -> tuple[int, int]:
    # [0-9], not \d: \d takes any script's digits.
    match = re.fullmatch(r"([0-9]{2,5})[xX]([0-9]{2,5})", text.strip())
    if not match or not (200 <= int(match[1]) <= 8000 and 150 <= int(match[2]) <= 8000):
        raise ValueError(_("The size must look like 1280x800 (from 200x150 to 8000x8000), "
                           "not “{text}”.").format(text=quoted(text)))
    return int(match[1]), int(match[2])


def parse_screenshot(text: str) -> str:
    """The --screenshot file name: a PNG is written, so the name must say so (a typo must not
    overwrite an unrelated file)."""
    name = Path(text).name if text.strip() else ""
    if name.lower() in ("", ".png"):
        raise ValueError(_("The screenshot needs a file name ending in .png, such as deal.png."))
    if not name.lower().endswith(".png"):
        raise ValueError(_("The screenshot is a PNG picture, so its file name must end in .png, "
                           "not “{name}”.").format(name=text))
    return text


def list_games() -> int:
    from aisle.registry.entry_points import DISABLE_VARIABLE
    from aisle.registry.loading import available_variants, get_registry, why_no_games

    variants = available_variants()
    print(_("Games:"))
    for variant_id, info in sorted(variants.items()):
        print(f"  {variant_id:<22} {info.name.translate():<28} "
              + _("from {plugin} ({distribution} {version})").format(
                  plugin=info.plugin, distribution=info.distribution, version=info.version))
    if not variants:
        print("  " + why_no_games().translate())
    registry = get_registry()
    errors = registry.errors()
    if errors:
        # Each names its plugin here and, in its text, the file it is about (a wheel that
        # cannot be used is among them, named by its file).
        print(_("Plugin errors:"))
        for plugin, error in errors:
            # A wheel's problem names its file first already, and a game's problem its game,
            # which is often the plugin's name too ("somerset: somerset: …" said it twice).
            named = ((plugin.endswith(".whl") and error.startswith(f"{plugin} "))
                     or error.startswith(f"{plugin}: "))
            print(f"  {error}" if named else f"  {plugin}: {error}")
    # Wheels not loaded because the player has not allowed them (yet).
    from aisle.registry.wheels import WheelStatus

    said = {WheelStatus.WAITING: _("waiting for your permission: start Aisle to answer, or "
                                   "install it with Help ▸ Plugins ▸ Install from File…"),
            WheelStatus.REFUSED: _("refused: you chose Never; to use it after all, install it "
                                   "with Help ▸ Plugins ▸ Install from File…"),
            WheelStatus.SHADOWED: _("not used: version {version} of the same plugin is installed "
                                    "another way (with pip) and is the one loaded")}
    unused = [wheel for wheel in registry.wheels if wheel.status in said]
    if unused:
        print(_("Plugin files not loaded:"))
        for wheel in unused:
            print(f"  {wheel.file}: {said[wheel.status].format(version=wheel.problem)}")
    if registry.disabled:
        print(_("Plugins switched off by {variable}: {plugins}").format(
            variable=DISABLE_VARIABLE, plugins=", ".join(sorted(registry.disabled))))
    if registry.unmatched_disabled:
        print(_("{variable} names what is no installed plugin: {names}").format(
            variable=DISABLE_VARIABLE, names=", ".join(registry.unmatched_disabled)))
    # A check a plugin's own CI can run: any plugin error fails it.
    return 1 if errors else 0


#: What `build_parser().parse_args([])` gives: a start with no arguments (as from the desktop)
#: skips building the parser, which costs milliseconds (argparse looks its own texts up
#: through gettext, which imports the locale module).
NO_ARGUMENTS = argparse.Namespace(list_games=False, game=None, seed=None, lang=None,
                                  screenshot=None, size=None, install_desktop_entry=False,
                                  uninstall_desktop_entry=False)


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    if given:
        # Help and errors are printed in the player's language, before the settings are read.
        choose_language(given)
    if given[:1] == ["solve"]:
        from aisle.solve_cli import main as solve_main

        collector.resume()  # a long search makes garbage: only a window's start does without
        return solve_main(given[1:])
    if not given:
        return _start(argparse.Namespace(**vars(NO_ARGUMENTS)), None)
    parser = build_parser()
    return _start(parser.parse_args(given), parser)


def _start(args: argparse.Namespace, parser: argparse.ArgumentParser | None) -> int:
    """Act on parsed arguments; `parser` reports a bad one (None: there were no arguments)."""

    def error(message: str) -> None:
        (parser or build_parser()).error(message)

    if args.lang is not None:
        args.lang = args.lang.lower()  # "DE" means de
        if args.lang not in i18n.LANGUAGES:
            error(_("unknown language “{lang}”; choose one of: {codes}").format(
                lang=args.lang, codes=", ".join(i18n.LANGUAGES)))
        i18n.set_language(args.lang)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from aisle.desktop_entry import run as desktop_entry

        return desktop_entry(install_entry=args.install_desktop_entry)
    seed = None
    size = None
    try:
        if args.seed is not None:
            seed = parse_seed(args.seed)
        if args.size is not None:
            size = parse_size(args.size)
        if args.screenshot is not None:
            parse_screenshot(args.screenshot)
    except ValueError as problem:
        error(str(problem))
    if args.game is not None:
        from aisle.registry.loading import find_variant, unknown_game

        if find_variant(args.game) is None:
            error(unknown_game(args.game).translate())
    # Listing comes after every check, so it fails on a bad argument as a start would.
    if args.list_games:
        return list_games()
    from aisle.launch import Launch, prepare

    launch = Launch(game=args.game, seed=seed, language=args.lang, screenshot=args.screenshot,
                    size=size or (1280, 800), asked_size=size)
    if launch.screenshot is not None:
        from aisle.ui.app import run

        return run(launch)
    from aisle.instance_lock import take_lock
    from aisle.storage import resolve_folder

    # One Aisle per data folder: the lock comes first, so a second start reads no file before
    # it has asked the first to show itself (aisle.ui.app.run).
    lock = take_lock(resolve_folder(None))
    # Everything that needs no Qt is done before Qt is imported (see aisle.launch).
    start = prepare(launch) if lock.other is None else None
    if start is not None and lock.problem is not None:
        start.problems.append(lock.problem)
    from aisle.ui.app import run

    return run(launch, start, lock)
