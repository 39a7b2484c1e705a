"""Opening an account the same way from both front-ends, against the sandbox over loopback."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import keyring
import pytest
from keyring.backend import KeyringBackend
from tests.keyrings import MemoryKeyring

from scaninbox import credentials, services
from scaninbox.api import ApiClient, Session, make_http_client
from scaninbox.paths import app_paths
from scaninbox.services import Target
from scaninbox.store import Account, CaseStore, account_folder, last_account


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    backend = MemoryKeyring()
    previous: KeyringBackend = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


def _session(hours: float = 8) -> Session:
    return Session(token="tok-123", expires_at=datetime.now(UTC) + timedelta(hours=hours))


@pytest.mark.anyio
async def test_the_account_is_filed_under_the_email_the_service_returns(sandbox: Any) -> None:
    from scaninbox.sandbox import DEMO_ACCOUNT

    target = Target(services.CUSTOM, base_url=sandbox.base_url)
    typed = f"  {DEMO_ACCOUNT.email.upper()} "  # the service accepts another spelling
    async with make_http_client() as http:
        client = ApiClient(http, sandbox.base_url)
        signed_in = await services.sign_in(
            client, target, typed, DEMO_ACCOUNT.password, keep_credentials=False
        )
    assert signed_in.account.email == DEMO_ACCOUNT.email
    assert signed_in.typed_email == typed
    paths = app_paths()
    services.file_account(paths, signed_in)
    last = last_account(paths, environment=services.CUSTOM, base_url=sandbox.base_url)
    assert last == signed_in.account


def test_data_filed_under_the_typed_email_moves_to_the_service_email(
    memory_keyring: MemoryKeyring,
) -> None:
    paths = app_paths()
    url = "https://inbox.example"
    typed = Account("production", url, "ana.login@lab.example")
    me = Account("production", url, "ana@lab.example")
    with CaseStore.open(account_folder(paths, typed)):
        pass
    credentials.remember_session(url, typed.email, "tok-old", _session().expires_at)

    assert services.adopt_typed_email_data(paths, me, typed.email)

    assert not account_folder(paths, typed).exists()
    with CaseStore.open(account_folder(paths, me)) as store:
        assert store.count() == 0  # the moved database opens
    assert credentials.remembered_session(url, typed.email) is None
    moved = credentials.remembered_session(url, me.email)
    assert moved is not None
    assert moved[0] == "tok-old"


def test_existing_data_of_the_service_email_is_never_overwritten() -> None:
    paths = app_paths()
    url = "https://inbox.example"
    typed = Account("production", url, "ana.login@lab.example")
    me = Account("production", url, "ana@lab.example")
    for account in (typed, me):
        with CaseStore.open(account_folder(paths, account)):
            pass
    assert not services.adopt_typed_email_data(paths, me, typed.email)
    assert account_folder(paths, typed).is_dir()
    # The same address in another case is the same folder: nothing to move.
    assert not services.adopt_typed_email_data(paths, me, " ANA@lab.example ")


def test_the_keyring_policy(memory_keyring: MemoryKeyring) -> None:
    url = "https://inbox.example"
    account = Account("production", url, "ana@lab.example")
    demo = Account(services.DEMO, "http://127.0.0.1:4000", "demo@scaninbox.test")
    assert services.keep_session(account, _session(), remember=True)
    assert credentials.remembered_session(url, account.email) is not None
    # Not ticking "remember" forgets the session an earlier sign-in kept.
    assert not services.keep_session(account, _session(), remember=False)
    assert credentials.remembered_session(url, account.email) is None
    # The demo is never remembered: its sandbox signs with a new key every start.
    assert not services.keep_session(demo, _session(), remember=True)
    assert memory_keyring.entries == {}
    assert services.remembered_session_of(demo) is None


def test_resuming_finds_the_last_account_or_the_configured_one(
    memory_keyring: MemoryKeyring,
) -> None:
    paths = app_paths()
    url = "https://inbox.example"
    target = Target("production", base_url=url)
    ana = target.account("ana@lab.example")
    assert services.remembered_session(paths, target) is None
    services.file_account(paths, services.SignedInAccount(ana, _session(), "ANA@lab.example"))
    services.keep_session(ana, _session(), remember=True)

    found = services.remembered_session(paths, target)
    assert found is not None
    assert (found.account, found.token) == (ana, "tok-123")
    # The configured e-mail in another spelling is the same account.
    spelled = services.remembered_session(paths, target, " Ana@LAB.example")
    assert spelled is not None
    assert spelled.account == ana
    # Another person's configured e-mail never resumes Ana's session.
    assert services.remembered_session(paths, target, "bob@lab.example") is None
    assert services.forget_remembered_session(ana)
    assert services.remembered_session(paths, target) is None
    assert json.loads((paths.config_dir / "accounts.json").read_text())["production"]["email"] == (
        ana.email
    )
