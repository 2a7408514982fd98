"""Sentences that name a slot are written out whole for every standard slot name, so that each
language can decline the name; a variant's own names still work (general form), and a variant
can give whole sentences for them. No message anywhere puts a slot's name into a sentence."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aisle import slot_sentences as ss
from aisle.engine import Move, Slot, SlotKind, SlotSpec
from aisle.i18n import T, Text
from aisle.registry.games import new_game
from aisle.variant import Hint, Variant, default_slot_name

ROOT = Path(__file__).resolve().parents[1]
STANDARD = [ss.THE_STOCK, ss.THE_WASTE, ss.THE_FOUNDATION, ss.THE_TABLEAU_PILE, ss.THE_RESERVE,
            ss.STOCK_N, ss.WASTE_N, ss.FOUNDATION_N, ss.TABLEAU_PILE_N, ss.RESERVE_N]


def slot(slot_id: str, kind: SlotKind) -> Slot:
    return Slot(SlotSpec(slot_id, kind, 0, 0))


@pytest.mark.parametrize(("slot_id", "kind", "name"), [
    ("foundation", SlotKind.FOUNDATION, "the foundation"),
    ("reserve", SlotKind.RESERVE, "the reserve"),
    ("tableau", SlotKind.TABLEAU, "the tableau pile"),
    ("stock", SlotKind.STOCK, "the stock"),
    ("waste", SlotKind.WASTE, "the waste"),
    ("foundation-2", SlotKind.FOUNDATION, "foundation 2"),
    ("tableau-10", SlotKind.TABLEAU, "tableau pile 10"),
    ("reserve-7", SlotKind.RESERVE, "reserve 7"),
    ("waste-2", SlotKind.WASTE, "waste 2"),
])
def test_default_names(slot_id: str, kind: SlotKind, name: str) -> None:
    assert str(default_slot_name(slot(slot_id, kind))) == name


@pytest.mark.parametrize("sentence", [ss.MOVE_ONTO, ss.DOUBLE_CLICK])
@pytest.mark.parametrize("name", STANDARD, ids=lambda name: name.msgid)
def test_every_standard_name_has_its_whole_sentence(sentence: ss.SlotSentence, name: Text) -> None:
    named = Text(name.msgid, params={"number": "3"} if "{number}" in name.msgid else None)
    said = sentence.about(named, cards="Q♥")
    assert said.context is not None and said.msgid != sentence.general.msgid
    # The English sentence is the general one with the name put in: nothing lost, nothing new.
    expected = sentence.general.msgid.replace("{" + sentence.slot_param + "}", str(named))
    assert str(said) == expected.format(cards="Q♥")


def test_a_name_of_the_variants_own_gets_the_general_form() -> None:
    own = T("free cell {number}", number="3")
    said = ss.MOVE_ONTO.about(own, cards="5♥")
    assert said.msgid == "Move {cards} onto {target}." and str(said) == "Move 5♥ onto free cell 3."


class _Cells(Variant):
    """Names its reserves "free cell N", and writes one whole sentence about them."""

    id = "cells"
    name = T("Cells")

    def slot_name(self, slot: Slot) -> Text:
        if slot.kind == SlotKind.RESERVE:
            return T("free cell {number}", number=slot.id.rsplit("-", 1)[1])
        return super().slot_name(slot)


class _CellsWithSentence(_Cells):
    def slot_sentence(self, sentence: ss.SlotSentence, slot: Slot, **params: object) -> Text:
        if sentence is ss.MOVE_ONTO and slot.kind == SlotKind.RESERVE:
            return T("Move {cards} onto free cell {number}.", number=slot.id.rsplit("-", 1)[1],
                     **params)
        return super().slot_sentence(sentence, slot, **params)


def test_a_variant_overriding_slot_name_still_works_and_can_write_its_own_sentences() -> None:
    cell = slot("reserve-2", SlotKind.RESERVE)
    pile = slot("tableau-4", SlotKind.TABLEAU)
    assert str(_Cells().slot_sentence(ss.MOVE_ONTO, cell, cards="K♠")) == "Move K♠ onto free cell 2."
    own = _CellsWithSentence().slot_sentence(ss.MOVE_ONTO, cell, cards="K♠")
    assert own.msgid == "Move {cards} onto free cell {number}." and str(own) == "Move K♠ onto free cell 2."
    # Standard names keep their whole sentences in both.
    for variant in (_Cells(), _CellsWithSentence()):
        said = variant.slot_sentence(ss.MOVE_ONTO, pile, cards="K♠")
        assert said.msgid == "Move {cards} onto tableau pile {number}." and said.context


def test_the_default_hint_is_a_whole_sentence() -> None:
    game = new_game("klondike", 1)
    hints: list[Hint] = []
    for _step in range(60):  # the base class's hints, followed (deals included)
        hint = Variant.hint(game.variant, game.board)
        if hint is None or hint.action is None:
            break
        if isinstance(hint.action, Move):
            hints.append(hint)
        game.play(hint.action)
    assert hints
    for hint in hints:
        assert hint.text.context == "move onto a slot", hint.text.msgid
        assert "{target}" not in hint.text.msgid


def test_doublets_names_the_waste_and_a_reserve_in_whole_sentences() -> None:
    from aisle_doublets import texts

    game = new_game("doublets", 1)
    variant = game.variant
    for source, kind in (("waste", SlotKind.WASTE), ("reserve-5", SlotKind.RESERVE)):
        said = variant.slot_sentence(texts.PLAY_FROM, slot(source, kind), card="8♠", wanted="8")
        assert said.context == "Doublets hint" and "{source}" not in said.msgid
    assert str(variant.slot_sentence(texts.PLAY_FROM, slot("reserve-5", SlotKind.RESERVE),
                                     card="8♠", wanted="8")) == (
        "You are searching for rank 8: move 8♠ from reserve 5 onto the foundation.")


# -- no message puts a slot's name into a sentence ------------------------------------------------
#: Messages where slot names stand alone, as labels, not inside a sentence.
LABELS = {"move {cards}: {source} → {target}", "double-click: {slot}"}
MAKERS = {"T", "TN", "TP", "_", "ngettext", "pgettext"}


def _calls_slot_name(node: ast.AST) -> bool:
    return any(isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute)
               and inner.func.attr == "slot_name" for inner in ast.walk(node))


def _message(call: ast.Call) -> str | None:
    """The msgid of a message maker's call, or of the call `.format` is applied to."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "format" and isinstance(func.value, ast.Call):
        return _message(func.value)
    name = func.id if isinstance(func, ast.Name) else None
    if name in MAKERS:
        strings = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        return strings[-1] if name in ("TP", "pgettext") and len(strings) > 1 else (strings or [None])[0]
    return None


def test_no_message_puts_a_slot_name_into_a_sentence() -> None:
    found: list[str] = []
    for folder in ("aisle", "plugins", "examples"):
        for path in (ROOT / folder).rglob("*.py"):
            if "tests" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                msgid = _message(node)
                if msgid is None or msgid in LABELS:
                    continue
                if any(_calls_slot_name(keyword.value) for keyword in node.keywords):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {msgid}")
    assert not found


def test_the_check_above_can_fail() -> None:
    tree = ast.parse('T("Move {cards} onto {target}.", cards=c, target=self.slot_name(s))')
    call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call) and _message(node))
    assert any(_calls_slot_name(keyword.value) for keyword in call.keywords)
