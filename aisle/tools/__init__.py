"""Developer tools run with ``python -m aisle.tools.<name>`` (not used by the application)."""
