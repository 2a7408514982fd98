"""Built-in game plugin (being written)."""
