"""The window's keyboard shortcuts as the player has set them: defaults, changes and conflicts.

Changes live in `Settings.shortcuts`, {action name: [keys in Qt's portable text]}: an action
not named there has its default keys (the platform's standard ones where Qt has them), an
empty list means no key at all. A key is refused when another action has it, or when the table
uses it for keyboard play (a window shortcut would take it from the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from aisle.i18n import T, Text

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QKeySequence

    from aisle.storage import Settings
    from aisle.ui.menus.actions import WindowActions

#: Keys the table reads itself (aisle.ui.table.keyboard), alone or with Ctrl or Shift.
TABLE_KEYS = ("Left", "Right", "Up", "Down", "PgUp", "PgDown", "Home", "End", "Space", "Return",
              "Enter", "Esc")
#: Actions that are not commands of their own (the toolbar's stand-in for leaving fullscreen).
_NOT_LISTED = frozenset({""})
# QKeySequence is imported where it is used: its first use from Python is slow, and nothing
# here is needed for the first frame (the keys are set after it).


def portable(key: QKeySequence) -> str:
    """A key in Qt's portable text, as the settings keep it."""
    return key.toString(key.SequenceFormat.PortableText)


def from_portable(text: str) -> QKeySequence:
    from PySide6.QtGui import QKeySequence

    return QKeySequence(text, QKeySequence.SequenceFormat.PortableText)


def action_label(action: QAction) -> str:
    """An action's menu text without its mnemonic and trailing ellipsis; in a submenu, after
    the submenu's title ("Theme ▸ Dark": "Dark" alone says nothing in a list of actions)."""
    from PySide6.QtWidgets import QMenu, QMenuBar

    text = _plain(action.text())
    menus = [owner for owner in action.associatedObjects() if isinstance(owner, QMenu)]
    if menus and not any(isinstance(holder, QMenuBar) for menu in menus
                         for holder in menu.menuAction().associatedObjects()):
        return f"{_plain(menus[0].title())} ▸ {text}"
    return text


def _plain(text: str) -> str:
    """A menu text without its mnemonic and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…")


def key_text(key: QKeySequence) -> str:
    """A key as the player's platform and language write it (Ctrl+Z, Strg+Z, ⌘Z), with the
    Enter key named as everywhere else in Aisle."""
    from aisle.ui.qt.key_names import key_text as named

    return named(key)


def is_table_key(key: QKeySequence) -> bool:
    """Whether the table plays with `key` (a shortcut would take it away from the table)."""
    return portable(key) in _table_combinations()


def _table_combinations() -> set[str]:
    prefixes = [f"{ctrl}{shift}{num}" for ctrl in ("", "Ctrl+") for shift in ("", "Shift+")
                for num in ("", "Num+")]
    return {portable(from_portable(prefix + name)) for name in TABLE_KEYS for prefix in prefixes}


class KeyBindings(QObject):
    """The configurable actions of a window and their keys; `changed` follows every change."""

    changed = Signal()

    def __init__(self, acts: WindowActions, settings: Settings) -> None:
        super().__init__(acts)
        self.acts = acts
        self.settings = settings

    def actions(self) -> list[QAction]:
        """Every command of the window (in the order they were made), with a name."""
        return [action for action in self.acts.window.actions()
                if action.objectName() not in _NOT_LISTED and not action.isSeparator()]

    def action(self, name: str) -> QAction | None:
        return next((a for a in self.actions() if a.objectName() == name), None)

    def defaults(self, action: QAction) -> list[QKeySequence]:
        return list(self.acts.default_keys.get(action.objectName(), []))

    def is_default(self, action: QAction) -> bool:
        return action.objectName() not in self.settings.shortcuts

    def apply(self) -> list[Text]:
        """Give every action its keys: the player's changes first, then the defaults.

        A key two actions would share goes to the one the player changed (a default of a newer
        Aisle never takes a key the player gave elsewhere); a saved key that this Qt cannot
        read is left out. A key the settings give to two actions (a file edited by hand) stays
        with the first of them in the menus' order; the other's saved keys lose it, and the
        returned messages say so (the player is told once: the settings then agree)."""
        self.acts.load_shortcuts()
        owners: dict[str, QAction] = {}
        told: list[Text] = []
        changed = [a for a in self.actions() if not self.is_default(a)]
        for action in changed + [a for a in self.actions() if self.is_default(a)]:
            saved = self.settings.shortcuts.get(action.objectName())
            keys = self.defaults(action) if saved is None else [
                from_portable(text) for text in saved]
            kept = [key for key in _unique(keys) if not key.isEmpty() and portable(key) not in owners]
            if saved is not None:
                clashes = [(key, owners[portable(key)]) for key in _unique(keys)
                           if portable(key) in owners and not self.is_default(owners[portable(key)])]
                for key, owner in clashes:
                    told.append(T("Your settings give {key} to both “{kept}” and “{lost}”. "
                                  "“{kept}” keeps it; {where} can change that.",
                                  key=key_text(key), kept=action_label(owner),
                                  lost=action_label(action), where=self._editor_place()))
                if clashes and not kept:
                    # Left with no key at all: its own keys again, where no other action has them.
                    self.settings.shortcuts.pop(action.objectName(), None)
                    kept = [key for key in self.defaults(action) if portable(key) not in owners]
                elif clashes:
                    self.settings.shortcuts[action.objectName()] = [portable(key) for key in kept]
            owners.update((portable(key), action) for key in kept)
            action.setShortcuts(kept)
        self.changed.emit()
        return told

    def _editor_place(self) -> str:
        """Where the shortcuts are changed, as the menus say it ("View ▸ Configure Shortcuts")."""
        return f"{_plain(self.acts.view_menu.title())} ▸ {action_label(self.acts.configure_shortcuts)}"

    def _owner(self, key: QKeySequence, asking: QAction) -> QAction | None:
        for action in self.actions():
            if action is not asking and key in action.shortcuts():
                return action
        return None

    def refusal(self, action: QAction, key: QKeySequence) -> Text | None:
        """Why `action` cannot have `key` (None: it can)."""
        shown = key_text(key)
        if is_table_key(key):
            return T("{key} moves or plays cards on the table and cannot be a shortcut. "
                     "Please choose another key.", key=shown)
        owner = self._owner(key, action)
        if owner is not None:
            return T("{key} is already the shortcut of “{action}”. Give that action another "
                     "key first, or choose another key here.", key=shown,
                     action=action_label(owner))
        return None

    def set_keys(self, action: QAction, keys: list[QKeySequence]) -> Text | None:
        """Give `action` these keys (empty ones dropped), or say why not and change nothing."""
        wanted = _unique([key for key in keys if not key.isEmpty()])
        for key in wanted:
            refused = self.refusal(action, key)
            if refused is not None:
                return refused
        action.setShortcuts(wanted)
        name = action.objectName()
        if wanted == self.defaults(action):
            self.settings.shortcuts.pop(name, None)
        else:
            self.settings.shortcuts[name] = [portable(key) for key in wanted]
        self.changed.emit()
        return None

    def reset(self, action: QAction) -> Text | None:
        """Back to the default keys, unless another action has taken one of them since."""
        return self.set_keys(action, self.defaults(action))

    def reset_all(self) -> None:
        self.settings.shortcuts.clear()
        for action in self.actions():
            action.setShortcuts(self.defaults(action))
        self.changed.emit()


def _unique(keys: list[QKeySequence]) -> list[QKeySequence]:
    kept: list[QKeySequence] = []
    for key in keys:
        if key not in kept:
            kept.append(key)
    return kept
