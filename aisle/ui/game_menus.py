"""The menus whose items change: the Options menu of the current game, Recently Played and
Language. Each is refilled from scratch (cheap: a few items) whenever what it shows changes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from aisle.hooks import VariantInfo
from aisle.i18n import LANGUAGES, _, language, language_name
from aisle.variant import Option, Variant


def fill_options(menu: QMenu, variant: type[Variant] | None, chosen: Mapping[str, str],
                 choose: Callable[[str, str], None]) -> None:
    """Radio items for each option (one option: items directly; several: a submenu each)."""
    menu.clear()
    if variant is None:
        menu.setTitle(_("&Options"))
        menu.setEnabled(False)
        menu.menuAction().setVisible(False)
        return
    menu.setTitle(variant.name.translate())
    options: Sequence[Option] = variant.options
    menu.setEnabled(bool(options))
    # A game without options has nothing to offer here: an empty, greyed menu only puzzles.
    menu.menuAction().setVisible(bool(options))
    for option in options:
        holder = menu if len(options) == 1 else menu.addMenu(option.label.translate())
        if len(options) == 1:
            title = menu.addAction(option.label.translate())
            title.setEnabled(False)
        group = QActionGroup(holder)
        for choice in option.choices:
            action = QAction(choice.label.translate(), holder)
            action.setCheckable(True)
            action.setChecked(chosen.get(option.key, option.default) == choice.value)
            action.setObjectName(f"option_{option.key}_{choice.value}")
            group.addAction(action)
            holder.addAction(action)
            action.triggered.connect(
                lambda _checked=False, key=option.key, value=choice.value: choose(key, value))


def fill_recent(menu: QMenu, recent: Sequence[str], variants: Mapping[str, VariantInfo],
                play: Callable[[str], None]) -> None:
    menu.clear()
    known = [variant_id for variant_id in recent if variant_id in variants]
    for variant_id in known:
        action = menu.addAction(variants[variant_id].name.translate())
        action.setObjectName(f"recent_{variant_id}")
        action.triggered.connect(lambda _checked=False, game=variant_id: play(game))
    if not known:
        empty = menu.addAction(_("No games yet"))
        empty.setEnabled(False)


def fill_languages(menu: QMenu, group: QActionGroup, switch: Callable[[str], None]) -> None:
    """Each language in its own name, the current one checked."""
    menu.clear()
    for action in group.actions():
        group.removeAction(action)
    current = language()
    for code in LANGUAGES:
        action = QAction(language_name(code), menu)
        action.setCheckable(True)
        action.setChecked(code == current)
        action.setObjectName(f"language_{code}")
        group.addAction(action)
        menu.addAction(action)
        action.triggered.connect(lambda _checked=False, lang=code: switch(lang))
