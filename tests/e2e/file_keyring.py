"""A keyring backend for tests only: entries in the JSON file named by SCANINBOX_TEST_KEYRING.

Lets a subprocess test prove that ``login`` remembers a session and later commands reuse it,
without touching the real system keyring.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class JsonFileKeyring(KeyringBackend):
    priority = 1.0

    @property
    def _path(self) -> Path:
        return Path(os.environ["SCANINBOX_TEST_KEYRING"])

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self._path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        return dict(data)

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}\n{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        data = self._load()
        data[f"{service}\n{username}"] = password
        self._path.write_text(json.dumps(data), encoding="utf-8")

    def delete_password(self, service: str, username: str) -> None:
        data = self._load()
        if data.pop(f"{service}\n{username}", None) is None:
            raise PasswordDeleteError("no such entry")
        self._path.write_text(json.dumps(data), encoding="utf-8")
