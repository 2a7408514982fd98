"""Rules of a game's own that the kit's solver model can be told of: a kit game that overrides
one of the kit's rule methods (`aisle.kit.solver_coverage.RULE_METHODS`) still gets the model
when it names, in `solver_rules`, a `ModelRule` for each such rule.

A `ModelRule` says which of the game's methods it stands for (`overrides`) and changes the
model's table, once, to play the same rule (`tune`). Its `signature` tells tables apart, as the
model shares one table between the games whose roles are alike. The cross-check
(`aisle.testing.solver_model`) holds the tuned model to the game's own methods.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from aisle.kit.build import KING
from aisle.kit.solver_table import CODES, DOWN, ModelTable, PileRole, Position


class ModelRule:
    """One rule of a game's own, as the model plays it (see the module's notes)."""

    #: The game's methods whose rule this is.
    overrides: ClassVar[tuple[str, ...]] = ()

    def signature(self) -> Hashable:
        return type(self).__name__, tuple(sorted(vars(self).items()))

    def tune(self, table: ModelTable) -> None:
        raise NotImplementedError


class RunsStopAtBase(ModelRule):
    """Agnes: a run picked up never reaches past a card of the foundations' base rank (the
    lowest rank: building down round the corner goes on below it, but no run crosses it). So
    no card lies *in sequence* on a base card, though a card may be built onto one."""

    overrides = ("pick_up_refusal", "legal_actions")

    def tune(self, table: ModelTable) -> None:
        base = [code for code in range(CODES) if not code & DOWN and code & 15 == table.first]
        for rules, _piles in table.groups:
            for upper in range(CODES):
                for lower in base:
                    rules.links[upper][lower] = False


class KingFillsFirst(ModelRule):
    """Easthaven: the stock does not deal while a pile is empty and a King at the foot of a
    pile's top run lies on other cards (it could fill the empty pile), unless more than `until`
    cards are in the stock and on the foundations together."""

    overrides = ("stock_refusal",)

    def __init__(self, until: int) -> None:
        self.until = until

    def tune(self, table: ModelTable) -> None:
        tableau = range(len(table.tableau))
        roles: list[PileRole] = table.role_of_pile
        first, until = table.first, self.until

        def waits(state: Position) -> bool:
            piles = state[2]
            if all(piles[index] for index in tableau):
                return False
            home = sum(((top & 15) - first) % 13 + 1 for top in state[1] if top)
            if len(state[3]) + home > until:
                return False
            for index in tableau:
                pile = piles[index]
                if not pile or pile[-1] & DOWN:
                    continue
                links, run = roles[index].links, 1
                while run < len(pile) and links[pile[-run]][pile[-run - 1]]:
                    run += 1
                if run < len(pile) and pile[-run] & 15 == KING:
                    return True
            return False

        table.deal_waits = waits


class WasteFillsSpaces(ModelRule):
    """Kansas: an empty pile takes no card from another pile, but any card from the waste (a
    reserve that refills the piles keeps them filled until it is empty)."""

    overrides = ("drop_refusal", "legal_actions")

    def tune(self, table: ModelTable) -> None:
        for rules, _piles in table.groups:
            if not rules.reserve:
                rules.waste_fills = True
