"""The solver in the window: its service and worker, the verdict, winnable deals and "show me how"."""
