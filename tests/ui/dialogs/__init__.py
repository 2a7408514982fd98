"""Tests of aisle/ui/dialogs/: every dialog."""
