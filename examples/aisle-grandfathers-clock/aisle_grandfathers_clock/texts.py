"""The plugin's own message makers, bound to its gettext domain "aisle_grandfathers_clock".

Every text of this game goes through these, so `pybabel extract -k T -k TN:1,2 -k TP:1c,2`
finds them and the catalogs in `aisle_grandfathers_clock/locale/` translate them. Aisle's own
`T` would look the messages up in Aisle's catalog, where a third-party game's texts never are.
"""

from __future__ import annotations

from pathlib import Path

from aisle.i18n import Messages

DOMAIN = "aisle_grandfathers_clock"
#: `<lang>/LC_MESSAGES/aisle_grandfathers_clock.po` for each language, and the template
#: aisle_grandfathers_clock.pot.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The help page grandfathers-clock.md and its translations in `<lang>/LC_MESSAGES/aisle-help.po`.
HELP_DIR = Path(__file__).resolve().parent / "help"

T, TN, TP = Messages(DOMAIN).makers()
