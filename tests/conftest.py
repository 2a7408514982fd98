"""Shared test setup: Qt tests run offscreen unless the environment says otherwise."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
