"""Hints and loss tests shared by a family of games (the order AisleRiot's games of that family
use), for kit games to name instead of writing their own."""
