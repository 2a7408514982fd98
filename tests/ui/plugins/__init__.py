"""Tests of aisle/ui/plugins/: loading plugins in the window, broken ones."""
