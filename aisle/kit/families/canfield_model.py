"""The solver's model of the Canfield family (`CanfieldFamily`): the kit's model (`KitModel`, with
its exact `children`, its hunch and its estimate) with the hunts in another order.

The depth-first hunt with the hunch wins Canfield slowly: the stock, dealt in threes and turned
without end, offers a card at every third place of the cycle, and an early step in the wrong
order keeps the hunt below it for thousands of positions. The best-first hunt by the estimate
wins most deals in a fraction of those (deals 8-29: median positions to a win 5,500 before,
about 2,000 with it first), so it gets most of the hunting time and comes right after a short
depth-first look. The exhaustive search keeps the rest, as before, to prove the losses.
"""

from __future__ import annotations

from aisle.kit.solver_model import KitModel


class CanfieldModel(KitModel):
    """A kit game of the Canfield family (see the module's notes)."""

    hunt_shares = (0.02, 0.6)
    proof_share = 0.02
