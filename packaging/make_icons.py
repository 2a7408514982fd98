"""Render Aisle's icon (aisle/ui/art/aisle.svg) into the PNG sizes a Linux desktop looks for.

The PNGs are committed under packaging/linux/icons/<size>x<size>/ so a build needs no Qt (the
window's own icon is made of them too, see aisle.ui.qt.icon); run this again after changing the
SVG:  QT_QPA_PLATFORM=offscreen python packaging/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SVG = HERE.parent / "aisle" / "ui" / "art" / "aisle.svg"
ICONS = HERE / "linux" / "icons"
#: The hicolor sizes desktops ask for most (menus, task bars, launchers, software centres).
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(svg: Path, size: int, target: Path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(target), b"PNG"):
        raise SystemExit(f"cannot write {target}")


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for size in SIZES:
        target = ICONS / f"{size}x{size}" / "aisle.png"
        render(SVG, size, target)
        print(f"{target.relative_to(HERE.parent)}")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
