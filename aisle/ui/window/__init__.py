"""The main window, the one place where the rooms are put together, and what hangs on it directly."""
