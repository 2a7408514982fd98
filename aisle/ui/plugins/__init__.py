"""Plugins in the window: loading them away from the window's thread, and loading the ones allowed later."""
