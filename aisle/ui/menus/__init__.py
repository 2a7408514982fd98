"""The window's actions, their key bindings and the games' own menus."""
