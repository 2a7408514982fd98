"""Plugins: entry points, checks, wheels, loading and faults; games found by their ids.

No Qt here, and nothing of the window: the window loads plugins through `loading`, in a worker
thread. The engine never imports this package: it takes Variant classes, and `games` turns ids
into them.
"""
