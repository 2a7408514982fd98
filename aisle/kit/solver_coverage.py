"""Which kit games the solver's model plays (`unknown_rules`), and by which of the kit's rules
their cards go up by themselves and they are won.

The model plays the rules the kit gives a game: its roles' parameters, and the kit's own
`KitVariant` methods for picking up, dropping, listing the moves, the stock, the foundations'
first rank and winning (`RULE_METHODS`). A game that overrides one of those has rules the model
cannot see, so it gets no model (the solver then searches the board through the game's own
methods), unless the class says `solver_knows_rules = True`: its overrides change no rule (a
refusal worded otherwise, say). Two rules may also come from the game's family, the kit's
knowledge of a kind of game (`aisle.kit.families`), and the model knows those: cards sent up
after every move (`autoplay`) by AisleRiot's FreeCell rule in a game of the FreeCell family, or
every card that fits (`aisle.kit.every_up.every_card_up`, Eight Off), and
the win of the Scorpion and Spider families (`aisle.kit.solver_won`). A game may also name, in
`solver_rules`, rules of its own the model is told of (`aisle.kit.solver_rules`). A game's own `is_lost` is
not asked: the model takes it to call a position lost only when no win can be reached from it
(a win the engine refused would be caught, as every solution is replayed through `Game.play`).
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, get_type_hints

from aisle.kit.build import Suits
from aisle.kit.every_up import every_card_up
from aisle.kit.model_facts import Autoplay
from aisle.kit.roles import Foundations, FreeCells, Reserve, Stock, Tableau, Waste
from aisle.kit.solver_won import win_rule

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant

#: The methods that make a kit game's rules.
RULE_METHODS = ("pick_up_refusal", "drop_refusal", "legal_actions", "after_move", "click_stock",
                "stock_refusal", "is_won", "first_rank", "initial_state")
#: The roles the model knows.
KNOWN_ROLES = (FreeCells, Foundations, Tableau, Reserve, Stock, Waste)


def unknown_rules(variant: KitVariant) -> str | None:
    """Why the model cannot play this game (None: it can; see the module's notes)."""
    family = family_type(variant)
    told = {name for rule in getattr(type(variant), "solver_rules", ()) for name in rule.overrides}
    if not getattr(type(variant), "solver_knows_rules", False):
        for name in RULE_METHODS:
            if name in told:
                continue
            if variant.has_own_rule(name) and not (
                    name == "is_won" and win_rule(variant, family) is not None):
                return f"it has its own {name}"
    kit = variant.kit
    if variant.goal is not None:
        return "it is won short of every card (its model is aisle.kit.solver_discard's)"
    for role in kit.roles:
        if type(role) not in KNOWN_ROLES:
            return f"the model does not know the role {type(role).__name__}"
        if isinstance(role, Foundations) and role.accepts is not None:
            return "its foundations take cards by a rule of its own (see aisle.kit.solver_discard)"
        if isinstance(role, Foundations) and role.give_back and role.build.suits is not Suits.SAME:
            return "its foundations give back cards of any suit"
    if len(kit.stocks) > 1 or len(kit.wastes) > 1 or (kit.wastes and not kit.stocks):
        return "the model knows one stock and its waste"
    if variant.autoplay and autoplay_rule(variant, family) is None:
        return "its cards go up by a rule of its own"
    return None


def autoplay_rule(variant: KitVariant, family: type | None) -> Autoplay | None:
    """Which rule sends the game's cards up after every move (None: one the model does not
    know); `family` is the class of the game's family (`family_type`), which may name its rule
    (`model_autoplay`, see `aisle.kit.model_facts`)."""
    if not variant.autoplay:
        return Autoplay.NONE
    if not variant.has_own_rule("safe_up_move"):
        return Autoplay.KIT
    if type(variant).safe_up_move is every_card_up:
        return Autoplay.EVERY
    named = getattr(family, "model_autoplay", None)
    return named if isinstance(named, Autoplay) else None


def family_type(variant: KitVariant) -> type | None:
    """The class of the game's `family`, if it has one, read from its declaration when it is a
    property not asked for yet (a family can take a while to make)."""
    made = vars(variant).get("family")
    if made is not None:
        return type(made)
    declared = inspect.getattr_static(type(variant), "family", None)
    getter = getattr(declared, "func", None) or getattr(declared, "fget", None)
    if getter is None:
        return None
    try:
        made_type = get_type_hints(getter).get("return")
    except NameError:  # declared with a name only a type checker sees: not one of the kit's
        return None
    return made_type if isinstance(made_type, type) else None
