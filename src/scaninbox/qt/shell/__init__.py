"""The main window and what hangs off it: the app's start, menus, keys, tray, status bar, print
actions, local files.
"""
