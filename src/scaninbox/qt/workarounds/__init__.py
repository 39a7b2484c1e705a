"""Workarounds of Qt's and PySide's internals, each with the version it is for, how to see it is
still needed and when to delete it (the non-Qt ones are in ``scaninbox.workarounds``).
"""
