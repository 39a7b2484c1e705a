"""How long GUI tests wait for the display server and the window manager.

pytest-qt's ``waitExposed`` gives up after 5 s by default; with openbox framing windows on a
machine whose two cores are shared with other test runs, exposing a window has taken longer. A
generous limit costs nothing when things go well (the wait ends as soon as the window is exposed).
"""

EXPOSED_MS = 30_000
