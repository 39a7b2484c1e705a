"""The logfail plugin: an unexpected error record fails the test; a declared one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
TESTS = """
import logging
import threading

import pytest

log = logging.getLogger("scaninbox.somewhere")


def test_quiet():
    log.warning("a warning is not an error")


def test_logs_an_error():
    log.error("the store could not be written")


def test_logs_an_exception():
    try:
        raise KeyError("x")
    except KeyError:
        log.exception("unexpected")


def test_logs_from_a_thread():
    worker = threading.Thread(target=lambda: log.error("from a worker"))
    worker.start()
    worker.join()


@pytest.fixture
def noisy_teardown():
    yield
    log.error("closing failed")


def test_logs_in_teardown(noisy_teardown):
    pass


@pytest.mark.expect_logged_errors
def test_expects_any():
    log.error("provoked on purpose")


@pytest.mark.expect_logged_errors(match="provoked")
def test_expects_one_but_gets_another():
    log.error("provoked on purpose")
    log.error("something else broke")
"""


def test_unexpected_errors_fail_and_declared_ones_pass(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(REPO_ROOT))
    pytester.makepyfile(test_sample=TESTS)
    result = pytester.runpytest_subprocess(
        "-p", "tests.plugins.logfail", "-p", "no:cacheprovider", "-p", "no:xvfb"
    )
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed") == 3  # quiet, expects_any, and the teardown test's call
    assert outcomes.get("failed") == 4  # error, exception, thread, the unexpected second record
    assert outcomes.get("errors") == 1  # the teardown record
    result.stdout.fnmatch_lines(["*unexpected error logged during the test*"])
    result.stdout.fnmatch_lines(["*ERROR scaninbox.somewhere: something else broke*"])
    result.stdout.fnmatch_lines(["*during teardown*", "*closing failed*"])
    failed = {line.split("::")[-1].split()[0] for line in result.outlines if "FAILED" in line}
    assert failed == {
        "test_logs_an_error",
        "test_logs_an_exception",
        "test_logs_from_a_thread",
        "test_expects_one_but_gets_another",
    }
