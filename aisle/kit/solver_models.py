"""Which solver model plays a kit game (`KitVariant.solver_model`): the top of the kit's solver
knowledge, the one place that knows every model it has.

A game whose foundation takes cards by a rule of its own is played by the discard model
(`aisle.kit.solver_discard`); a game of the Spider family by Spider's own model
(`aisle.kit.solver_spider`) when its table is Spider's; an open builder, every card face up
in piles that give up one card at a time (Baker's Dozen), by the open builders' model
(`aisle.kit.solver_open`); any other game the model covers by the kit's model
(`aisle.kit.solver_model`), or by the model its family names (`solver_model_type`: Yukon's).
The models know the games only by what their roles and families say of them
(`aisle.kit.model_facts`), so nothing below this imports a game or a family.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.engine.board import Board
from aisle.kit.model_facts import WinRule
from aisle.kit.solver_coverage import family_type
from aisle.kit.solver_discard import DiscardModel, discard_model
from aisle.kit.solver_model import KitModel, kit_rules
from aisle.kit.solver_open import OpenModel
from aisle.kit.solver_spider import SpiderModel

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant


def model_of(variant: KitVariant, board: Board) -> KitModel | DiscardModel | None:
    """The model of `variant` at `board`, or None when no model covers the game."""
    if variant._discards.active:
        return discard_model(variant, board)
    rules = kit_rules(variant, board)
    if rules is None:
        return None
    model: type[KitModel] = KitModel
    start = rules.table.position(board, int(board.state.get("passes", 0)))
    # The Spider family names its win (`model_wins`); its own model fits only Spider's table.
    if getattr(family_type(variant), "model_wins", None) is WinRule.RUNS and SpiderModel.covers(
            rules.table):
        model = SpiderModel
    elif OpenModel.covers(rules, start):
        model = OpenModel
    # A family may name a model of its own (`solver_model_type`), used where it covers the table.
    own = getattr(family_type(variant), "solver_model_type", None)
    if own is not None and own.covers(rules.table):
        model = own
    return _own_hunts(model(rules, start), (type(variant), family_type(variant)))


def _own_hunts(model: KitModel, namers: tuple[type | None, ...]) -> KitModel:
    """The model with its own order of the hunts, from the first of `namers` (the game, then its
    family) that names one (`solver_hunt_shares` and `solver_proof_share`, see
    `SolverModel.hunt_shares`: Canfield's family, Aunt Mary)."""
    for namer in namers:
        shares = getattr(namer, "solver_hunt_shares", None)
        if shares is not None:
            model.hunt_shares = shares
            model.proof_share = getattr(namer, "solver_proof_share", model.proof_share)
            break
    return model

