"""Which hub and how: the URL's rules (password never in the file, TLS verified off this
computer) and the password from the keyring."""

from __future__ import annotations

from pathlib import Path

import keyring
import pytest

from scaninbox.credentials import remember_lab_password
from scaninbox.lab.config import hub_address
from scaninbox.lab.errors import LabSettingsError
from scaninbox.lab.settings_link import configured_hub
from scaninbox.paths import app_paths
from tests.keyrings import MemoryKeyring


def test_no_url_means_no_hub() -> None:
    assert hub_address(None, from_file=True) is None
    assert hub_address("  ", from_file=False) is None


def test_a_password_in_the_settings_file_is_refused() -> None:
    with pytest.raises(LabSettingsError, match="keyring"):
        hub_address("postgresql://lab:secret@127.0.0.1/hub", from_file=True)
    from_env = hub_address("postgresql://lab:secret@127.0.0.1/hub", from_file=False)
    assert from_env is not None
    assert from_env.password == "secret"
    assert "secret" not in from_env.label


def test_a_hub_elsewhere_is_reached_only_with_its_certificate_checked() -> None:
    address = hub_address("postgresql://lab@hub.lab.example/scaninbox", from_file=True)
    assert address is not None
    assert address.params["sslmode"] == "verify-full"
    assert address.params["sslrootcert"] == "system"
    with pytest.raises(LabSettingsError, match="verify-full"):
        hub_address("postgresql://lab@hub.lab.example/db?sslmode=require", from_file=True)
    local = hub_address("postgresql://lab@127.0.0.1:5433/db", from_file=True)
    assert local is not None
    assert "sslmode" not in local.params  # this computer: no TLS needed
    socket = hub_address("postgresql://lab@%2Fvar%2Frun%2Fpostgresql/db", from_file=True)
    assert socket is not None
    assert "sslmode" not in socket.params


def test_an_address_that_is_not_a_postgresql_url_is_refused() -> None:
    with pytest.raises(LabSettingsError, match="PostgreSQL URL"):
        hub_address("https://hub.example/db", from_file=True)
    with pytest.raises(LabSettingsError, match="no database"):
        hub_address("postgresql://lab@127.0.0.1", from_file=True)


def test_the_settings_file_names_the_hub_and_the_keyring_holds_its_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths = app_paths()
    Path(paths.settings_file).parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(
        '[lab]\nurl = "postgresql://smith_lab@127.0.0.1:5433/scaninbox"\n', encoding="utf-8"
    )
    backend = MemoryKeyring()
    monkeypatch.setattr(keyring, "get_keyring", lambda: backend)
    address = configured_hub(paths, {})
    assert address is not None
    assert address.password is None
    assert remember_lab_password(address.label, "pw")
    kept = configured_hub(paths, {})
    assert kept is not None
    assert kept.password == "pw"
    assert "pw" not in paths.settings_file.read_text(encoding="utf-8")
    env = configured_hub(paths, {"SCANINBOX_LAB_URL": "postgresql://other@127.0.0.1/x"})
    assert env is not None
    assert env.role == "other"  # the environment wins
