"""When a kit game is won, on the solver model's positions.

The kit's own rule (`KitVariant.is_won`): every card on a foundation. Two families of the kit
win otherwise, and the model knows their rules too: games of the Scorpion family win with every
pile empty or holding one whole suit in sequence (`ScorpionFamily.is_won`), games of the Spider
family with the stock dealt and every run either sent up or, when none went up, built in the
piles (`SpiderFamily.is_won`). A game whose `is_won` is not the kit's is taken to play its
family's rule, which the family names (`model_wins`, see `aisle.kit.model_facts`); any other
game with a rule of its own gets no model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.kit.model_facts import WinRule
from aisle.kit.solver_table import DOWN, ModelTable, Position

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant

#: The cards of a whole run, King to Ace.
WHOLE = 13


def win_rule(variant: KitVariant, family: type | None) -> WinRule | None:
    """The rule the game wins by (None: one the model does not know); `family` is the class of
    the game's `family`, if it has one (it names its rule in `model_wins`)."""
    if not variant.has_own_rule("is_won"):
        return WinRule.HOME
    wins = getattr(family, "model_wins", None)
    return wins if isinstance(wins, WinRule) else None


class Won:
    """The win test of one table."""

    def __init__(self, table: ModelTable, rule: WinRule) -> None:
        self.rule = rule
        tableau = [rules for rules, _ in table.groups if not rules.reserve]
        #: Whether a card lies in sequence on another, under the piles' run rule.
        self.links = tableau[0].links if tableau else [[False] * 0x80 for _ in range(0x80)]
        #: The links a won Spider has: every card but the Kings on the one above it in rank.
        self.all_links = len(table.foundations) * (WHOLE - 1)

    def won(self, state: Position) -> bool:
        cells, found, piles, stock, waste, _ = state
        if self.rule is WinRule.HOME:
            return not (any(piles) or any(cells) or stock or waste)
        links = self.links
        if self.rule is WinRule.SUITS_IN_PILES:
            return all(not pile or (len(pile) == WHOLE and _linked(pile, links) == WHOLE - 1)
                       for pile in piles)
        if stock:
            return False
        if any(found):
            return not any(piles)
        if any(pile and (pile[-1] & DOWN or pile[-1] & 15 != 1) for pile in piles):
            return False
        return sum(_linked(pile, links) for pile in piles) == self.all_links


def _linked(pile: bytes, links: list[list[bool]]) -> int:
    """How many face-up cards of the pile lie in sequence on a face-up card."""
    return sum(1 for index in range(1, len(pile)) if links[pile[index]][pile[index - 1]])
