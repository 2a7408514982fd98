"""The deck check before QtSvg (aisle.deck_guard), without Qt: hostile files are refused in
bounded time and memory, for the right reason, in the player's words; real decks pass."""

from __future__ import annotations

import base64
import os
import struct
import subprocess
import sys
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from aisle import deck_guard
from aisle.deck_cost import DocumentCosts
from aisle.deck_guard import DeckRefusedError, check_svg, inflate, read_deck, read_raw
from aisle.deck_pictures import picture_size

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
KDE = Path("/usr/share/carddecks")
#: Generous: every check here takes milliseconds; a hang or a blow-up takes far longer.
SECONDS = 5.0
MIB = 1024 * 1024


def _svg(body: str, head: str = "") -> bytes:
    return f'{head}{SVG}{body}</svg>'.encode()


def _refused(data: bytes, name: str = "Hostile") -> DeckRefusedError:
    started = time.monotonic()
    with pytest.raises(DeckRefusedError) as refused:
        check_svg(data, name)
    assert time.monotonic() - started < SECONDS
    return refused.value


def _gzip_bomb(mebibytes: int) -> bytes:
    """`mebibytes` of zeros in an SVG comment, gzip-compressed piece by piece (~1 KB a MiB)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    pieces = [packer.compress(f"{SVG}<!--".encode())]
    zeros = b"0" * MIB
    pieces.extend(packer.compress(zeros) for _ in range(mebibytes))
    pieces += [packer.compress(b"--></svg>"), packer.flush()]
    return b"".join(pieces)


def _use_layers(layers: int, fan: int) -> bytes:
    """A "billion laughs" of <use>: each layer uses the one below `fan` times."""
    body = ['<defs><rect id="l0" width="1" height="1"/>']
    for layer in range(1, layers + 1):
        uses = "".join(f'<use xlink:href="#l{layer - 1}"/>' for _ in range(fan))
        body.append(f'<g id="l{layer}">{uses}</g>')
    body.append(f'</defs><g id="back"><use xlink:href="#l{layers}"/></g>')
    return _svg("".join(body))


@pytest.fixture
def memory() -> Iterator[list[int]]:
    """The peak of Python's allocations during the test, in bytes (one item once it ends)."""
    tracemalloc.start()
    peak: list[int] = []
    yield peak
    peak.append(tracemalloc.get_traced_memory()[1])
    tracemalloc.stop()


