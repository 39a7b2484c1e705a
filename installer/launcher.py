"""Entry point of the frozen app (PyInstaller): the same as the ``scaninbox`` command."""

import sys

from scaninbox.cli.main import gui_main, main

if __name__ == "__main__":
    # The windowed executable opens the desktop app; the console one is the full command line.
    # On Linux scaninbox-desktop is a symbolic link to scaninbox (build.spec: one copy of the
    # executable and its embedded archive, not two), so the name it was started under decides.
    names = (sys.executable, sys.argv[0] if sys.argv else "")
    windowed = getattr(sys, "frozen", False) and any(
        name.lower().endswith(("scaninbox-desktop", "scaninbox-desktop.exe", "scan inbox"))
        for name in names
    )
    raise SystemExit(gui_main() if windowed else main())
