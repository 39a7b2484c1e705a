"""Pytest fixtures that run the reference sandbox server on a free loopback port.

Placeholder until ``scaninbox.sandbox`` exists: the fixtures skip.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def sandbox() -> object:
    pytest.skip("the sandbox server is not written yet")


@pytest.fixture(scope="session")
def sandbox_variant() -> object:
    pytest.skip("the sandbox server is not written yet")
