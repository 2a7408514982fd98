"""The plugin's own message makers, bound to its gettext domain "aisle_grandfathers_clock"
(no catalogs yet: its texts show in English)."""

from __future__ import annotations

from aisle.i18n import Messages

DOMAIN = "aisle_grandfathers_clock"

T, TN, TP = Messages(DOMAIN).makers()
