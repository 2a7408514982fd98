"""Tests of aisle/ui/menus/: menus, accelerators, key bindings."""
