"""The menus whose items change: the Options menu of the current game, Recently Played and
Language. Each is refilled from scratch (cheap: a few items) when it is opened after what it
shows changed: never on the first frame's path."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from aisle.i18n import LANGUAGES, _, language, language_name
from aisle.registry.collect import VariantInfo
from aisle.ui.menus.accelerators import taken_by, with_accelerator
from aisle.variant import Option, Variant


def title_options(menu: QMenu, variant: type[Variant] | None) -> None:
    """The Options menu's title on the menu bar: the game's name; hidden when the game has no
    options. Its items come when it is opened (`fill_options`), off the first frame's path."""
    menu.clear()
    if variant is None:
        menu.setTitle(_("&Options"))
        menu.setEnabled(False)
        menu.menuAction().setVisible(False)
        return
    menu.setTitle(with_accelerator(variant.name.translate(), _bar_letters(menu)))
    # A game without options has nothing to offer here: an empty, greyed menu only puzzles.
    menu.setEnabled(bool(variant.options))
    menu.menuAction().setVisible(bool(variant.options))


def fill_options(menu: QMenu, variant: type[Variant] | None, chosen: Mapping[str, str],
                 choose: Callable[[str, str], None]) -> None:
    """Radio items for each option (one option: items directly; several: a submenu each)."""
    menu.clear()
    if variant is None:
        return
    options: Sequence[Option] = variant.options
    letters: set[str] = set()
    for option in options:
        holder = menu if len(options) == 1 else menu.addMenu(
            with_accelerator(option.label.translate(), letters))
        if len(options) == 1:
            title = menu.addAction(option.label.translate())
            title.setEnabled(False)
        group = QActionGroup(holder)
        choice_letters = letters if holder is menu else set()
        for choice in option.choices:
            action = QAction(with_accelerator(choice.label.translate(), choice_letters), holder)
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
    letters: set[str] = set()
    for variant_id in known:
        action = menu.addAction(with_accelerator(variants[variant_id].name.translate(), letters))
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
    letters: set[str] = set()
    for code in LANGUAGES:
        action = QAction(with_accelerator(language_name(code), letters), menu)
        action.setCheckable(True)
        action.setChecked(code == current)
        action.setObjectName(f"language_{code}")
        group.addAction(action)
        menu.addAction(action)
        action.triggered.connect(lambda _checked=False, lang=code: switch(lang))


def _bar_letters(menu: QMenu) -> set[str]:
    """The accelerators of the other menus on the menu bar `menu` sits on."""
    own = menu.menuAction()
    bar = next((widget for widget in own.associatedObjects() if widget is not menu
                and hasattr(widget, "actions")), None)
    others = [action.text() for action in bar.actions() if action is not own] if bar else []
    return taken_by(others)
