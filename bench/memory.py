"""Resident memory a little after the window appears: the bare PySide6 window (menu bar, status bar,
52 rectangles) against Aisle's Klondike and Spider Three Decks, side by side in one run.

Linux only (reads /proc/<pid>/status). Each program runs in a fresh process, in a throwaway data
folder, and its VmRSS is read `--wait` seconds after it starts (default 3: about 2 s after the
window appears). Run: python bench/memory.py [rounds]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_BARE = r"""
import sys
from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow, QStatusBar
app = QApplication(sys.argv[:1])
window = QMainWindow()
for title in ("Game", "View", "Control", "Options", "Help"):
    window.menuBar().addMenu(title).addAction("Item")
window.setStatusBar(QStatusBar())
scene = QGraphicsScene()
for i in range(52):
    scene.addRect(QRectF(20 + (i % 13) * 70, 20 + (i // 13) * 100, 60, 84), brush=QBrush(QColor("white")))
window.setCentralWidget(QGraphicsView(scene))
window.resize(1280, 800)
window.show()
app.exec()
"""


def resident_mib(command: list[str], env: dict[str, str], wait: float) -> float:
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(wait)
        with open(f"/proc/{process.pid}/status", encoding="ascii") as status:
            line = next(line for line in status if line.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024
    finally:
        process.kill()
        process.wait()


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    wait = 3.0
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, AISLE_DATA_DIR=os.path.join(folder, "data"),
                   AISLE_CACHE_DIR=os.path.join(folder, "cache"))
        programs = {
            "bare PySide6": [sys.executable, "-c", _BARE],
            "klondike": [sys.executable, "-m", "aisle", "--game", "klondike", "--seed", "1"],
            "spider-three-decks": [sys.executable, "-m", "aisle", "--game", "spider-three-decks",
                                   "--seed", "1"],
        }
        found: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(rounds):
            for name, command in programs.items():
                found[name].append(resident_mib(command, env, wait))
    bare = statistics.median(found["bare PySide6"])
    print(f"resident memory {wait - 1:.0f} s after the window appears (median of {rounds}):")
    for name, values in found.items():
        median = statistics.median(values)
        print(f"  {name:<20} {median:6.1f} MiB   {median - bare:+6.1f} MiB against bare")


if __name__ == "__main__":
    main()
