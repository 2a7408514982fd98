"""A label's caption as a name for a screen reader: "&Game:" names its field "Game"."""

from __future__ import annotations


def caption_name(caption: str) -> str:
    """`caption` without its mnemonic mark and its closing colon (a full-width one too)."""
    return caption.replace("&", "").rstrip(":： ")
