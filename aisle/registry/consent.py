"""The player's answers about plugin wheels: which may run, and which never.

A plugin is a program that runs with the player's rights. A wheel installed with Help ▸ Plugins
▸ Install from File is allowed as it is installed (the player chose it and said yes); a wheel
that appeared in the plugins folder by itself is not loaded until the player allows it. The
answers are kept per SHA-256 of the file, so a changed file is asked about again, in
``<data folder>/plugin-permissions.json``:
``{"version": 1, "wheels": {"<sha256>": {"answer": "allow" | "never", "file": "<name>.whl"}}}``
("file" only helps a person reading it). No answer ("Not Now") means: ask at the next start.

A file that cannot be read is set aside and said (every wheel is then asked about again, never
silently allowed); unusable entries are left out and said, the others kept. No Qt here: the
registry reads the answers in its worker thread.
"""

from __future__ import annotations

import logging
import re
from enum import StrEnum
from pathlib import Path
from typing import Any

from aisle.i18n import Text
from aisle.storage import (
    VERSION,
    DataError,
    check_version,
    data_dir,
    keep_damaged,
    read_json,
    salvage_message,
    write_json_atomic,
)

log = logging.getLogger(__name__)

FILE = "plugin-permissions.json"
_DIGEST = re.compile(r"^[0-9a-f]{64}$")
_MAX_FILE_NAME = 255


class Answer(StrEnum):
    ALLOW = "allow"
    NEVER = "never"


class Permissions:
    """The answers read from the file, and what was wrong with it (messages for the player)."""

    def __init__(self, answers: dict[str, tuple[str, Answer]] | None = None,
                 problems: list[Text] | None = None) -> None:
        #: SHA-256 of a wheel: (its file name when answered, the answer).
        self.answers = {} if answers is None else answers
        self.problems = [] if problems is None else problems

    def answer(self, digest: str) -> Answer | None:
        found = self.answers.get(digest)
        return found[1] if found is not None else None

    @classmethod
    def load(cls, folder: Path | None = None) -> Permissions:
        path = _path(folder)
        result = read_json(path, _check)
        if result.data is None:
            return cls(problems=[result.problem] if result.problem is not None else [])
        answers, dropped = _answers_from(result.data)
        if not dropped:
            return cls(answers)
        # The original is kept for the player; what was usable is written, so it is kept too.
        moved = keep_damaged(path)
        if moved is not None:
            try:
                _write(path, answers)
            except (OSError, ValueError) as error:
                log.warning("cannot rewrite %s: %s", path, error)
        return cls(answers, [salvage_message(path, moved, dropped)])


def remember(answers: dict[str, tuple[str, Answer]], folder: Path | None = None) -> list[Text]:
    """Add answers (SHA-256: (file name, answer)) to the file; what was wrong with the file as
    it was read. Raises OSError (or ValueError) when it cannot be written."""
    path = _path(folder)
    known = Permissions.load(folder)
    merged = {**known.answers, **answers}
    _write(path, merged)
    return known.problems


def _path(folder: Path | None) -> Path:
    return (data_dir() if folder is None else folder) / FILE


def _write(path: Path, answers: dict[str, tuple[str, Answer]]) -> None:
    wheels = {digest: {"answer": answer.value, "file": file}
              for digest, (file, answer) in sorted(answers.items())}
    write_json_atomic(path, {"version": VERSION, "wheels": wheels})


def _check(data: Any) -> dict[str, Any]:
    """The "wheels" object of the file (the entries are checked one by one)."""
    wheels = check_version(data).get("wheels", {})
    if not isinstance(wheels, dict):
        raise DataError("wheels is not an object")
    return wheels


def _answers_from(wheels: dict[str, Any]) -> tuple[dict[str, tuple[str, Answer]], int]:
    """The usable answers, and how many entries were not."""
    answers: dict[str, tuple[str, Answer]] = {}
    dropped = 0
    for digest, entry in wheels.items():
        file = entry.get("file") if isinstance(entry, dict) else None
        answer = entry.get("answer") if isinstance(entry, dict) else None
        if (_DIGEST.match(digest) and isinstance(file, str) and len(file) <= _MAX_FILE_NAME
                and answer in tuple(Answer)):
            answers[digest] = (file, Answer(answer))
        else:
            dropped += 1
    return answers, dropped
