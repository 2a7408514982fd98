"""The Qt front end. The only package that imports PySide6."""
