"""Runtime hook of the frozen app: matplotlib keeps its font list in a lasting per-user folder.

PyInstaller's own hook for matplotlib (``pyi_rth_mplconfig``, which build.spec leaves out) points
``MPLCONFIGDIR`` at a new temporary folder on every start, for one-file builds whose unpacked
paths change per run. This app is a one-folder build with fixed paths, and pyvista's import
reaches ``matplotlib.font_manager``, which with an empty folder lists and reads every system font
again before the 3D view can draw — on every launch of the frozen app, while the virtualenv reuses
``~/.cache/matplotlib`` (the figures are in benchmarks/README.md, "frozen app no slower than the
venv").

Here the folder is ``ScanInbox/matplotlib`` in the user's cache folder (``~/.cache`` on Linux,
platformdirs' elsewhere): the app's own, so another matplotlib of the same version on the machine
never shares a list that lacks the fonts this build leaves out. It is the user's cache, not
``SCANINBOX_HOME``'s: a list of the machine's fonts belongs to the machine's user, as the
virtualenv's ``~/.cache/matplotlib`` does. An ``MPLCONFIGDIR`` set by the user is kept.
matplotlib creates the folder, and falls back to a temporary one (with a warning) when it cannot.
"""

from __future__ import annotations

import contextlib
import os


def matplotlib_folder() -> str:
    """``<the user's cache folder>/ScanInbox/matplotlib``, whatever ``SCANINBOX_HOME`` says."""
    from scaninbox.paths import HOME_ENV, app_paths

    without_home = {name: value for name, value in os.environ.items() if name != HOME_ENV}
    return str(app_paths(without_home).cache_dir / "matplotlib")


def install() -> None:
    """Set ``MPLCONFIGDIR`` unless the user did (the frozen app's copy of this file calls it)."""
    if not os.environ.get("MPLCONFIGDIR"):
        # No home folder at all: matplotlib's own fallback (a temporary folder) applies.
        with contextlib.suppress(RuntimeError):
            os.environ["MPLCONFIGDIR"] = matplotlib_folder()
