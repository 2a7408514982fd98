"""Tests of aisle/ui/qt/: Qt helpers: the first frame."""
