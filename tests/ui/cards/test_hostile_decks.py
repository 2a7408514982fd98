"""Hostile deck files in the window: refused in bounded time and memory, for the right reason,
naming the deck in the player's words; the window keeps running while a deck is checked;
odd sizes are refused or drawn right; KDE's decks are sorted as expected when installed."""

from __future__ import annotations

import os
import random
import time
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QImage, QPixmap
from pytestqt.qtbot import QtBot

from aisle.ui.cards.card_art import CardArt, shared_card_art
from aisle.ui.cards.decks import svg_cards, svg_deck
from aisle.ui.cards.decks.background import deck_events, submit
from aisle.ui.cards.decks.catalog import add_deck_file, installed_decks
from aisle.ui.cards.decks.deck import DeckError
from aisle.ui.cards.decks.own import ClassicDeck
from aisle.ui.cards.decks.svg_deck import SvgDeck
from aisle.ui.table.baize import DEFAULT_BAIZE, set_baize_style
from aisle.ui.table.card_item import CardItem

DATA = Path(__file__).resolve().parents[2] / "data" / "decks"
SIMPLE = DATA / "simple.svg"
HEADER = '<svg xmlns="http://www.w3.org/2000/svg" width="910" height="450" viewBox="0 0 910 450">'
KDE = Path("/usr/share/carddecks")
#: Generous: a refusal takes milliseconds; a hang or a blow-up takes far longer.
SECONDS = 5.0
MIB = 1024 * 1024
RANKS = {1: "1", 11: "jack", 12: "queen", 13: "king"}
CARD_NAMES = [f"{RANKS.get(rank, str(rank))}_{suit}" for suit in ("club", "diamond", "heart",
                                                                    "spade")
              for rank in range(1, 14)] + ["back"]


@pytest.fixture(autouse=True)
def settled(qapp: object) -> Iterator[None]:
    """Every test leaves our deck on the table and no check running behind it."""
    yield
    submit(lambda: None).result(timeout=60)
    shared_card_art().set_deck(ClassicDeck())
    set_baize_style(DEFAULT_BAIZE)


def _simple(old: str = HEADER, new: str = HEADER) -> str:
    text = SIMPLE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _gzip_bomb(mebibytes: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    pieces = [packer.compress(f"{HEADER}<!--".encode())]
    zeros = b"0" * MIB
    pieces.extend(packer.compress(zeros) for _ in range(mebibytes))
    return b"".join([*pieces, packer.compress(b"--></svg>"), packer.flush()])


def _use_bomb(layers: int = 10, fan: int = 10) -> str:
    """A whole deck whose five of hearts holds ten billion rectangles through nested <use>."""
    defs = ['<defs><rect id="l0" width="1" height="1"/>']
    for layer in range(1, layers + 1):
        defs.append(f'<g id="l{layer}">' + f'<use href="#l{layer - 1}"/>' * fan + "</g>")
    defs.append("</defs>")
    return _simple('<g id="5_heart">', "".join(defs) + f'<g id="5_heart"><use href="#l{layers}"/>')


def _image(pixmap: QPixmap) -> QImage:
    return pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32)


def _has(image: QImage, color: QColor) -> bool:
    return any(image.pixelColor(x, y) == color
               for y in range(0, image.height(), 2) for x in range(0, image.width(), 2))


def _refusal(deck: SvgDeck) -> DeckError:
    started = time.monotonic()
    with pytest.raises(DeckError) as refused:
        deck.check()
    assert time.monotonic() - started < SECONDS
    assert f"“{deck.name}”" in refused.value.message.translate()
    assert str(deck.path.parent) not in refused.value.message.translate()
    return refused.value


def test_a_gzip_bomb_added_is_refused_quickly_and_not_copied(isolated: Path,
                                                             tmp_path: Path) -> None:
    bomb = _write(tmp_path, "bomb.svgz", _gzip_bomb(100))  # 100 MiB of SVG in ~100 KB
    tracemalloc.start()
    try:
        started = time.monotonic()
        with pytest.raises(DeckError) as refused:
            add_deck_file(bomb)
        elapsed = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert refused.value.kind == "too-large"
    assert elapsed < SECONDS
    assert peak < 48 * MIB  # the 32 MiB limit and a piece; never the 100 MiB it asks for
    assert not (isolated / "decks").exists()


