"""Pytest fixtures that run the reference sandbox server on free loopback ports.

- ``sandbox`` (session): the guid shape with the default data set. Shared by every test of the
  run: read from it, never change it (use ``make_sandbox`` for that).
- ``sandbox_variant`` (session): the numeric-id variant shape, default data set.
- ``make_sandbox`` (function): ``make_sandbox(**SandboxConfig overrides) -> SandboxServer``, a
  fresh server per call, stopped when the test ends; for tests that change data, inject faults,
  expire credentials or stop the server.

All of them share one cache folder for generated files (meshes, PDFs, images), so each file is
generated once per test run. ``scaninbox.sandbox.DEMO_ACCOUNT`` / ``OTHER_ACCOUNT`` (``.email``,
``.password``) sign in to the demo organisation and to the other one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from scaninbox.sandbox import SandboxServer

__all__ = [
    "make_sandbox",
    "sandbox",
    "sandbox_cache_dir",
    "sandbox_variant",
]


@pytest.fixture(scope="session")
def sandbox_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Generated sandbox files of this test run (shared by every sandbox fixture)."""
    return tmp_path_factory.mktemp("sandbox-cache")


def _start(cache_dir: Path, **overrides: Any) -> SandboxServer:
    from scaninbox.sandbox import SandboxConfig, SandboxServer

    options: dict[str, Any] = {"cache_dir": cache_dir, **overrides}
    return SandboxServer(SandboxConfig(**options)).start()


@pytest.fixture(scope="session")
def sandbox(sandbox_cache_dir: Path) -> Iterator[SandboxServer]:
    """The guid-shape sandbox with the default data set; tests must not change it."""
    server = _start(sandbox_cache_dir)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def sandbox_variant(sandbox_cache_dir: Path) -> Iterator[SandboxServer]:
    """The variant-shape sandbox (numeric ids) with the default data set; read-only too."""
    server = _start(sandbox_cache_dir, variant=True)
    yield server
    server.stop()


@pytest.fixture
def make_sandbox(sandbox_cache_dir: Path) -> Iterator[Callable[..., SandboxServer]]:
    """A factory of private sandboxes, stopped at the end of the test."""
    started: list[SandboxServer] = []

    def make(**overrides: Any) -> SandboxServer:
        # A test that changes served files gives the sandbox a folder of its own.
        server = _start(overrides.pop("cache_dir", sandbox_cache_dir), **overrides)
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()
