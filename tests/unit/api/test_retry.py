"""Backoff arithmetic, Retry-After parsing and the error tree's plain messages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scaninbox.api import RetryPolicy, errors
from scaninbox.api.wire import ProblemDetails

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("5", 5.0),
        (" 120 ", 120.0),
        (format_datetime(NOW + timedelta(seconds=90), usegmt=True), 90.0),
        (format_datetime(NOW - timedelta(seconds=90), usegmt=True), 0.0),
        ("", None),
        (None, None),
        ("-3", None),
        ("soon", None),
        ("1.5", None),
    ],
)
def test_parse_retry_after(header: str | None, seconds: float | None) -> None:
    from scaninbox.api.retry import parse_retry_after

    assert parse_retry_after(header, now=NOW) == seconds


@given(st.integers(min_value=1, max_value=40), st.floats(min_value=0, max_value=1))
def test_backoff_is_full_jitter_under_the_cap(retry_number: int, jitter: float) -> None:
    policy = RetryPolicy(base_delay_s=0.5, max_delay_s=8, jitter=lambda: jitter)
    delay = policy.delay_s(retry_number)
    ceiling = min(8.0, 0.5 * 2 ** (retry_number - 1))
    assert 0 <= delay <= ceiling
    assert delay == pytest.approx(ceiling * jitter)


def test_retry_after_wins_over_backoff_and_is_capped() -> None:
    policy = RetryPolicy(max_retry_after_s=30, jitter=lambda: 0.0)
    assert policy.delay_s(1, retry_after_s=12) == 12
    assert policy.delay_s(1, retry_after_s=300) == 30


def test_at_least_one_attempt() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        RetryPolicy(attempts=0)


@pytest.mark.parametrize(
    ("status", "cls"),
    [
        (400, errors.BadRequestError),
        (401, errors.AuthenticationError),
        (403, errors.ForbiddenError),
        (404, errors.NotFoundError),
        (429, errors.RateLimitedError),
        (500, errors.ServerError),
        (503, errors.ServerError),
        (409, errors.ServiceError),
    ],
)
def test_statuses_map_to_classes(status: int, cls: type[errors.ServiceError]) -> None:
    error = errors.error_for_status(status, None)
    assert type(error) is cls
    assert isinstance(error, errors.ApiError)
    assert error.status == status


def test_the_tree_separates_the_environment_from_bugs() -> None:
    assert issubclass(errors.SessionExpiredError, errors.AuthenticationError)
    assert issubclass(errors.TlsError, errors.TransportError)
    for cls in (errors.TransportError, errors.ProtocolError, errors.DownloadError):
        assert issubclass(cls, errors.ApiError)
        assert not issubclass(cls, errors.ServiceError)


@pytest.mark.parametrize(
    ("title", "detail", "expected"),
    [
        ("Not Found", "No case with guid abc.", "— Not Found: No case with guid abc."),
        ("Forbidden", None, "— Forbidden."),
        (None, "Case belongs to another organisation", "— Case belongs to another organisation."),
        ("Not found", "Not found: file x.stl", "— Not found: file x.stl."),
        (None, None, "(HTTP 404)."),
    ],
)
def test_messages_use_problem_details(title, detail, expected) -> None:
    problem = ProblemDetails(title=title, detail=detail, status=404)
    message = str(errors.error_for_status(404, problem))
    assert message.endswith(expected)
    assert message.startswith("The inbox service does not know this case or file")


def test_server_text_becomes_one_bounded_line() -> None:
    problem = ProblemDetails(title="Bad\nRequest", detail="line one\r\nline two " + "x" * 1000)
    message = str(errors.error_for_status(400, problem))
    assert "\n" not in message
    assert "\r" not in message
    assert len(message) < 400
