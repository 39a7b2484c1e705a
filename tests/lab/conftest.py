"""A real PostgreSQL for the lab tests: one cluster per session, a fresh database per test.

Each test gets a database whose owner role (``labowner``) ran ``scaninbox lab init``'s
migrations and two workstation roles of two organisations: ``lab_demo`` (the sandbox's demo
laboratory) and ``lab_other``. Workstation roles are not superusers, so row-level security
applies to them as it would in a lab.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass

import psycopg
import pytest

from scaninbox.sandbox.organisations import ORGANISATIONS
from tests.lab.postgres import Cluster, find_server_binaries

# The sandbox's two organisations, so the command line's signed-in accounts match the roles.
ORG_DEMO = ORGANISATIONS["demo"].guid
ORG_OTHER = ORGANISATIONS["other"].guid
PASSWORD = "ws-secret"
_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    bin_dir = find_server_binaries()
    if bin_dir is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(
                "PostgreSQL's server (initdb, pg_ctl) is not installed; CI must have it "
                "(scripts/setup --dev installs Debian's postgresql)."
            )
        pytest.skip("PostgreSQL's server is not installed (Debian: apt install postgresql)")
    cluster = Cluster(bin_dir)
    cluster.create()
    try:
        with psycopg.connect(cluster.admin_conninfo(), autocommit=True) as conn:
            for role in ("labowner", "lab_demo", "lab_other", "lab_nobody"):
                conn.execute(f"CREATE ROLE {role} LOGIN PASSWORD '{PASSWORD}'")
        yield cluster
    finally:
        cluster.destroy()


@dataclass(frozen=True)
class HubDb:
    cluster: Cluster
    dbname: str

    def url(self, role: str = "lab_demo") -> str:
        return self.cluster.url(role, PASSWORD, self.dbname)

    def admin(self) -> psycopg.Connection:
        return psycopg.connect(self.cluster.admin_conninfo(self.dbname), autocommit=True)


@pytest.fixture
def hub_db(pg_cluster: Cluster) -> Iterator[HubDb]:
    """A fresh database with the hub's schema and both organisations' roles admitted."""
    from scaninbox.lab.migrations import admit_role, migrate

    name = f"hub{next(_numbers)}"
    with psycopg.connect(pg_cluster.admin_conninfo(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} OWNER labowner")
    with psycopg.connect(pg_cluster.url("labowner", PASSWORD, name), autocommit=True) as owner:
        migrate(owner)
        admit_role(owner, "lab_demo", ORG_DEMO)
        admit_role(owner, "lab_other", ORG_OTHER)
    yield HubDb(pg_cluster, name)
    with psycopg.connect(pg_cluster.admin_conninfo(), autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