def test_a_gzip_bomb_is_inflated_no_further_than_the_limit(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.svgz"
    bomb.write_bytes(_gzip_bomb(100))  # 100 MiB of SVG in about 100 KB
    assert bomb.stat().st_size < 1 * MIB
    tracemalloc.start()
    try:
        started = time.monotonic()
        with pytest.raises(DeckRefusedError) as refused:
            read_deck(bomb, "Bomb")
        elapsed = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert refused.value.kind == deck_guard.TOO_LARGE
    assert elapsed < SECONDS
    # The 32 MiB limit and one piece, with room: never the 100 MiB the file asks for.
    assert peak < deck_guard.MAX_SVG_BYTES + 16 * MIB
    assert "“Bomb”" in refused.value.message.translate()


def test_inflating_stops_exactly_at_the_limit() -> None:
    packed = zlib.compress(b"x" * 5000, wbits=16 + zlib.MAX_WBITS)
    assert inflate(packed, "d", limit=5000) == b"x" * 5000
    with pytest.raises(DeckRefusedError) as refused:
        inflate(packed, "d", limit=4999)
    assert refused.value.kind == deck_guard.TOO_LARGE
    with pytest.raises(DeckRefusedError) as cut:
        inflate(packed[:-20], "d")
    assert cut.value.kind == deck_guard.DAMAGED


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    large = tmp_path / "large.svg"
    with large.open("wb") as handle:
        handle.truncate(deck_guard.MAX_SVG_BYTES + 1)  # sparse: costs no disk
    started = time.monotonic()
    with pytest.raises(DeckRefusedError) as refused:
        read_deck(large, "Large")
    assert refused.value.kind == deck_guard.TOO_LARGE
    assert time.monotonic() - started < SECONDS


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.svg"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(DeckRefusedError) as refused:
        read_raw(fifo, "Pipe")
    assert refused.value.kind == deck_guard.NOT_A_FILE
    assert time.monotonic() - started < SECONDS
    message = refused.value.message.translate()
    assert "“Pipe”" in message and "“deck.svg”" in message and str(tmp_path) not in message


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_an_endless_device_is_refused(tmp_path: Path, memory: list[int]) -> None:
    link = tmp_path / "zero.svgz"
    link.symlink_to("/dev/zero")
    with pytest.raises(DeckRefusedError) as refused:
        read_deck(link, "Zero")
    assert refused.value.kind == deck_guard.NOT_A_FILE


def test_nested_use_is_refused_without_being_expanded() -> None:
    data = _use_layers(10, 10)  # ten billion rectangles in 3 KB
    assert len(data) < 3000
    assert _refused(data).kind == deck_guard.TOO_COMPLEX


def test_use_within_the_bound_passes_and_is_counted() -> None:
    facts = check_svg(_use_layers(3, 10), "Fine")
    # Layer n costs 1 + 10 x (its use + layer n - 1): 1, 21, 221, 2221. The defs hold each
    # layer once (2465 with the defs), the back uses the top one (2223), and the svg is one.
    assert facts.cost.elements == 1 + 2465 + 2223


def test_a_part_that_refers_to_itself_is_a_loop() -> None:
    assert _refused(_svg('<g id="a"><use xlink:href="#a"/></g>')).kind == deck_guard.LOOP
    both = _svg('<g id="a"><use xlink:href="#b"/></g><g id="b"><use href="#a"/></g>')
    assert _refused(both).kind == deck_guard.LOOP


def test_a_long_chain_of_references_is_counted_without_recursion() -> None:
    # g0 uses g1, which uses g2, … : g_n costs 2 x (count - n), the whole 1 + count x (count + 1).
    count = 50_000
    costs = DocumentCosts()
    root = costs.add("svg", None, {})
    for n in range(count):
        group = costs.add("g", root, {"id": f"g{n}"})
        costs.add("use", group, {"href": f"#g{n + 1}"})
    assert costs.total().elements == 1 + count * (count + 1)


def test_elements_depth_and_time_are_bounded() -> None:
    many = _svg("<g/>" * deck_guard.MAX_ELEMENTS)
    assert _refused(many).kind == deck_guard.TOO_MANY_ELEMENTS
    deep = _svg("<g>" * 100 + "</g>" * 100)
    assert _refused(deep).kind == deck_guard.TOO_DEEP
    with pytest.raises(DeckRefusedError) as slow:
        check_svg(_svg("<g/>" * 5000), "Slow", time_limit=-1.0)
    assert slow.value.kind == deck_guard.TOO_SLOW


def test_entity_declarations_are_refused_and_never_expanded() -> None:
    laughs = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
              + "".join(f'<!ENTITY {c} "&{p};&{p};&{p};&{p};&{p};&{p};&{p};&{p};&{p};&{p};">'
                        for p, c in zip("abcdefgh", "bcdefghi", strict=True))
              + ']>')
    assert _refused(_svg("<text>&i;</text>", laughs)).kind == deck_guard.ENTITIES
    outside = '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    assert _refused(_svg("<text>&x;</text>", outside)).kind == deck_guard.ENTITIES
    # A bare DOCTYPE naming the SVG DTD (Illustrator writes one) declares nothing.
    bare = ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
            '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">')
    assert check_svg(_svg('<rect id="back"/>', bare), "Bare").elements == 2


