"""scaninbox.credentials against real keyring backends: an in-memory one, a failing one, none."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import keyring
import pytest
from keyring.backends import fail
from keyring.errors import KeyringLocked
from tests.keyrings import MemoryKeyring

from scaninbox.credentials import (
    KEYRING_SERVICE,
    forget_session,
    keyring_status,
    remember_session,
    remembered_session,
)

URL = "https://inbox.example.com"
TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"


class LockedKeyring(MemoryKeyring):
    """A keyring that is there but refuses every call, echoing what it was given."""

    calls = 0

    def get_password(self, service: str, username: str) -> str | None:
        self.calls += 1
        raise KeyringLocked(f"locked while reading {username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        self.calls += 1
        raise KeyringLocked(f"locked, could not store {password}")


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    backend = MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def locked_keyring() -> Iterator[LockedKeyring]:
    backend = LockedKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


def _in(hours: float) -> datetime:
    return datetime.now(UTC) + timedelta(hours=hours)


def test_a_remembered_session_comes_back(memory_keyring: MemoryKeyring) -> None:
    expires_at = _in(8)
    assert keyring_status() == (True, "")
    assert remember_session(URL, "Demo@ScanInbox.test", TOKEN, expires_at)
    token_and_expiry = remembered_session(URL + "/", "demo@scaninbox.test")
    assert token_and_expiry == (TOKEN, expires_at)
    (service, user), _value = next(iter(memory_keyring.entries.items()))
    assert service == KEYRING_SERVICE
    assert user == f"{URL}|demo@scaninbox.test"
    assert TOKEN not in user


def test_sessions_are_kept_per_service_and_account(memory_keyring: MemoryKeyring) -> None:
    remember_session(URL, "a@example.com", "token-a", _in(8))
    remember_session("https://staging.example.com", "a@example.com", "token-s", _in(8))
    remember_session(URL, "b@example.com", "token-b", _in(8))
    assert remembered_session(URL, "a@example.com") is not None
    found = {
        remembered_session(URL, "a@example.com"),
        remembered_session("https://staging.example.com", "a@example.com"),
        remembered_session(URL, "b@example.com"),
    }
    assert {t[0] for t in found if t is not None} == {"token-a", "token-s", "token-b"}
    assert remembered_session(URL, "c@example.com") is None


def test_expiry_is_kept_in_utc_whatever_zone_was_given(memory_keyring: MemoryKeyring) -> None:
    in_tokyo = _in(8).astimezone(timezone(timedelta(hours=9)))
    remember_session(URL, "a@example.com", TOKEN, in_tokyo)
    found = remembered_session(URL, "a@example.com")
    assert found is not None
    assert found[1] == in_tokyo
    assert found[1].utcoffset() == timedelta(0)


def test_an_expired_or_nearly_expired_session_is_not_offered(
    memory_keyring: MemoryKeyring,
) -> None:
    remember_session(URL, "old@example.com", TOKEN, _in(-1))
    remember_session(URL, "soon@example.com", TOKEN, datetime.now(UTC) + timedelta(seconds=30))
    assert remembered_session(URL, "old@example.com") is None
    assert remembered_session(URL, "soon@example.com") is None


@pytest.mark.parametrize(
    "stored",
    [
        "not json",
        '{"token": "x"}',
        '{"token": "x", "expiresAt": "yesterday"}',
        '{"token": 5, "expiresAt": "2999-01-01T00:00:00+00:00"}',
        '{"token": "x", "expiresAt": "2999-01-01T00:00:00"}',
        "[1, 2]",
    ],
)
def test_an_unreadable_entry_counts_as_absent(memory_keyring: MemoryKeyring, stored: str) -> None:
    memory_keyring.entries[(KEYRING_SERVICE, f"{URL}|a@example.com")] = stored
    assert remembered_session(URL, "a@example.com") is None


def test_forgetting_removes_only_that_session(memory_keyring: MemoryKeyring) -> None:
    remember_session(URL, "a@example.com", "token-a", _in(8))
    remember_session(URL, "b@example.com", "token-b", _in(8))
    assert forget_session(URL, "A@example.com")
    assert remembered_session(URL, "a@example.com") is None
    assert remembered_session(URL, "b@example.com") is not None
    assert not forget_session(URL, "a@example.com")  # nothing left to forget
    assert keyring_status() == (True, "")  # a missing entry is not a keyring failure


def test_a_time_without_zone_is_refused(memory_keyring: MemoryKeyring) -> None:
    with pytest.raises(ValueError, match="time zone"):
        remember_session(URL, "a@example.com", TOKEN, datetime(2999, 1, 1))
    assert memory_keyring.entries == {}


def test_without_a_keyring_nothing_is_remembered() -> None:
    assert isinstance(keyring.get_keyring(), fail.Keyring)  # the conftest's default
    usable, reason = keyring_status()
    assert not usable
    assert reason.startswith("No system keyring")
    assert not remember_session(URL, "a@example.com", TOKEN, _in(8))
    assert remembered_session(URL, "a@example.com") is None
    assert not forget_session(URL, "a@example.com")


def test_a_failing_keyring_counts_as_none_and_never_logs_the_token(
    locked_keyring: LockedKeyring, caplog: pytest.LogCaptureFixture
) -> None:
    assert keyring_status() == (True, "")
    with caplog.at_level(logging.DEBUG, logger="scaninbox.credentials"):
        assert not remember_session(URL, "a@example.com", TOKEN, _in(8))
    usable, reason = keyring_status()
    assert not usable
    assert "KeyringLocked" in reason
    assert "KeyringLocked" in caplog.text
    assert TOKEN not in caplog.text
    # Once it has failed, it is not asked again (no repeated unlock prompts).
    calls = locked_keyring.calls
    assert remembered_session(URL, "a@example.com") is None
    assert locked_keyring.calls == calls


def test_a_keyring_that_fails_on_reading_counts_as_none(locked_keyring: LockedKeyring) -> None:
    assert remembered_session(URL, "a@example.com") is None
    assert not keyring_status()[0]
    assert locked_keyring.calls == 1


def test_the_account_index_remembers_who_signed_in_where_without_secrets() -> None:
    from scaninbox.paths import app_paths
    from scaninbox.store.accounts import Account, known_accounts, last_account, remember_account

    paths = app_paths()
    assert last_account(paths, environment="custom", base_url=URL) is None
    remember_account(paths, Account("custom", URL + "/", "ana@lab.example"))
    remember_account(paths, Account("staging", "https://staging.example.com", "bob@lab.example"))
    remember_account(paths, Account("custom", URL, "cleo@lab.example"))  # later, same service
    found = last_account(paths, environment="custom", base_url=URL + "/")
    assert found is not None
    assert found.email == "cleo@lab.example"
    staging = last_account(paths, environment="staging", base_url="https://elsewhere.example")
    assert staging is not None
    assert staging.email == "bob@lab.example"
    assert last_account(paths, environment="custom", base_url="https://other.example") is None
    assert known_accounts(paths) == []  # signed in, but no local data yet
    assert "token" not in (paths.config_dir / "accounts.json").read_text(encoding="utf-8")