def test_nested_use_never_reaches_qtsvg(tmp_path: Path) -> None:
    deck = SvgDeck(_write(tmp_path, "laughs.svg", _use_bomb()))
    assert _refusal(deck).kind == "too-complex"
    art = CardArt(None, SvgDeck(deck.path))
    started = time.monotonic()
    assert art.face(5, "hearts", 80).width() == 80  # our deck stands in
    assert time.monotonic() - started < SECONDS
    assert art.problem is not None and art.problem.kind == "too-complex"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_chosen_as_deck_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(DeckError) as refused:
        add_deck_file(fifo)
    assert refused.value.kind == "not-a-file"
    assert _refusal(SvgDeck(fifo)).kind == "not-a-file"
    assert time.monotonic() - started < SECONDS


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_dev_zero_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.svgz"
    link.symlink_to("/dev/zero")
    assert _refusal(SvgDeck(link)).kind == "not-a-file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_scanning_deck_folders_skips_pipes_and_huge_metadata(tmp_path: Path) -> None:
    decks = tmp_path / "carddecks"
    for name in ("svg-pipe", "svg-huge", "svg-fine"):
        (decks / name).mkdir(parents=True)
    os.mkfifo(decks / "svg-pipe" / "index.desktop")
    with (decks / "svg-huge" / "index.desktop").open("wb") as huge:
        huge.truncate(1024 * MIB)  # sparse
    _write(decks / "svg-fine", "index.desktop", "[KDE Backdeck]\nName=Fine\nSVG=fine.svg\n")
    _write(decks / "svg-fine", "fine.svg", SIMPLE.read_text(encoding="utf-8"))
    started = time.monotonic()
    found = installed_decks([tmp_path])
    assert time.monotonic() - started < SECONDS
    assert [deck.name for deck in found] == ["Fine"]


@pytest.mark.parametrize("header", [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9" viewBox="0 0 910 450">',
    '<svg xmlns="http://www.w3.org/2000/svg" width="910" height="450" viewBox="0 0 1e12 1e12">',
    '<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9">',
])
def test_an_absurd_canvas_size_does_not_matter(tmp_path: Path, header: str) -> None:
    # Cards are drawn fitted by their own bounds: the drawing's size plays no part.
    deck = SvgDeck(_write(tmp_path, "wide.svg", _simple(new=header)))
    deck.check()
    art = CardArt(None, deck)
    assert _has(_image(art.face(7, "hearts", 80)), QColor("#c92a2a"))
    assert _has(_image(art.back(80)), QColor("#ffd43b"))
    assert art.problem is None


@pytest.mark.parametrize(("change", "kind"), [
    ('<g id="king_heart"><rect width="1e9" height="2e9" fill="none"/>', "odd-sizes"),
    ('<g id="king_heart" transform="scale(0)">', "empty-cards"),
    ('<g id="king_heart" transform="scale(1e400)">', "empty-cards"),
    ('<g id="king_heart" transform="rotate(90)">', "not-upright"),
])
def test_a_card_of_absurd_bounds_is_refused(tmp_path: Path, change: str, kind: str) -> None:
    deck = SvgDeck(_write(tmp_path, "odd.svg", _simple('<g id="king_heart">', change)))
    refusal = _refusal(deck)
    assert refusal.kind == kind
    if kind != "not-upright":
        assert "king_heart" in refusal.message.translate()


def test_cards_too_slow_to_draw_are_refused_and_a_passed_file_is_not_tried_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path, "plain.svg", SIMPLE.read_text(encoding="utf-8"))
    with monkeypatch.context() as patch:  # undone alone: the test's own folders stay
        patch.setattr(svg_cards, "CARD_SECONDS", -1.0)  # as if every card took an age
        assert _refusal(SvgDeck(path)).kind == "too-slow-to-draw"
    SvgDeck(path).check()  # passes, and the note beside the pictures says so
    assert SvgDeck(path).problem is None and SvgDeck(path).start_check()
    monkeypatch.setattr(svg_cards, "CARD_SECONDS", -1.0)
    SvgDeck(path).check()  # not tried out again: the same file passed
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _refusal(SvgDeck(path)).kind == "too-slow-to-draw"  # changed: tried again


@pytest.mark.skipif(not (KDE / "svg-future").is_dir(), reason="KDE's card decks are not installed")
def test_future_simple_is_refused_in_the_players_words() -> None:
    deck = next(deck for deck in installed_decks([Path("/usr/share")])
                if deck.path.parent.name == "svg-future")
    assert _refusal(deck).message.translate() == (
        "The deck “Future Simple” cannot be used: its cards do not come out upright.")


def test_a_deck_checked_in_the_background_is_shown_when_it_passes(
        make_window: Callable[..., object], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        qtbot: QtBot) -> None:
    from aisle.ui.window.main_window import MainWindow

    monkeypatch.setattr(svg_deck, "WAIT_SECONDS", 0.0)  # as if the file took long to read
    window = make_window("klondike")
    assert isinstance(window, MainWindow)
    deck = SvgDeck(_write(tmp_path, "later.svg", SIMPLE.read_text(encoding="utf-8")))
    item = next(item for item in window.scene.items()
                if isinstance(item, CardItem) and item.card.face_up)
    assert isinstance(item, CardItem)
    before = _image(item.pixmap())
    started = time.monotonic()
    assert window.appearance.choose_deck(deck)
    assert time.monotonic() - started < 1.0
    assert window.settings.card_deck == ""  # not yet: remembered once it passed
    qtbot.waitUntil(lambda: window.settings.card_deck == deck.id, timeout=30_000)
    assert window.appearance.deck.id == deck.id
    assert _image(item.pixmap()) != before