def _png(width: int, height: int) -> bytes:
    """A PNG header claiming `width` x `height` (its pixels are never needed here)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", len(header)) + b"IHDR" + header
    return b"\x89PNG\r\n\x1a\n" + chunk + struct.pack(">I", zlib.crc32(b"IHDR" + header))


def _image(payload: bytes, kind: str = "image/png") -> str:
    return (f'<image width="10" height="10" xlink:href="data:{kind};base64,'
            f'{base64.b64encode(payload).decode()}"/>')


def test_embedded_pictures_are_bounded_in_pixels_and_kind() -> None:
    assert check_svg(_svg(_image(_png(300, 400))), "Small").picture_pixels == 120_000
    huge = _svg(_image(_png(7000, 7000)))  # 200 MB once decoded, 60 bytes here
    assert _refused(huge).kind == deck_guard.PICTURES_TOO_LARGE
    several = _svg(_image(_png(3000, 3000)) * 2)
    assert _refused(several).kind == deck_guard.PICTURES_TOO_LARGE
    inner = _svg(_image(_use_layers(10, 10), "image/svg+xml"))  # a drawing Qt would draw
    assert _refused(inner).kind == deck_guard.PICTURE_KIND
    jpeg = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffc00011080300040003012200")
    assert picture_size(jpeg) == (1024, 768)


def test_effects_patterns_markers_and_style_sheets_count_as_often_as_drawn() -> None:
    blur = '<filter id="f"><feGaussianBlur stdDeviation="5"/></filter>'
    blurred = _svg(blur + '<rect filter="url(#f)"/>' * (deck_guard.MAX_EFFECTS + 1))
    assert _refused(blurred).kind == deck_guard.TOO_MANY_EFFECTS
    styled = _svg(blur + '<rect style="filter:url(#f)"/>' * 10)
    assert check_svg(styled, "Styled").cost.effects == 10
    # A pattern is drawn into every shape of the group that uses it.
    pattern = '<pattern id="p">' + "<rect/>" * 2000 + "</pattern>"
    painted = _svg(pattern + '<g fill="url(#p)">' + "<rect/>" * 200 + "</g>")
    assert _refused(painted).kind == deck_guard.TOO_COMPLEX
    # A marker is drawn at every vertex of the path.
    marker = '<marker id="m">' + "<rect/>" * 100 + "</marker>"
    marked = _svg(marker + '<path marker-mid="url(#m)" d="' + "L1 1 " * 5000 + '"/>')
    assert _refused(marked).kind == deck_guard.TOO_COMPLEX
    sheet = _svg(pattern + '<style>rect { fill: url(#p) }</style>' + "<rect/>" * 200)
    assert _refused(sheet).kind == deck_guard.TOO_COMPLEX
    sheet_blur = _svg(blur + '<style>rect { filter: url(#f) }</style>' + "<rect/>" * 600)
    assert _refused(sheet_blur).kind == deck_guard.TOO_MANY_EFFECTS


def test_what_is_no_svg_is_damaged() -> None:
    for text in (b"", b"<html/>", b"<svg", b"\x00\x01", _svg("<g>")[:-6]):
        assert _refused(text).kind == deck_guard.DAMAGED


def test_unknown_references_and_outside_files_cost_nothing() -> None:
    costs = DocumentCosts()
    root = costs.add("svg", None, {})
    costs.add("use", root, {"http://www.w3.org/1999/xlink href": "#nowhere"})
    costs.add("image", root, {"href": "/dev/zero"})
    assert costs.total().elements == 3


def test_the_guard_imports_no_qt() -> None:
    code = ("import sys, aisle.deck_guard\n"
            "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'aisle.ui'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.skipif(not KDE.is_dir(), reason="KDE's card decks are not installed")
def test_every_installed_deck_passes_the_check() -> None:
    decks = sorted(KDE.glob("*/*.svg*")) + sorted(Path("/usr/share/aisleriot/cards").glob("*"))
    assert decks
    for path in decks:
        facts = check_svg(read_deck(path, path.name), path.name)
        assert facts.cost.elements <= deck_guard.MAX_EXPANDED / 1.5, path
