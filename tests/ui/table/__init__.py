"""Tests of aisle/ui/table/: the table: layout, play, mouse, keys, staging, accessibility."""
