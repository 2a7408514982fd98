"""Game ▸ Random Game: which game to deal, chosen at random among the installed ones (Qt-free)."""

from __future__ import annotations

import random
from collections.abc import Iterable


def pick_game(games: Iterable[str], current: str | None, played: Iterable[str],
              unplayed_only: bool, chooser: random.Random | None = None) -> str | None:
    """A game id from `games`, never `current` while there is another one to choose; with
    `unplayed_only`, only a game not in `played`. None when there is nothing to choose."""
    candidates = sorted(set(games))
    if unplayed_only:
        seen = set(played)
        candidates = [game for game in candidates if game not in seen]
    others = [game for game in candidates if game != current]
    pool = others or candidates
    if not pool:
        return None
    return (chooser or random.SystemRandom()).choice(pool)
