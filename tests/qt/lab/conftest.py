"""The window's lab tests: the app shell's fixtures (``tests/qt/shell/conftest.py``) and the lab
hub's PostgreSQL (``tests/lab/conftest.py``)."""

from tests.lab.conftest import hub_db, pg_cluster
from tests.qt.shell.conftest import (
    _collect_on_the_gui_thread,
    _collect_only_on_the_gui_thread,
    make_app,
)

__all__ = [
    "_collect_on_the_gui_thread",
    "_collect_only_on_the_gui_thread",
    "hub_db",
    "make_app",
    "pg_cluster",
]
