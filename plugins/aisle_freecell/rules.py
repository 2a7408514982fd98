"""FreeCell's two counting rules, as the kit has them (tests name them here)."""

from aisle.kit.families.free_cells import safe_rank
from aisle.kit.moves import capacity

__all__ = ["capacity", "safe_rank"]
