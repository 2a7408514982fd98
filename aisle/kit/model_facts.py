"""What a family of the kit tells the solver's model about its rules: which cards go up by
themselves and when a game is won (the values of `Autoplay` and `WinRule`).

A family names its own rules here (`model_autoplay`, `model_wins` on its class), so the model
reads them off the family and never has to know the families: the kit's solver knowledge
stacks above the games and their families, never beside them.
"""

from __future__ import annotations

from enum import Enum


class Autoplay(Enum):
    """Which cards a game sends up by itself after every move (`KitVariant.autoplay`)."""

    #: None: the game has no autoplay.
    NONE = "none"
    #: The kit's safe rule (`aisle.kit.safe.SafeUp`, the kit's own `safe_up_move`).
    KIT = "kit"
    #: AisleRiot's FreeCell rule (`aisle.kit.families.free_cells.FreeCellFamily.next_autoplay`).
    FREECELL = "freecell"
    #: Every card that fits goes up (AisleRiot's Eight Off, `aisle.kit.every_up.every_card_up`).
    EVERY = "every"


class WinRule(Enum):
    #: Every card on a foundation.
    HOME = "home"
    #: Every pile empty or one whole run (Scorpion).
    SUITS_IN_PILES = "suits in piles"
    #: The stock dealt, and every run sent up or (none up) built in the piles (Spider).
    RUNS = "runs"
