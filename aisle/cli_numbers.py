"""Numbers on the command line, read strictly and safely: the digits 0-9 only (``int`` and
``float`` also take other scripts' digits, underscores, "nan" and "inf"), and never a number
``int`` would refuse with an untranslated message of its own (more than 4300 digits). The
callers word the errors: each knows what the number is for.
"""

from __future__ import annotations

import re

#: The most of a bad argument an error message repeats (a pasted wall of digits stays out).
_QUOTED_MOST = 40
_WHOLE = re.compile(r"\s*([0-9]+)\s*", re.ASCII)
_DECIMAL = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*", re.ASCII)


def quoted(text: str) -> str:
    """An argument as an error message repeats it: cut short when it is long."""
    return text if len(text) <= _QUOTED_MOST else text[:_QUOTED_MOST - 1] + "…"


def whole_number(text: str, most: int) -> int | None:
    """`text` as a whole number from 0 to `most`, else None. Only the digits 0-9, so what the
    player sees is what is used (``int`` also takes other scripts' digits, and refuses more than
    4300 digits with a message of its own, which is why the length is checked first)."""
    match = _WHOLE.fullmatch(text)
    if match is None:
        return None
    digits = match[1].lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return None
    value = int(digits)
    return value if value <= most else None


def positive_number(text: str, most: float) -> float | None:
    """`text` as a number more than 0 and at most `most` (digits 0-9 and a point), else None:
    no signs, exponents, "nan" or "inf", which ``float`` would take."""
    match = _DECIMAL.fullmatch(text)
    if match is None:
        return None
    value = float(match[1])
    return value if 0 < value <= most else None
