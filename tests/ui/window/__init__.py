"""Tests of aisle/ui/window/: the main window, its status bar, language and theme, game switching."""
