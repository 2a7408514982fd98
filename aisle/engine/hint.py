"""A hint: the advice a game gives the player (defined here, so the engine checks a game's hint
without importing the variant API that game implements; `aisle.variant` offers it to games)."""

from __future__ import annotations

from aisle.engine.actions import Action
from aisle.engine.records import frozen
from aisle.i18n import Text


@frozen
class Hint:
    """Advice for the player: a text, and the action it suggests when there is one."""

    text: Text
    action: Action | None

    def __init__(self, text: Text, action: Action | None = None) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "action", action)
