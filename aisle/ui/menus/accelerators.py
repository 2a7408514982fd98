"""Keyboard accelerators (the underlined letter, "&" in a text) for menu items whose texts are
not written by translators: a game's name as its menu's title, its options, recent games and
languages. Each gets the first letter (preferring the start of a word) that no other item of
the same menu uses yet, so Alt and a letter always reaches one item."""

from __future__ import annotations

import re
from collections.abc import Iterable


def taken_by(texts: Iterable[str]) -> set[str]:
    """The accelerator letters the given texts already use (lower case)."""
    taken = set()
    for text in texts:
        found = re.search(r"&([^&\s])", text.replace("&&", ""))
        if found:
            taken.add(found.group(1).lower())
    return taken


def with_accelerator(text: str, taken: set[str]) -> str:
    """`text` with an accelerator on a letter not in `taken` (which then takes it); unchanged
    when it has one already or no free letter is left. A literal "&" is doubled."""
    if re.search(r"&[^&]", text.replace("&&", "")):
        taken |= taken_by([text])
        return text
    plain = text.replace("&", "&&")
    starts = [match.start() for match in re.finditer(r"(?<!\w)\w", plain)]
    others = [index for index, char in enumerate(plain) if char.isalnum() and index not in starts]
    for index in starts + others:
        letter = plain[index].lower()
        if plain[index].isalnum() and letter not in taken and plain[index - 1:index] != "&":
            taken.add(letter)
            return plain[:index] + "&" + plain[index:]
    return plain
