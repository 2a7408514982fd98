"""The order game names are listed in: the language's own alphabetical order (Qt's collator, so
"Ärger" sits among the A words in German and Russian names come first in Russian), with numbers
in a name taken by their value, so "Golf 9" comes before "Golf 10"."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cmp_to_key
from typing import Any

from PySide6.QtCore import QCollator, QLocale, Qt

#: Splits a name into text and runs of digits: "Golf 10" -> ["Golf ", "10", ""].
_NUMBERS = re.compile(r"(\d+)")


def name_sort_key(language: str) -> Callable[[str], Any]:
    """A sort key for names in `language` (an Aisle language code such as "de")."""
    collator = QCollator(QLocale(language))
    collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def compare(first: str, second: str) -> int:
        parts, others = _NUMBERS.split(first), _NUMBERS.split(second)
        for index, (part, other) in enumerate(zip(parts, others, strict=False)):
            # Even places hold text, odd places numbers (the split keeps that rhythm).
            if index % 2:
                order = (int(part) > int(other)) - (int(part) < int(other))
            else:
                order = collator.compare(part, other)
            if order:
                return order
        if len(parts) != len(others):
            return -1 if len(parts) < len(others) else 1
        # Names alike but for case or leading zeros: a fixed order all the same.
        return collator.compare(first, second) or (first > second) - (first < second)

    return cmp_to_key(compare)
