"""Tests of aisle/ui/solver/: the solver in the window."""
