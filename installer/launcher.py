"""Entry point of the frozen app (PyInstaller): the same as the ``scaninbox`` command."""

import sys

from scaninbox.cli.main import gui_main, main

if __name__ == "__main__":
    # The windowed executable opens the desktop app; the console one is the full command line.
    windowed = getattr(sys, "frozen", False) and sys.executable.lower().endswith(
        ("scaninbox-desktop", "scaninbox-desktop.exe", "scan inbox")
    )
    raise SystemExit(gui_main() if windowed else main())
