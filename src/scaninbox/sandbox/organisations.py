"""The sandbox's two organisations, their accounts and their configured portal connections.

``demo`` is a dental laboratory that receives from all six portals; ``other`` an orthodontic
practice with two connections. Each organisation sees only its own cases (403 for the other's).
The demo laboratory has a second person, ``qc@scaninbox.test`` (its QC desk), so two windows
signed in as two people of one lab show the lab hub's flow (decisions, claims, notes).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

__all__ = [
    "DEMO_ACCOUNT",
    "ORGANISATIONS",
    "OTHER_ACCOUNT",
    "QC_ACCOUNT",
    "Account",
    "ConfiguredConnection",
    "Organisation",
    "Person",
    "organisation_for_email",
    "person_for_email",
]

_NAMESPACE = uuid.UUID("0b7f6f0e-4c55-4a43-9a52-2f1d6e8c1a77")


@dataclass(frozen=True, slots=True)
class Account:
    email: str
    password: str


DEMO_ACCOUNT = Account("demo@scaninbox.test", "demo")
OTHER_ACCOUNT = Account("other@scaninbox.test", "demo")
QC_ACCOUNT = Account("qc@scaninbox.test", "demo")


@dataclass(frozen=True, slots=True)
class Person:
    """Someone who signs in to an organisation: its main account or a colleague."""

    account: Account
    name: str
    role: str


@dataclass(frozen=True, slots=True)
class ConfiguredConnection:
    id: int
    portal_id: int
    display_name: str
    username: str
    region: str
    last_fetch_minutes_ago: int | None  # None: never fetched yet
    guid: str


@dataclass(frozen=True, slots=True)
class Organisation:
    key: str  # "demo" or "other"
    account: Account
    user_name: str
    role: str
    guid: str
    numeric_id: int
    name: str
    shortname: str
    culture: str
    type: str  # Dental or Orthodontics
    parent_guid: str | None
    cluster: int
    connections: tuple[ConfiguredConnection, ...]
    colleagues: tuple[Person, ...] = ()

    @property
    def people(self) -> tuple[Person, ...]:
        return (Person(self.account, self.user_name, self.role), *self.colleagues)


def _guid(name: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, name))


def _connections(
    key: str, first_id: int, rows: tuple[tuple[int, str, str, str, int | None], ...]
) -> tuple[ConfiguredConnection, ...]:
    return tuple(
        ConfiguredConnection(first_id + i, portal, display, user, region, ago, _guid(f"{key}-{i}"))
        for i, (portal, display, user, region, ago) in enumerate(rows)
    )


ORGANISATIONS: dict[str, Organisation] = {
    "demo": Organisation(
        key="demo",
        account=DEMO_ACCOUNT,
        user_name="Dana Demo",
        role="LabManager",
        guid=_guid("org-demo"),
        numeric_id=101,
        name="Demo Dental Laboratory",
        shortname="DDL",
        culture="en-GB",
        type="Dental",
        parent_guid=None,
        cluster=1,
        connections=_connections(
            "demo",
            11,
            (
                (1, "3Shape – main lab account", "lab@demo-dental.example", "eu-central", 4),
                (2, "iTero lab inbox", "itero@demo-dental.example", "eu-west", 9),
                (3, "Medit Link", "medit.lab", "eu-central", 2),
                (4, "Dentsply Sirona Connect", "DDL-4711", "eu-central", 31),
                (5, "Carestream CS Connect", "ddl.carestream", "us-east", 58),
                (6, "Shining 3D Dental Cloud", "ddl-shining", "ap-southeast", None),
            ),
        ),
        colleagues=(Person(QC_ACCOUNT, "Quinn Checker", "QualityControl"),),
    ),
    "other": Organisation(
        key="other",
        account=OTHER_ACCOUNT,
        user_name="Ole Andersen",
        role="Orthodontist",
        guid=_guid("org-other"),
        numeric_id=202,
        name="Nordlicht Kieferorthopädie",
        shortname="NLK",
        culture="de-DE",
        type="Orthodontics",
        parent_guid=_guid("group-nordlicht"),
        cluster=2,
        connections=_connections(
            "other",
            21,
            (
                (2, "iTero Praxis", "praxis@nordlicht-kfo.example", "eu-central", 12),
                (1, "TRIOS Praxis Süd", "sued@nordlicht-kfo.example", "eu-central", 240),
            ),
        ),
    ),
}


def organisation_for_email(email: str) -> Organisation | None:
    found = person_for_email(email)
    return found[0] if found else None


def person_for_email(email: str) -> tuple[Organisation, Person] | None:
    wanted = email.strip().lower()
    for org in ORGANISATIONS.values():
        for person in org.people:
            if person.account.email == wanted:
                return org, person
    return None
