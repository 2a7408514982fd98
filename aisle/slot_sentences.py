"""Slot names, and sentences that name a slot, written out whole for each standard name.

A slot's name changes its form with the sentence around it: German says "auf die Ablage" but
"aus der Ablage", Russian "на сброс" but "из сброса", Italian "sullo Scarto" but "dallo Scarto".
So a sentence that names a slot is not made by putting a name into it: it is written out once
for each standard name ("Move {cards} onto the waste.", "Move {cards} onto tableau pile
{number}."), and translators write each one as their language needs.

A slot named some other way (a variant's own `slot_name`, such as FreeCell's "free cell 3")
gets the sentence's general form, the name put in as it is; a variant can give whole sentences
for its own names by overriding `Variant.slot_sentence` (see plugins/README.md, section 8).

No Qt here: the engine and the games use it.
"""

from __future__ import annotations

from collections.abc import Mapping

from aisle.engine.slots import Slot, SlotKind
from aisle.i18n import TP, T, Text

# -- the standard names ------------------------------------------------------------------------
# A slot whose id ends in "-<digits>" is named with that number; any other is "the <kind>".
THE_STOCK = T("the stock")
THE_WASTE = T("the waste")
THE_FOUNDATION = T("the foundation")
THE_TABLEAU_PILE = T("the tableau pile")
THE_RESERVE = T("the reserve")
STOCK_N = T("stock {number}")
WASTE_N = T("waste {number}")
FOUNDATION_N = T("foundation {number}")
TABLEAU_PILE_N = T("tableau pile {number}")
RESERVE_N = T("reserve {number}")

_UNNUMBERED: dict[SlotKind, Text] = {
    SlotKind.STOCK: THE_STOCK, SlotKind.WASTE: THE_WASTE, SlotKind.FOUNDATION: THE_FOUNDATION,
    SlotKind.TABLEAU: THE_TABLEAU_PILE, SlotKind.RESERVE: THE_RESERVE,
}
_NUMBERED: dict[SlotKind, Text] = {
    SlotKind.STOCK: STOCK_N, SlotKind.WASTE: WASTE_N, SlotKind.FOUNDATION: FOUNDATION_N,
    SlotKind.TABLEAU: TABLEAU_PILE_N, SlotKind.RESERVE: RESERVE_N,
}


def standard_slot_name(slot: Slot) -> Text:
    """"tableau pile 3" for "tableau-3"; "the waste" for "waste" (an id without a number)."""
    _base, dash, number = slot.id.rpartition("-")
    if dash and number.isdigit():
        return _filled(_NUMBERED[slot.kind], {"number": number})
    return _UNNUMBERED[slot.kind]


def _key(text: Text) -> tuple[str, str | None, str]:
    return (text.domain, text.context, text.msgid)


def _filled(template: Text, params: Mapping[str, object]) -> Text:
    return Text(template.msgid, plural=template.plural, n=template.n, context=template.context,
                domain=template.domain, params=dict(params))


class SlotSentence:
    """A sentence that names one slot.

    `general` has a placeholder, `slot_param`, for a name nobody wrote the sentence for;
    `forms` gives the whole sentence for each standard name it knows (same placeholders, the
    slot's `{number}` instead of its name)."""

    __slots__ = ("_forms", "general", "slot_param")

    def __init__(self, general: Text, slot_param: str, forms: Mapping[Text, Text]) -> None:
        self.general = general
        self.slot_param = slot_param
        self._forms = {_key(name): form for name, form in forms.items()}

    def about(self, name: Text, /, **params: object) -> Text:
        """The sentence about the slot called `name` (a `slot_name`), `params` filled in."""
        form = self._forms.get(_key(name))
        if form is None:
            return _filled(self.general, {**params, self.slot_param: name})
        return _filled(form, {**name.params, **params})


# -- the sentences Aisle itself says -----------------------------------------------------------
# TRANSLATORS: {cards} is a card such as "Q♥" (the lowest of the cards that move); {target} is
# a slot's name that a game made up itself, such as "free cell 3": the standard slots have a
# sentence of their own (context "move onto a slot").
MOVE_ONTO = SlotSentence(T("Move {cards} onto {target}."), "target", {
    THE_STOCK: TP("move onto a slot", "Move {cards} onto the stock."),
    THE_WASTE: TP("move onto a slot", "Move {cards} onto the waste."),
    THE_FOUNDATION: TP("move onto a slot", "Move {cards} onto the foundation."),
    THE_TABLEAU_PILE: TP("move onto a slot", "Move {cards} onto the tableau pile."),
    THE_RESERVE: TP("move onto a slot", "Move {cards} onto the reserve."),
    STOCK_N: TP("move onto a slot", "Move {cards} onto stock {number}."),
    WASTE_N: TP("move onto a slot", "Move {cards} onto waste {number}."),
    FOUNDATION_N: TP("move onto a slot", "Move {cards} onto foundation {number}."),
    TABLEAU_PILE_N: TP("move onto a slot", "Move {cards} onto tableau pile {number}."),
    RESERVE_N: TP("move onto a slot", "Move {cards} onto reserve {number}."),
})

# TRANSLATORS: {place} is a slot's name that a game made up itself, such as "free cell 3": the
# standard slots have a sentence of their own (context "double-click a slot").
DOUBLE_CLICK = SlotSentence(T("Double-click {place}."), "place", {
    THE_STOCK: TP("double-click a slot", "Double-click the stock."),
    THE_WASTE: TP("double-click a slot", "Double-click the waste."),
    THE_FOUNDATION: TP("double-click a slot", "Double-click the foundation."),
    THE_TABLEAU_PILE: TP("double-click a slot", "Double-click the tableau pile."),
    THE_RESERVE: TP("double-click a slot", "Double-click the reserve."),
    STOCK_N: TP("double-click a slot", "Double-click stock {number}."),
    WASTE_N: TP("double-click a slot", "Double-click waste {number}."),
    FOUNDATION_N: TP("double-click a slot", "Double-click foundation {number}."),
    TABLEAU_PILE_N: TP("double-click a slot", "Double-click tableau pile {number}."),
    RESERVE_N: TP("double-click a slot", "Double-click reserve {number}."),
})
