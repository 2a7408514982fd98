"""The size of a picture embedded in an SVG deck (a ``data:`` address), read from its header.

QtSvg decodes every embedded picture when it reads the file, so a few kilobytes of PNG that
claim 7000 x 7000 pixels cost 200 MB each. The deck check adds up these sizes before QtSvg
sees the file. Only PNG and JPEG are taken (every installed KDE and AisleRiot deck uses PNG):
Qt would also decode other kinds by their content, an SVG picture among them, which would
escape the check. No Qt here.
"""

from __future__ import annotations

import base64
import binascii
import struct
from urllib.parse import unquote_to_bytes

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8"
# JPEG markers that start a frame (and so carry its size); C4, C8 and CC are other tables.
_JPEG_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
# Markers that stand alone, without a length after them.
_JPEG_ALONE = frozenset(range(0xD0, 0xDA)) | {0x01}


def data_payload(address: str) -> bytes | None:
    """The bytes a ``data:`` address holds; None when it is damaged."""
    header, comma, body = address.partition(",")
    if not comma:
        return None
    try:
        if header.lower().endswith(";base64"):
            # Inkscape wraps long base64 lines; the decoder skips what is not base64.
            return base64.b64decode(body)
        return unquote_to_bytes(body)
    except (binascii.Error, ValueError):
        return None


def picture_size(payload: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG or JPEG picture; None for any other kind or a damaged one."""
    if payload.startswith(_PNG) and payload[12:16] == b"IHDR" and len(payload) >= 24:
        width, height = struct.unpack(">II", payload[16:24])
        return width, height
    if payload.startswith(_JPEG):
        return _jpeg_size(payload)
    return None


def _jpeg_size(payload: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 4 <= len(payload):
        if payload[at] != 0xFF:
            return None
        marker = payload[at + 1]
        if marker == 0xFF:  # fill byte before a marker
            at += 1
            continue
        if marker in _JPEG_ALONE:
            at += 2
            continue
        (length,) = struct.unpack(">H", payload[at + 2:at + 4])
        if marker in _JPEG_FRAMES:
            if at + 9 > len(payload):
                return None
            height, width = struct.unpack(">HH", payload[at + 5:at + 9])
            return width, height
        if length < 2:
            return None
        at += 2 + length
    return None
