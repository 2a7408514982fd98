"""The disk cache of the first frame's pictures: exact round trips, bad files ignored, written
only after the first frame, bounded in size, and keyed by what shaped each picture."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPixmap
from pytestqt.qtbot import QtBot

from aisle import i18n
from aisle.ui.cards import card_art, picture_cache
from aisle.ui.cards.card_art import CardArt
from aisle.ui.cards.picture_cache import SUFFIX, PictureCache, cache_folder
from aisle.ui.table.baize import Baize
from aisle.ui.window.main_window import MainWindow


def _pixels(pixmap: QPixmap) -> QImage:
    return pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


def _picture(width: int = 30, height: int = 20, dpr: float = 1.0) -> QPixmap:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(10, 120, 40, 200))
    for x in range(width):
        image.setPixelColor(x, x % height, QColor(250, 10, 10))
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(dpr)
    return pixmap


def _files(folder: Path) -> list[str]:
    """The pictures in `folder` (not the notes beside them)."""
    if not folder.is_dir():
        return []
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(SUFFIX))


def _no_drawing(*_args: object) -> QPixmap:
    raise AssertionError("drawn, though the picture was on disk")


def test_the_folder_follows_the_variable_and_else_stays_in_the_home_given(
        isolated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object) -> None:
    assert cache_folder() == tmp_path / "cache"  # the shared test setup sets the variable
    monkeypatch.delenv("AISLE_CACHE_DIR")
    folder = cache_folder()
    assert folder is not None and tmp_path in folder.parents  # never the real home
    monkeypatch.setenv("AISLE_CACHE_DIR", str(tmp_path / "other"))
    assert cache_folder() == tmp_path / "other"  # a kept answer never hides a change


def test_the_folder_follows_the_application_name(
        isolated: Path, monkeypatch: pytest.MonkeyPatch, qapp: object) -> None:
    from PySide6.QtCore import QCoreApplication

    monkeypatch.delenv("AISLE_CACHE_DIR")
    name = QCoreApplication.applicationName()
    try:
        QCoreApplication.setApplicationName("aisle-first-name")
        first = cache_folder()
        QCoreApplication.setApplicationName("aisle-second-name")
        second = cache_folder()
    finally:
        QCoreApplication.setApplicationName(name)
    assert first is not None and "aisle-first-name" in first.parts
    assert second is not None and "aisle-second-name" in second.parts


def test_a_picture_comes_back_pixel_for_pixel(tmp_path: Path, qapp: object) -> None:
    cache = PictureCache(tmp_path / "pictures")
    picture = _picture(dpr=2.0)
    assert cache.save("one", picture)
    assert _files(tmp_path / "pictures") == [f"one{SUFFIX}"]  # no temporary file left over
    again = cache.load("one", 2.0)
    assert again is not None
    assert again.devicePixelRatio() == 2.0
    assert _pixels(again) == _pixels(picture)
    assert cache.load("two", 1.0) is None


@pytest.mark.parametrize("damage", ["truncate", "flip", "longer", "header", "empty"])
def test_a_damaged_file_is_ignored(tmp_path: Path, qapp: object, damage: str) -> None:
    cache = PictureCache(tmp_path)
    assert cache.save("card", _picture())
    path = tmp_path / f"card{SUFFIX}"
    raw = bytearray(path.read_bytes())
    if damage == "truncate":
        raw = raw[: len(raw) - 7]
    elif damage == "flip":
        raw[-100] ^= 0x40
    elif damage == "longer":
        raw += b"\0"
    elif damage == "header":
        raw[:8] = b"NOTOURS!"
    else:
        raw = bytearray()
    path.write_bytes(bytes(raw))
    assert cache.load("card", 1.0) is None


def test_no_folder_keeps_nothing_and_an_unwritable_one_is_no_error(
        tmp_path: Path, qapp: object) -> None:
    assert PictureCache(None).load("x", 1.0) is None
    assert not PictureCache(None).save("x", _picture())
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert not PictureCache(blocker / "pictures").save("x", _picture())


def test_the_folder_is_kept_under_its_limit_oldest_first(tmp_path: Path, qapp: object) -> None:
    cache = PictureCache(tmp_path)
    for age, name in enumerate(["old", "middle", "new"]):
        assert cache.save(name, _picture())
        os.utime(tmp_path / f"{name}{SUFFIX}", (1000 + age, 1000 + age))
    leftover = tmp_path / ".killed-writer.tmp"
    leftover.write_bytes(b"half")
    size = (tmp_path / f"new{SUFFIX}").stat().st_size
    cache.trim(limit=2 * size)
    assert _files(tmp_path) == [f"middle{SUFFIX}", f"new{SUFFIX}"]
    cache.trim(limit=2 * size)
    assert _files(tmp_path) == [f"middle{SUFFIX}", f"new{SUFFIX}"]


def test_cards_are_written_only_when_kept_and_then_read_instead_of_drawn(
        tmp_path: Path, qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pictures"
    first = CardArt(PictureCache(folder))
    drawn = [first.face(12, "hearts", 80), first.back(80), first.outline(80),
             first.face(1, "spades", 80, 2.0)]
    assert _files(folder) == []  # nothing written on the way to the first frame
    first.keep()
    assert len(_files(folder)) == 4
    monkeypatch.setattr(card_art, "_render", _no_drawing)
    second = CardArt(PictureCache(folder))
    again = [second.face(12, "hearts", 80), second.back(80), second.outline(80),
             second.face(1, "spades", 80, 2.0)]
    for old, new in zip(drawn, again, strict=True):
        assert _pixels(new) == _pixels(old)
        assert new.devicePixelRatio() == old.devicePixelRatio()
    # Another size was never drawn: it is drawn now, not taken from a file of another size.
    with pytest.raises(AssertionError, match="drawn"):
        second.back(81)


def test_a_face_is_kept_per_rank_letter(tmp_path: Path, qapp: object) -> None:
    folder = tmp_path / "pictures"
    art = CardArt(PictureCache(folder))
    english = art.face(11, "clubs", 70)
    art.keep()
    i18n.set_language("de")  # the jack is "B" in German
    art.clear()
    german = art.face(11, "clubs", 70)
    art.keep()
    assert len(_files(folder)) == 2
    assert _pixels(german) != _pixels(english)
    fresh = CardArt(PictureCache(folder))
    assert _pixels(fresh.face(11, "clubs", 70)) == _pixels(german)


def test_the_baize_is_kept_and_read_back(tmp_path: Path, qapp: object,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pictures"
    painted = Baize(PictureCache(folder)).pixmap(300, 200, 1.0)
    first = Baize(PictureCache(folder))
    first.pixmap(300, 200, 1.0)
    assert _files(folder) == []
    first.keep()
    assert len(_files(folder)) == 1
    monkeypatch.setattr("aisle.ui.table.baize.paint_baize", _no_drawing)
    again = Baize(PictureCache(folder)).pixmap(300, 200, 1.0)
    assert _pixels(again) == _pixels(painted)


def test_the_window_keeps_its_pictures_after_the_first_frame(
        make_window: Callable[..., MainWindow], qtbot: QtBot, isolated: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_art, "_shared", None)  # a renderer that has drawn nothing yet
    folder = tmp_path / "cache"
    saved: list[str] = []
    real_save = PictureCache.save

    def save(cache: PictureCache, key: str, pixmap: QPixmap) -> bool:
        saved.append(key)
        return real_save(cache, key, pixmap)

    monkeypatch.setattr(picture_cache.PictureCache, "save", save)
    make_window("klondike", 5)
    qtbot.waitUntil(lambda: any(key.startswith("baize-") for key in saved))
    pictures = [key.split("-")[2] for key in saved if key.startswith("card-")]
    for kind in ("back", "outline", "face"):
        assert any(picture.startswith(kind) for picture in pictures)
    assert len(_files(folder)) == len(saved)


def test_a_picture_read_back_outlives_everything_but_itself(tmp_path: Path, qapp: object) -> None:
    import gc

    cache = PictureCache(tmp_path)
    original = _picture(64, 48)
    assert cache.save("kept", original)
    pixmap = cache.load("kept", 1.0)
    assert pixmap is not None
    gc.collect()
    (tmp_path / f"kept{SUFFIX}").unlink()  # the file may go (trimmed, replaced) while shown
    assert cache.save("kept", _picture(64, 48, 2.0))
    assert _pixels(pixmap) == _pixels(original)
    # Painting on a picture read back changes that picture, never the file.
    from PySide6.QtGui import QPainter

    again = cache.load("kept", 1.0)
    assert again is not None
    painter = QPainter(again)
    painter.fillRect(0, 0, 10, 10, QColor(0, 0, 255))
    painter.end()
    fresh = cache.load("kept", 1.0)
    assert fresh is not None and _pixels(fresh) == _pixels(_picture(64, 48, 2.0))


def test_the_font_noted_last_time_names_the_first_frames_cards_and_is_checked_after(
        tmp_path: Path, qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pictures"
    first = CardArt(PictureCache(folder))
    first.face(5, "hearts", 60)
    assert first.keep() is False
    font_now = PictureCache(folder).note(card_art.FONT_NOTE)
    assert font_now is not None and font_now == card_art._application_font()
    drawn_with = _files(folder)

    # The next run: the cards come from the files named for the noted font, Qt is not asked.
    with monkeypatch.context() as patch:  # undone alone: the test's own folders stay
        patch.setattr(card_art, "_application_font", _no_drawing)
        patch.setattr(card_art, "_render", _no_drawing)
        second = CardArt(PictureCache(folder))
        second.face(5, "hearts", 60)

    # A run after the system font changed: the first frame shows the old pictures, and once
    # kept, they are named stale, forgotten and drawn anew under the new font's name.
    PictureCache(folder).write_note(card_art.FONT_NOTE, "Some Other Font,11,-1,5,400")
    third = CardArt(PictureCache(folder))
    stale = third.face(5, "hearts", 60)
    assert _files(folder) == drawn_with  # the noted font's files did not exist: drawn
    assert third.keep() is True
    assert PictureCache(folder).note(card_art.FONT_NOTE) == font_now
    again = third.face(5, "hearts", 60)
    assert _pixels(again) == _pixels(stale)
    assert third.keep() is False
    assert _files(folder) == drawn_with  # the same font as the first run: the same name


def test_a_damaged_baize_shown_first_is_painted_anew_once_checked(
        tmp_path: Path, qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pictures"
    first = Baize(PictureCache(folder))
    painted = first.pixmap(300, 200, 1.0)
    assert first.keep() is False
    [name] = _files(folder)
    raw = bytearray((folder / name).read_bytes())
    raw[-100] ^= 0x40
    (folder / name).write_bytes(bytes(raw))

    # Before the first frame, the file is taken as it is (its checksum costs too much then).
    baize = Baize(PictureCache(folder))
    with monkeypatch.context() as patch:
        patch.setattr("aisle.ui.table.baize.paint_baize", _no_drawing)
        shown = baize.pixmap(300, 200, 1.0)
    assert _pixels(shown) != _pixels(painted)
    # Checked once kept: forgotten, painted anew and written whole.
    assert baize.keep() is True
    assert _pixels(baize.pixmap(300, 200, 1.0)) == _pixels(painted)
    assert baize.keep() is False
    assert PictureCache(folder).load(name.removesuffix(SUFFIX), 1.0) is not None
    # After the first frame, a damaged file is never shown.
    (folder / name).write_bytes(bytes(raw))
    later = Baize(PictureCache(folder))
    later.keep()
    assert _pixels(later.pixmap(300, 200, 1.0)) == _pixels(painted)


def test_a_damaged_card_shown_first_is_drawn_anew_once_checked(
        tmp_path: Path, qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pictures"
    first = CardArt(PictureCache(folder))
    drawn = {rank: first.face(rank, "clubs", 80) for rank in (5, 6)}
    assert first.keep() is False
    damaged = next(name for name in _files(folder) if "5clubs" in name)
    raw = bytearray((folder / damaged).read_bytes())
    raw[-100] ^= 0x40
    (folder / damaged).write_bytes(bytes(raw))

    # Before the first frame, the files are taken as they are (a deck's checksums cost too much).
    art = CardArt(PictureCache(folder))
    with monkeypatch.context() as patch:
        patch.setattr(card_art, "_render", _no_drawing)
        shown = {rank: art.face(rank, "clubs", 80) for rank in (5, 6)}
    assert _pixels(shown[5]) != _pixels(drawn[5])
    assert _pixels(shown[6]) == _pixels(drawn[6])
    art.face(7, "clubs", 80)  # not on disk: drawn on the way to the first frame
    # Checked once kept: the damaged one is forgotten, drawn anew and written whole; the other
    # is kept as it was read; the one drawn is written all the same.
    assert art.keep() is True
    assert any("7clubs" in name for name in _files(folder))
    assert _pixels(art.face(5, "clubs", 80)) == _pixels(drawn[5])
    assert _pixels(art.face(6, "clubs", 80)) == _pixels(drawn[6])
    assert art.keep() is False
    assert PictureCache(folder).load(damaged.removesuffix(SUFFIX), 1.0) is not None
    # After the first frame, a damaged file is never shown.
    (folder / damaged).write_bytes(bytes(raw))
    later = CardArt(PictureCache(folder))
    later.keep()
    assert _pixels(later.face(5, "clubs", 80)) == _pixels(drawn[5])
