"""logfail: a test fails when the code logs an error it did not expect (after qutebrowser).

The program has broad ``except`` clauses that log and carry on — right for a user, but a test
would pass while the log says something broke. So every test phase (setup, call, teardown)
records what reaches the root logger at ERROR or above (``logger.exception`` included), and a
record fails the test unless the test declares it:

    @pytest.mark.expect_logged_errors            # any error record is expected here
    @pytest.mark.expect_logged_errors(match=r"keyring set_password failed")

With ``match``, only records whose message matches the pattern are allowed; the rest still
fail the test. Records from other threads count too (the handler is process-wide).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Generator

import pytest

__all__ = ["LogFailHandler"]

_MARKER = "expect_logged_errors"
_KEY = pytest.StashKey["LogFailHandler"]()


class LogFailHandler(logging.Handler):
    """Collects ERROR-and-above records while installed on the root logger."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self._lock_records = threading.Lock()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        with self._lock_records:
            self.records.append(record)

    def take(self) -> list[logging.LogRecord]:
        with self._lock_records:
            taken, self.records = self.records, []
        return taken


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{_MARKER}(match=None): the test provokes error log records on purpose "
        "(only those matching the pattern, when given)",
    )


def _check(item: pytest.Item, handler: LogFailHandler, phase: str) -> None:
    records = handler.take()
    if not records:
        return
    marker = item.get_closest_marker(_MARKER)
    if marker is not None:
        pattern = marker.kwargs.get("match") or (marker.args[0] if marker.args else None)
        if pattern is None:
            return
        records = [r for r in records if not re.search(pattern, r.getMessage())]
        if not records:
            return
    lines = "\n".join(
        f"  {r.levelname} {r.name}: {r.getMessage()}"
        + (f" ({r.exc_info[0].__name__})" if r.exc_info and r.exc_info[0] else "")
        for r in records
    )
    pytest.fail(
        f"unexpected error logged during {phase} (mark the test with "
        f"@pytest.mark.{_MARKER} if it provokes this on purpose):\n{lines}",
        pytrace=False,
    )


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    handler = LogFailHandler()
    item.stash[_KEY] = handler
    logging.getLogger().addHandler(handler)
    result = yield
    _check(item, handler, "setup")
    return result


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    result = yield
    handler = item.stash.get(_KEY, None)
    if handler is not None:
        _check(item, handler, "the test")
    return result


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    handler = item.stash.get(_KEY, None)
    try:
        result = yield
    finally:
        if handler is not None:
            logging.getLogger().removeHandler(handler)
    if handler is not None:
        _check(item, handler, "teardown")
    return result
