"""Card decks: switching decks on a full table, start-up and memory with an SVG deck chosen.

1. Switching deck with Spider Three Decks at 1920x1080: from choosing the deck until the view
   has repainted with the new cards (`viewport().repaint()`, synchronous). "cold": the deck's
   pictures are in no cache (its file is read and the visible cards drawn); "warm": they were
   drawn before at this size (another run, or the deck was shown earlier), read from the disk.
2. Start-up to the first painted table (Klondike, warm caches), the default deck against an
   SVG deck chosen in the settings; fresh processes, alternating, medians (as bench/ui.py).
3. Resident memory 2 s after the window appears, the default deck against the SVG deck
   (as bench/memory.py; Linux only).

SVG decks are taken from the system (AisleRiot's bonded.svgz, KDE's decks) when installed;
else the small deck of the tests stands in. Never touches the real data folder.
Run: python bench/decks.py [rounds]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from memory import resident_mib
from ui import AISLE, AISLE_WARMING, _first_paint, start_arguments

_TEST_DECK = Path(__file__).resolve().parent.parent / "tests" / "data" / "decks" / "simple.svg"
_SYSTEM_DECKS = (Path("/usr/share/aisleriot/cards/bonded.svgz"),
                 Path("/usr/share/carddecks/svg-standard/standard.svgz"),
                 Path("/usr/share/carddecks/svg-oxygen/oxygen.svgz"),
                 Path("/usr/share/carddecks/svg-dondorf/dondorf.svgz"))


def svg_decks() -> list[Path]:
    found = [path for path in _SYSTEM_DECKS if path.is_file()]
    return found or [_TEST_DECK]


def switching(rounds: int) -> None:
    from PySide6.QtWidgets import QApplication

    from aisle.storage import Settings
    from aisle.ui.cards.decks.catalog import find_deck
    from aisle.ui.cards.decks.own import ClassicDeck
    from aisle.ui.window.main_window import MainWindow

    targets = ["aisle-large-index", "aisle-modern", *(f"svg:{path}" for path in svg_decks())]
    cold: dict[str, list[float]] = {deck: [] for deck in targets}
    warm: dict[str, list[float]] = {deck: [] for deck in targets}
    for count in range(rounds):
        # A fresh disk cache each round: the first switch to each deck is a cold one.
        os.environ["AISLE_CACHE_DIR"] = tempfile.mkdtemp(prefix=f"cache-{count}-")
        window = MainWindow(Settings(animations=False))
        window.resize(1920, 1080)
        window.dealer.start_game("spider-three-decks", 1)
        window.show()
        QApplication.processEvents()
        viewport = window.view.viewport()
        for times in (cold, warm):
            for deck_id in targets:
                window.appearance.choose_deck(ClassicDeck())
                viewport.repaint()
                window.scene.keep_pictures()  # what was drawn is on disk, as after a while
                deck = find_deck(deck_id)
                assert deck is not None
                start = time.perf_counter()
                window.appearance.choose_deck(deck)
                viewport.repaint()
                times[deck_id].append(time.perf_counter() - start)
        window.appearance.choose_deck(ClassicDeck())
        window.close()
    print(f"switching deck, Spider Three Decks at 1920x1080, until painted (median of {rounds}):")
    for deck_id in targets:
        name = deck_id.rsplit("/", 1)[-1]
        print(f"  {name:<22} cold {statistics.median(cold[deck_id]) * 1000:6.0f} ms   "
              f"warm {statistics.median(warm[deck_id]) * 1000:6.0f} ms")


def _data_folder(root: str, name: str, deck: str) -> dict[str, str]:
    env = dict(os.environ)
    env["AISLE_DATA_DIR"] = os.path.join(root, name)
    env["AISLE_CACHE_DIR"] = os.path.join(root, "cache")
    env.pop("AISLE_SETTINGS_DIR", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(root, "pycache")
    os.makedirs(env["AISLE_DATA_DIR"])
    with open(os.path.join(env["AISLE_DATA_DIR"], "settings.json"), "w", encoding="utf-8") as f:
        json.dump({"version": 1, "card_deck": deck}, f)
    return env


def start_up_and_memory(rounds: int) -> None:
    deck = f"svg:{svg_decks()[0]}"
    with tempfile.TemporaryDirectory() as root:
        setups = {"default deck": _data_folder(root, "default", ""),
                  deck.rsplit("/", 1)[-1]: _data_folder(root, "svg", deck)}
        for env in setups.values():  # bytecode and the pictures of the first frame
            _first_paint(env, AISLE_WARMING, *start_arguments("klondike"))
        times: dict[str, list[float]] = {name: [] for name in setups}
        memory: dict[str, list[float]] = {name: [] for name in setups}
        for _ in range(rounds):
            for name, env in setups.items():
                times[name].append(_first_paint(env, AISLE, *start_arguments("klondike")))
        if sys.platform.startswith("linux"):
            for _ in range(max(1, rounds // 2)):
                for name, env in setups.items():
                    command = [sys.executable, "-m", "aisle", "--game", "klondike", "--seed", "1"]
                    memory[name].append(resident_mib(command, env, 3.0))
    base = statistics.median(times["default deck"])
    print(f"start-up to first painted table, Klondike, warm caches (median of {rounds}):")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:<22} {median * 1000:7.0f} ms   {median / base:5.2f}x default")
    if memory["default deck"]:
        base_memory = statistics.median(memory["default deck"])
        print("resident memory 2 s after the window appears:")
        for name, values in memory.items():
            median = statistics.median(values)
            print(f"  {name:<22} {median:6.1f} MiB   {median - base_memory:+5.1f} MiB")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    start_up_and_memory(rounds)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        os.environ["AISLE_DATA_DIR"] = folder
        switching(max(1, rounds // 2))
    del app


if __name__ == "__main__":
    main()