def test_a_hostile_deck_chosen_is_refused_when_its_check_ends(
        make_window: Callable[..., object], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        qtbot: QtBot) -> None:
    from aisle.ui.window.main_window import MainWindow

    monkeypatch.setattr(svg_deck, "WAIT_SECONDS", 0.0)
    window = make_window("klondike")
    assert isinstance(window, MainWindow)
    told: list[DeckError] = []
    monkeypatch.setattr(window.appearance, "tell", told.append)
    deck = SvgDeck(_write(tmp_path, "laughs.svg", _use_bomb()))
    started = time.monotonic()
    # Refused at once when the check ends while the table is drawn, else when its word comes.
    window.appearance.choose_deck(deck)
    assert time.monotonic() - started < 1.0
    qtbot.waitUntil(lambda: bool(told), timeout=30_000)
    assert told[0].kind == "too-complex"
    assert window.appearance.deck.id == ClassicDeck.id
    assert window.settings.card_deck == ""


def _heavy_deck(folder: Path, card_bytes: int) -> Path:
    """A deck that passes every bound but takes a second to check: long paths in every card."""
    rng = random.Random(7)
    path = " ".join(f"L{rng.randint(0, 99)} {rng.randint(0, 139)}"
                    for _ in range(card_bytes // 8))
    cards = "".join(f'<g id="{name}"><rect width="100" height="140" fill="white"/>'
                    f'<path d="M0 0 {path}" stroke="red" fill="none"/></g>'
                    for name in CARD_NAMES)
    return _write(folder, "heavy.svg",
                  f'<svg xmlns="http://www.w3.org/2000/svg">{cards}</svg>')


def test_the_window_keeps_running_while_a_large_deck_is_checked(tmp_path: Path,
                                                                qtbot: QtBot) -> None:
    deck = SvgDeck(_heavy_deck(tmp_path, 450_000))  # 24 MB of path data
    gaps: list[float] = []
    last = [time.monotonic()]

    def tick() -> None:
        now = time.monotonic()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    with qtbot.waitSignal(deck_events().checked, timeout=60_000):
        started = time.monotonic()
        assert not deck.start_check()
        assert time.monotonic() - started < 0.5
    timer.stop()
    # Read, checked, parsed and tried out while the window's thread kept its timer going.
    assert len(gaps) > 5
    assert max(gaps) < 0.5
    assert deck.problem is None


def test_the_dialog_says_checking_then_the_verdict(
        make_window: Callable[..., object], isolated: Path, qtbot: QtBot) -> None:
    from aisle.ui.window.main_window import MainWindow

    folder = isolated / "decks"
    folder.mkdir(parents=True)
    fine = SvgDeck(_write(folder, "fine.svg", SIMPLE.read_text(encoding="utf-8")))
    hostile = SvgDeck(_write(folder, "laughs.svg", _use_bomb()))
    window = make_window("klondike")
    assert isinstance(window, MainWindow)
    window.acts.card_style.trigger()
    dialog = window.appearance.dialog
    assert dialog is not None
    items = {dialog.deck_of(item).id: item
             for item in (dialog.decks.item(row) for row in range(dialog.decks.count()))
             if item is not None}
    for deck in (fine, hostile):
        item = items[deck.id]
        assert item.text().endswith("Checking…")
        assert not item.flags() & item.flags().ItemIsEnabled

    def settled() -> bool:
        return not any(item.text().endswith("Checking…") for item in items.values())

    qtbot.waitUntil(settled, timeout=30_000)
    assert items[fine.id].flags() & items[fine.id].flags().ItemIsEnabled
    refused = items[hostile.id]
    assert not refused.flags() & refused.flags().ItemIsEnabled
    assert "“Laughs” cannot be used: it repeats its parts" in refused.text()
    dialog.close()


def test_adding_a_bomb_in_the_dialog_never_blocks_it(
        make_window: Callable[..., object], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        qtbot: QtBot) -> None:
    from aisle.ui.window.main_window import MainWindow

    window = make_window("klondike")
    assert isinstance(window, MainWindow)
    told: list[DeckError] = []
    monkeypatch.setattr(window.appearance, "tell", told.append)
    window.acts.card_style.trigger()
    dialog = window.appearance.dialog
    assert dialog is not None
    bomb = _write(tmp_path, "bomb.svgz", _gzip_bomb(100))
    started = time.monotonic()
    dialog.add_deck(bomb)
    assert time.monotonic() - started < 0.5
    assert not dialog.add_button.isEnabled()
    assert dialog.add_button.text() == "Checking the deck…"
    qtbot.waitUntil(lambda: bool(told), timeout=30_000)
    assert told[0].kind == "too-large"
    assert dialog.add_button.isEnabled()
    dialog.close()


@pytest.mark.skipif(not KDE.is_dir(), reason="KDE's card decks are not installed")
def test_kdes_decks_are_taken_but_the_one_lying_on_its_side() -> None:
    refused = {}
    for deck in installed_decks([Path("/usr/share")]):
        try:
            deck.check()
        except DeckError as error:
            refused[deck.name] = error.kind
        finally:
            deck.release()
    assert refused == {"Future Simple": "not-upright"}
