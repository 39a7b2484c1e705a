"""The main window and what hangs off it: the app's start and controller, menus, keys, tray, status
bar, print actions, local files, the viewer's host, and the presenters that show the account's
sync and the selected case in the window's panes.
"""
